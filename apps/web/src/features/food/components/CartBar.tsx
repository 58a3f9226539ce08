import { formatCurrency } from '@stod/domain';
import { ShoppingBasket } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The cart's count and total at the foot of the menu, the way to the cart. */
export function CartBar({ to, count, total }: { to: string; count: number; total: number }) {
  const { t } = useTranslation();
  if (count === 0) return null;
  return (
    <div className="sticky bottom-0 z-10 -mx-5 mt-auto bg-gradient-to-t from-slate-50 from-60% px-5 pt-4 pb-[calc(env(safe-area-inset-bottom)+1rem)]">
      <Link
        to={to}
        data-testid="food-cart-bar"
        className="flex min-h-14 items-center gap-3 rounded-2xl bg-brand px-5 text-white shadow-lg hover:bg-brand-strong"
      >
        <ShoppingBasket size={22} aria-hidden="true" />
        <span className="flex-1 text-lg font-semibold">{t('food.viewCart')}</span>
        <span className="text-base font-semibold tabular-nums">
          {t('food.cartSummary', { count, total: formatCurrency(total) })}
        </span>
      </Link>
    </div>
  );
}
