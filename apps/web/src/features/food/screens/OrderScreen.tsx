import { formatCurrency, formatTime, type FoodOrder, type FoodOrderState } from '@stod/domain';
import { Check, ChefHat, Receipt, UtensilsCrossed } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useEffect } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { ChoicesSkeleton } from '../../../lib/station-flow-states.tsx';
import { ButtonLink } from '@stod/ui/Button.tsx';
import { RetryNotice } from '@stod/ui/Notice.tsx';
import { Screen } from '@stod/ui/Screen.tsx';
import { EmptyState } from '@stod/ui/States.tsx';
import { cn } from '@stod/ui/cn.ts';
import { useFollowedOrder } from '../api.ts';
import { clearCart } from '../cart.ts';
import { LineDetails, useLineName } from '../components/LineDetails.tsx';

const STEPS = ['placed', 'accepted', 'ready', 'collected'] as const;
const FAILED: readonly FoodOrderState[] = ['rejected', 'expired', 'failed'];

/** `/food-order/order`: the order followed live, its number, the ready-by time, its lines. */
export function OrderScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const order = useFollowedOrder(params.get('id'));
  const placedFrom = (useLocation().state as { placedFrom?: string } | null)?.placedFrom;

  // Just placed: the station's cart has become this order.
  useEffect(() => {
    if (placedFrom) clearCart(placedFrom);
  }, [placedFrom]);

  if (order.isError && !order.data) {
    return (
      <Screen>
        <RetryNotice
          text={t('food.orderFailed')}
          retryLabel={t('common.retry')}
          onRetry={() => void order.refetch()}
          pending={order.isFetching}
          testId="food-order-error"
        />
      </Screen>
    );
  }
  if (order.data === undefined) return <ChoicesSkeleton />;
  if (order.data === null) {
    return (
      <div className="flex flex-1 flex-col" data-testid="food-no-order">
        <EmptyState
          level={2}
          icon={<UtensilsCrossed size={28} />}
          title={t('food.noOrderTitle')}
          text={t('food.noOrderText')}
          action={<ButtonLink to={paths.foodOrder}>{t('food.newOrder')}</ButtonLink>}
        />
      </div>
    );
  }
  return <OrderView order={order.data} />;
}

function OrderView({ order }: { order: FoodOrder }) {
  const lineName = useLineName();
  const { t } = useTranslation();
  const failed = FAILED.includes(order.state);
  const reached = STEPS.indexOf(order.state as (typeof STEPS)[number]);
  // Once the food is ready, the time it actually was; before, the time the kitchen promised.
  const readyTime = order.state === 'ready' && order.readyAt ? order.readyAt : order.readyBy;
  const text =
    order.state === 'accepted'
      ? t('food.stateText.accepted', { time: order.readyBy ? formatTime(order.readyBy) : '' })
      : order.state === 'rejected'
        ? t('food.stateText.rejected', { reason: order.rejectReason ?? '' })
        : order.state === 'placing'
          ? t('food.stateText.placed')
          : t(`food.stateText.${order.state}`);

  return (
    <Screen>
      <section
        aria-live="polite"
        data-testid="food-order-status"
        data-state={order.state}
        className={cn(
          'flex flex-col items-center gap-2 rounded-3xl px-6 py-8 text-center ring-1',
          failed
            ? 'bg-red-50 ring-red-200'
            : order.state === 'ready'
              ? 'bg-emerald-50 ring-emerald-200'
              : 'bg-white ring-slate-200',
        )}
      >
        <span className="text-sm font-semibold tracking-wide text-slate-600 uppercase">
          {t('food.orderNumber')}
        </span>
        <span
          className="text-6xl font-black text-slate-900 tabular-nums"
          data-testid="food-order-number"
        >
          {order.number}
        </span>
        <h2 className="text-2xl font-bold text-slate-900" data-testid="food-order-state">
          {t(`food.state.${order.state}`)}
        </h2>
        <p className="max-w-xs text-base text-slate-700">{text}</p>
        {readyTime && !failed && order.state !== 'collected' && (
          <p className="text-lg font-semibold text-slate-900" data-testid="food-ready-by">
            {t('food.readyBy', { time: formatTime(readyTime) })}
          </p>
        )}
      </section>
      {!failed && (
        <ol aria-label={t('food.steps')} className="flex items-start justify-between gap-1 px-1">
          {STEPS.map((step, i) => {
            const done = reached >= i;
            // The kitchen's hat while the food is being made; a step passed is ticked as the rest.
            const Icon = step === 'accepted' && reached <= i ? ChefHat : Check;
            return (
              <li
                key={step}
                className="flex flex-1 flex-col items-center gap-1 text-center"
                aria-current={reached === i ? 'step' : undefined}
              >
                <span
                  data-icon={Icon === ChefHat ? 'kitchen' : 'tick'}
                  className={cn(
                    'flex size-9 items-center justify-center rounded-full',
                    done ? 'bg-brand text-white' : 'bg-slate-200 text-slate-500',
                  )}
                >
                  <Icon size={18} aria-hidden="true" />
                </span>
                <span
                  className={cn(
                    'text-xs',
                    done ? 'font-semibold text-slate-900' : 'text-slate-600',
                  )}
                >
                  {t(`food.state.${step}`)}
                </span>
              </li>
            );
          })}
        </ol>
      )}
      <section
        aria-labelledby="food-order-lines"
        className="flex flex-col gap-3 rounded-2xl bg-white p-4 ring-1 ring-slate-200"
      >
        <h2 id="food-order-lines" className="text-base font-semibold text-slate-900">
          {t('food.yourOrder')}
        </h2>
        <p className="text-sm text-slate-600">
          {t('food.orderAt', { station: order.stationName, mode: t(`food.mode.${order.mode}`) })}
          {' · '}
          {order.asap
            ? t('food.pickupAsap')
            : t('food.pickupAt', { time: formatTime(order.pickupAt) })}
        </p>
        <ul className="flex flex-col gap-3">
          {order.lines.map((line, k) => (
            <li key={k} className="flex flex-col gap-1" data-testid="food-order-line">
              <div className="flex justify-between gap-3 text-base">
                <span className="font-medium text-slate-900">
                  {line.quantity} × {lineName(line)}
                </span>
                <span className="tabular-nums">{formatCurrency(line.total)}</span>
              </div>
              <LineDetails line={line} />
            </li>
          ))}
        </ul>
        <div className="flex justify-between border-t border-slate-200 pt-3 text-lg font-bold">
          <span>{t('food.total')}</span>
          <span className="tabular-nums">{formatCurrency(order.total)}</span>
        </div>
      </section>
      <div className="mt-auto flex flex-col gap-3">
        {order.receiptId && (
          <ButtonLink
            to={paths.receipt(order.receiptId)}
            variant="secondary"
            icon={<Receipt size={20} aria-hidden="true" />}
            data-testid="food-receipt-link"
          >
            {t('food.toReceipt')}
          </ButtonLink>
        )}
        <ButtonLink to={paths.foodOrder} variant={failed ? 'primary' : 'secondary'}>
          {t('food.newOrder')}
        </ButtonLink>
      </div>
    </Screen>
  );
}
