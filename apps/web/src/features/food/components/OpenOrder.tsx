import { ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFollowedOrder } from '../api.ts';
import { orderPath } from '../order-path.ts';

/** The user's newest order while it is still open: the way back to it, from the start screen. */
export function OpenOrder() {
  const { t } = useTranslation();
  const { data: order } = useFollowedOrder(null);
  if (!order || !['placed', 'accepted', 'ready'].includes(order.state)) return null;
  return (
    <Link
      to={orderPath(order.id)}
      data-testid="food-open-order"
      className="flex min-h-16 items-center gap-3 rounded-2xl bg-emerald-50 px-4 py-3 ring-1 ring-emerald-200 hover:bg-emerald-100"
    >
      <span className="flex min-w-0 flex-1 flex-col">
        <span className="text-base font-semibold text-slate-900">
          {t('food.openOrder', { number: order.number, state: t(`food.state.${order.state}`) })}
        </span>
        <span className="text-sm text-emerald-900">{t('food.openOrderLink')}</span>
      </span>
      <ChevronRight size={20} aria-hidden="true" className="shrink-0 text-emerald-800" />
    </Link>
  );
}
