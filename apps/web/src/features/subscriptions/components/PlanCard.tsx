import { formatCurrency, type SubscriptionInterval, type SubscriptionPlan } from '@stod/domain';
import { Check, Coffee } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@stod/ui/Button.tsx';
import { cn } from '@stod/ui/cn.ts';
import {
  coveredFamilies,
  familyLabel,
  planPrice,
  pricePerIntervalKey,
  yearlySaving,
  type TierAction,
} from '../tiers.ts';

interface Props {
  plan: SubscriptionPlan;
  interval: SubscriptionInterval;
  action: TierAction;
  busy: boolean;
  onSubscribe: (plan: SubscriptionPlan) => void;
  onUpgrade: (plan: SubscriptionPlan) => void;
}

/** One tier: what it covers, its price for the chosen interval and what the user can do. */
export function PlanCard({ plan, interval, action, busy, onSubscribe, onUpgrade }: Props) {
  const { t } = useTranslation();
  const titleId = `plan-${String(plan.id)}-title`;
  const saving = interval === 'yearly' ? yearlySaving(plan) : 0;
  const current = action === 'current';

  return (
    <li
      aria-labelledby={titleId}
      data-testid="plan-card"
      data-plan-id={plan.id}
      className={cn(
        'flex flex-col gap-4 rounded-2xl bg-white p-5 ring-slate-200',
        current ? 'ring-2 ring-brand' : 'ring-1',
      )}
    >
      <div className="flex items-start gap-3">
        <span
          aria-hidden="true"
          className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-soft text-brand-strong"
        >
          <Coffee size={20} />
        </span>
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3 id={titleId} className="text-lg font-semibold text-slate-900">
              {plan.name}
            </h3>
            {current && (
              <span
                className="inline-flex items-center gap-1 rounded-full bg-brand-soft px-2.5 py-0.5 text-xs font-semibold text-brand-strong"
                data-testid="plan-current"
              >
                <Check size={14} aria-hidden="true" />
                {t('subscriptions.current')}
              </span>
            )}
          </div>
          <p className="text-sm text-slate-600">{plan.description}</p>
        </div>
      </div>

      <div className="flex flex-col gap-2">
        <h4 className="text-sm font-medium text-slate-600">{t('subscriptions.covers')}</h4>
        <ul aria-label={t('subscriptions.covers')} className="flex flex-wrap gap-1.5">
          {coveredFamilies(plan.productIds).map((family) => (
            <li
              key={family}
              className="rounded-full bg-slate-100 px-2.5 py-1 text-xs font-medium text-slate-700"
            >
              {familyLabel(family, t)}
            </li>
          ))}
        </ul>
      </div>

      <div className="flex flex-col">
        <p className="text-xl font-semibold text-slate-900 tabular-nums" data-testid="plan-price">
          {t(pricePerIntervalKey(interval), { price: formatCurrency(planPrice(plan, interval)) })}
        </p>
        {saving > 0 && (
          <p className="text-sm font-medium text-emerald-800">
            {t('subscriptions.yearlySaving', { amount: formatCurrency(saving) })}
          </p>
        )}
      </div>

      {action === 'subscribe' && (
        <Button disabled={busy} onClick={() => onSubscribe(plan)}>
          {t('subscriptions.subscribe')}
        </Button>
      )}
      {action === 'upgrade' && (
        <Button variant="secondary" disabled={busy} onClick={() => onUpgrade(plan)}>
          {t('subscriptions.upgrade')}
        </Button>
      )}
    </li>
  );
}
