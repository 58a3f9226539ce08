import { formatCurrency, formatDateTime, type InstallationCharge } from '@stod/domain';
import { Zap } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../i18n/index.ts';
import { formatKwhOfWh } from '../format.ts';
import { Badge } from './Badge.tsx';

/**
 * One charge at the installation: when, who (in the owner's list), the energy, what it cost and
 * what the owner earned from it.
 */
export function ChargeRow({ charge, owner }: { charge: InstallationCharge; owner: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const when = charge.startedAt ?? charge.createdAt;
  const state =
    charge.state === 'cancelled' || charge.state === 'failed'
      ? charge.state
      : charge.finishedAt === null
        ? 'running'
        : null;
  return (
    <li
      data-testid="installation-charge"
      data-charge-id={charge.id}
      tabIndex={-1}
      className="flex items-start gap-3 px-4 py-3 focus-visible:outline-3 focus-visible:-outline-offset-3 focus-visible:outline-brand"
    >
      <span
        aria-hidden="true"
        className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-soft text-brand-strong"
      >
        <Zap size={20} />
      </span>
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        <p className="flex flex-wrap items-center gap-2">
          <span className="text-base font-semibold text-slate-900 tabular-nums">
            {formatDateTime(when, locale)}
          </span>
          {state && (
            <Badge tone={state === 'running' ? 'public' : 'muted'}>
              {t(`installations.chargeState.${state}`)}
            </Badge>
          )}
        </p>
        {owner && (
          <p className="truncate text-sm text-slate-700" data-testid="charge-user">
            {charge.userName}
          </p>
        )}
        <p className="text-sm text-slate-700 tabular-nums" data-testid="charge-kwh">
          {t('installations.kwh', { kwh: formatKwhOfWh(charge.energyWh) })}
        </p>
        {owner && (
          <p
            className="text-sm font-medium text-emerald-800 tabular-nums"
            data-testid="charge-credit"
          >
            {t('installations.ownerCredit')}: +{formatCurrency(charge.ownerCredit)}
          </p>
        )}
      </div>
      <p
        className="shrink-0 text-right text-base font-semibold text-slate-900 tabular-nums"
        data-testid="charge-amount"
      >
        <span className="sr-only">{t('installations.chargeAmount')}: </span>
        {formatCurrency(charge.amount)}
      </p>
    </li>
  );
}
