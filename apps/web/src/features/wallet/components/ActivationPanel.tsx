import type { PaymentMethod } from '@stod/domain';
import { CircleCheck, Clock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatCountdown, methodStatus } from '../activation.ts';
import { useNow } from '../use-now.ts';

/** A new provider card's activation (3 minutes), counting down to `activeFrom`. */
export function ActivationPanel({ method }: { method: PaymentMethod }) {
  const { t } = useTranslation();
  const now = useNow(method.isActive ? null : 1000);
  const status = methodStatus(method, now);
  if (status.kind === 'activating') {
    return (
      <div
        className="flex items-center gap-4 rounded-2xl bg-amber-50 p-4 ring-1 ring-amber-200"
        data-testid="activation-panel"
      >
        <span
          aria-hidden="true"
          className="flex size-12 shrink-0 items-center justify-center rounded-2xl bg-amber-100 text-amber-900"
        >
          <Clock size={24} />
        </span>
        <div className="flex flex-col">
          <p className="text-base font-semibold text-slate-900">
            {t('wallet.activating')}{' '}
            <span className="tabular-nums" data-testid="activation-countdown">
              {formatCountdown(status.remainingMs)}
            </span>
          </p>
          <p className="text-sm text-slate-700">{t('ownCard.activatingText')}</p>
        </div>
      </div>
    );
  }
  return (
    <div
      className="flex items-center gap-4 rounded-2xl bg-emerald-50 p-4 ring-1 ring-emerald-200"
      data-testid="activation-panel"
    >
      <span
        aria-hidden="true"
        className="flex size-12 shrink-0 items-center justify-center rounded-2xl bg-emerald-100 text-emerald-900"
      >
        <CircleCheck size={24} />
      </span>
      <p className="text-base font-medium text-slate-900">{t('ownCard.readyText')}</p>
    </div>
  );
}
