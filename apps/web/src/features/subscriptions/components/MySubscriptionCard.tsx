import {
  formatCurrency,
  formatDate,
  subscriptionState,
  type SubscriptionPlan,
  type SubscriptionState,
} from '@stod/domain';
import { CircleAlert, CircleCheck, Clock, Coffee, ScanLine, XCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { openScanner } from '../../../lib/qr-scanner.tsx';
import { Button } from '@stod/ui/Button.tsx';
import { cn } from '@stod/ui/cn.ts';
import {
  canCancel,
  intervalKey,
  planPrice,
  pricePerIntervalKey,
  STATE_KEYS,
  type UserSubscriptionView,
} from '../tiers.ts';

const STATE_STYLES: Record<SubscriptionState, { className: string; icon: ReactNode }> = {
  active: {
    className: 'bg-emerald-100 text-emerald-900',
    icon: <CircleCheck size={14} aria-hidden="true" />,
  },
  cancelled: {
    className: 'bg-amber-100 text-amber-900',
    icon: <XCircle size={14} aria-hidden="true" />,
  },
  expiresSoon: {
    className: 'bg-amber-100 text-amber-900',
    icon: <Clock size={14} aria-hidden="true" />,
  },
  expired: {
    className: 'bg-red-100 text-red-800',
    icon: <CircleAlert size={14} aria-hidden="true" />,
  },
};

interface Props {
  sub: UserSubscriptionView;
  plan: SubscriptionPlan | undefined;
  now: Date;
  busy: boolean;
  onCancel: (sub: UserSubscriptionView) => void;
}

/** The user's subscription: its state, dates and price, and cancelling it. */
export function MySubscriptionCard({ sub, plan, now, busy, onCancel }: Props) {
  const { t } = useTranslation();
  const state = subscriptionState(sub, now);
  const style = STATE_STYLES[state];
  const validTo = formatDate(sub.validTo);
  const navigate = useNavigate();

  return (
    <article
      data-testid="my-subscription"
      data-state={state}
      aria-labelledby={`my-subscription-${sub.id}`}
      className="flex flex-col gap-4 rounded-2xl bg-white p-5 ring-1 ring-slate-200"
    >
      <div className="flex items-start gap-3">
        <span
          aria-hidden="true"
          className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand text-white"
        >
          <Coffee size={20} />
        </span>
        <div className="flex min-w-0 flex-1 flex-col gap-1.5">
          <h3 id={`my-subscription-${sub.id}`} className="text-lg font-semibold text-slate-900">
            {sub.subscription.name}
          </h3>
          <span
            data-testid="subscription-state"
            className={cn(
              'inline-flex w-fit items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold',
              style.className,
            )}
          >
            {style.icon}
            {t(STATE_KEYS[state])}
          </span>
        </div>
      </div>

      {state === 'cancelled' && (
        <p className="text-base font-medium text-slate-900" data-testid="usable-until">
          {t('subscriptions.usableUntil', { date: validTo })}
        </p>
      )}

      <dl className="-mt-1 divide-y divide-slate-100 text-base">
        <Row label={t('subscriptions.interval')}>{t(intervalKey(sub.interval))}</Row>
        {plan && (
          <Row label={t('subscriptions.price')}>
            <span className="tabular-nums">
              {t(pricePerIntervalKey(sub.interval), {
                price: formatCurrency(planPrice(plan, sub.interval)),
              })}
            </span>
          </Row>
        )}
        <Row label={t('subscriptions.validTo')} testId="valid-to">
          {validTo}
        </Row>
        {sub.nextPaymentAt && (
          <Row label={t('subscriptions.nextPayment')} testId="next-payment">
            {formatDate(sub.nextPaymentAt)}
          </Row>
        )}
        {sub.cancelledAt && (
          <Row label={t('subscriptions.cancelledAt')} testId="cancelled-at">
            {formatDate(sub.cancelledAt)}
          </Row>
        )}
      </dl>

      {sub.subscription.type === 'BEVERAGE' && state !== 'expired' && (
        <Button data-testid="subscription-scan" onClick={() => void openScanner(navigate)}>
          <ScanLine size={20} aria-hidden="true" />
          {t('subscriptions.scan')}
        </Button>
      )}
      {canCancel(state) && (
        <Button variant="secondary" disabled={busy} onClick={() => onCancel(sub)}>
          {t('subscriptions.cancel')}
        </Button>
      )}
    </article>
  );
}

function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="flex items-baseline justify-between gap-4 py-2.5">
      <dt className="text-slate-600">{label}</dt>
      <dd
        className="min-w-0 truncate text-right font-medium text-slate-900 tabular-nums"
        data-testid={testId}
      >
        {children}
      </dd>
    </div>
  );
}
