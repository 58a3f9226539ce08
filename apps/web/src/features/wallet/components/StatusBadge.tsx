import type { PaymentMethod } from '@stod/domain';
import { CircleAlert, Clock, Star } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@stod/ui/cn.ts';
import { formatCountdown, methodStatus } from '../activation.ts';
import { useNow } from '../use-now.ts';

const pill = 'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold';

/** 'Activating' with the time left (ticking), 'expired', or nothing for an active card. */
export function StatusBadge({ method }: { method: PaymentMethod }) {
  const { t } = useTranslation();
  const ticking = !method.isActive;
  const now = useNow(ticking ? 1000 : null);
  const status = methodStatus(method, now);
  if (status.kind === 'activating') {
    return (
      <span className={cn(pill, 'bg-amber-100 text-amber-900')} data-testid="activating-badge">
        <Clock size={14} aria-hidden="true" />
        <span>
          {t('wallet.activating')}{' '}
          <span className="tabular-nums">{formatCountdown(status.remainingMs)}</span>
        </span>
      </span>
    );
  }
  if (status.kind === 'expired') {
    return (
      <span className={cn(pill, 'bg-red-100 text-red-800')}>
        <CircleAlert size={14} aria-hidden="true" />
        {t('wallet.expired')}
      </span>
    );
  }
  return null;
}

export function FavouriteBadge() {
  const { t } = useTranslation();
  return (
    <span className={cn(pill, 'bg-brand-soft text-brand-strong')}>
      <Star size={14} aria-hidden="true" className="fill-current" />
      {t('wallet.favourite')}
    </span>
  );
}
