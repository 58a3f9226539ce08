import type { PaymentMethod } from '@stod/domain';
import { useTranslation } from 'react-i18next';
import { cn } from '@stod/ui/cn.ts';
import { cardTitle, formatExpiry, maskedNumber } from '../card-format.ts';
import { CardMark } from './CardMark.tsx';

/** A large picture of the card for the details and done screens. */
export function CardFace({ method }: { method: PaymentMethod }) {
  const { t } = useTranslation();
  const expiry = formatExpiry(method);
  return (
    <div
      className={cn(
        'relative flex aspect-[1.586] w-full max-w-sm flex-col justify-between self-center overflow-hidden rounded-3xl p-5 text-white shadow-lg',
        method.kind === 'own_card'
          ? 'bg-gradient-to-br from-brand to-brand-strong'
          : 'bg-gradient-to-br from-slate-800 to-slate-950',
      )}
      data-testid="card-face"
    >
      <div
        aria-hidden="true"
        className="absolute -top-16 -right-16 size-48 rounded-full bg-white/10"
      />
      <div className="relative flex items-start justify-between gap-3">
        <span className="truncate text-lg font-semibold">
          {cardTitle(method, t('wallet.ownCard'))}
        </span>
        <CardMark method={method} size="lg" />
      </div>
      <div className="relative flex items-end justify-between gap-3">
        <span className="font-mono text-xl tracking-widest tabular-nums">
          {maskedNumber(method.last4)}
        </span>
        {expiry && <span className="text-sm font-medium tabular-nums">{expiry}</span>}
      </div>
    </div>
  );
}
