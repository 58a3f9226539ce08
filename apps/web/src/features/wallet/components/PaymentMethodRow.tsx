import type { PaymentMethod } from '@stod/domain';
import { Star, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { cn } from '@stod/ui/cn.ts';
import { cardAccessibleName, cardTitle, formatExpiry, maskedNumber } from '../card-format.ts';
import { CardMark } from './CardMark.tsx';
import { ProductChips } from './ProductChips.tsx';
import { FavouriteBadge, StatusBadge } from './StatusBadge.tsx';

const iconButton =
  'flex size-11 shrink-0 items-center justify-center rounded-full transition-colors ' +
  'focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-brand disabled:opacity-60';

interface Props {
  method: PaymentMethod;
  onFavourite: (method: PaymentMethod) => void;
  onDelete: (method: PaymentMethod) => void;
  busy: boolean;
}

/** One card in the list: tap for details, star for the favourite, bin to delete. */
export function PaymentMethodRow({ method, onFavourite, onDelete, busy }: Props) {
  const { t } = useTranslation();
  const ownCard = t('wallet.ownCard');
  const name = cardAccessibleName(method, ownCard);
  const expiry = formatExpiry(method);
  const subtitle = [
    method.name ? cardTitle({ ...method, name: null }, ownCard) : null,
    maskedNumber(method.last4),
    expiry,
  ]
    .filter(Boolean)
    .join(' · ');

  return (
    <li
      className="flex flex-col gap-3 rounded-2xl bg-white p-4 ring-1 ring-slate-200"
      data-testid="payment-method"
      data-last4={method.last4}
    >
      <div className="flex items-center gap-3">
        <Link
          to={paths.paymentMethod(method.id)}
          aria-label={name}
          className="-m-2 flex min-h-11 min-w-0 flex-1 items-center gap-3 rounded-xl p-2 hover:bg-slate-50 focus-visible:outline-3 focus-visible:outline-brand"
        >
          <CardMark method={method} />
          <span className="flex min-w-0 flex-col">
            <span className="truncate text-base font-semibold text-slate-900">
              {cardTitle(method, ownCard)}
            </span>
            <span className="truncate text-sm text-slate-600 tabular-nums">{subtitle}</span>
          </span>
        </Link>
        <button
          type="button"
          aria-pressed={method.isFavourite}
          aria-label={t('wallet.favouriteLabel', { card: name })}
          disabled={busy}
          onClick={() => onFavourite(method)}
          className={cn(
            iconButton,
            method.isFavourite ? 'text-amber-600' : 'text-slate-500 hover:bg-slate-100',
          )}
        >
          <Star size={22} aria-hidden="true" className={cn(method.isFavourite && 'fill-current')} />
        </button>
        <button
          type="button"
          aria-label={t('wallet.deleteLabel', { card: name })}
          disabled={busy}
          onClick={() => onDelete(method)}
          className={cn(iconButton, 'text-slate-500 hover:bg-red-50 hover:text-red-700')}
        >
          <Trash2 size={20} aria-hidden="true" />
        </button>
      </div>
      {(method.isFavourite || !method.isActive) && (
        <div className="flex flex-wrap gap-1.5">
          {method.isFavourite && <FavouriteBadge />}
          <StatusBadge method={method} />
        </div>
      )}
      <ProductChips products={method.products} />
    </li>
  );
}
