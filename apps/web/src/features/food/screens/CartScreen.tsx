import { formatCurrency } from '@stod/domain';
import { ShoppingBasket, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { ChoicesSkeleton } from '../../../lib/station-flow-states.tsx';
import { FoodStationError } from '../components/FoodStationError.tsx';
import { ButtonLink } from '@stod/ui/Button.tsx';
import { EmptyCard } from '@stod/ui/EmptyCard.tsx';
import { RetryNotice } from '@stod/ui/Notice.tsx';
import { Screen } from '@stod/ui/Screen.tsx';
import { StationHeading } from '@stod/ui/StationHeading.tsx';
import { priceCart, setQuantity, useCart, type CartRow } from '../cart.ts';
import { LineDetails } from '../components/LineDetails.tsx';
import { QuantityStepper } from '../components/QuantityStepper.tsx';
import { useFoodStation } from '../use-food-station.ts';

/** `/food-order/{id}/cart`: the lines with their quantities and totals, by the domain's rule. */
export function CartScreen() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const { station, menu, status } = useFoodStation(id);
  const { lines, ready } = useCart(id);

  if (station.isError) return <FoodStationError error={station.error} />;
  if (menu.isError && !menu.data) {
    return (
      <Screen>
        <RetryNotice
          text={t('food.menuFailed')}
          retryLabel={t('common.retry')}
          onRetry={() => void menu.refetch()}
          pending={menu.isFetching}
        />
      </Screen>
    );
  }
  if (!station.data || !menu.data || !ready) return <ChoicesSkeleton />;
  const cart = priceCart(menu.data, lines);

  return (
    <Screen>
      <StationHeading testId="food-cart-heading" name={station.data.name} detail={status} />
      {cart.rows.length === 0 ? (
        <>
          <EmptyCard
            icon={<ShoppingBasket size={26} />}
            title={t('food.cartEmptyTitle')}
            text={t('food.cartEmptyText')}
            testId="food-cart-empty"
          />
          <ButtonLink to={paths.foodStation(id)} variant="secondary">
            {t('food.backToMenu')}
          </ButtonLink>
        </>
      ) : (
        <>
          <ul className="flex flex-col gap-3" data-testid="food-cart-lines">
            {cart.rows.map((row) => (
              <CartLine key={row.line.uuid} stationId={id} row={row} />
            ))}
          </ul>
          <div className="flex items-center justify-between px-1 text-xl font-bold text-slate-900">
            <span>{t('food.total')}</span>
            <span className="tabular-nums" data-testid="food-cart-total">
              {formatCurrency(cart.total)}
            </span>
          </div>
          <div className="mt-auto flex flex-col gap-3">
            {cart.complete && (
              <ButtonLink
                to={paths.foodCheckout(id)}
                className="min-h-14 text-lg"
                data-testid="food-to-checkout"
              >
                {t('food.toCheckout')}
              </ButtonLink>
            )}
            <ButtonLink to={paths.foodStation(id)} variant="secondary">
              {t('food.addMore')}
            </ButtonLink>
          </div>
        </>
      )}
    </Screen>
  );
}

function CartLine({ stationId, row }: { stationId: string; row: CartRow }) {
  const { t } = useTranslation();
  const { line, priced, name } = row;
  return (
    <li
      className="flex flex-col gap-3 rounded-2xl bg-white p-4 ring-1 ring-slate-200"
      data-testid="food-cart-line"
    >
      <div className="flex items-start justify-between gap-3">
        <span className="text-base font-semibold text-slate-900">{name}</span>
        {priced && (
          <span
            className="text-base font-semibold text-slate-900 tabular-nums"
            data-testid="food-line-total"
          >
            {formatCurrency(priced.total)}
          </span>
        )}
      </div>
      {priced ? (
        <LineDetails line={priced} />
      ) : (
        <p role="alert" className="text-sm font-semibold text-red-700">
          {t('food.lineGone')}
        </p>
      )}
      <div className="flex items-center justify-between gap-3">
        {priced ? (
          <span className="text-sm text-slate-600 tabular-nums">
            {line.quantity} × {formatCurrency(priced.unit)}
          </span>
        ) : (
          <span />
        )}
        {priced ? (
          <QuantityStepper
            value={line.quantity}
            min={0}
            onChange={(q) => setQuantity(stationId, line.uuid, q)}
            label={t('food.lineQuantity', { name, count: line.quantity })}
            testId="food-line-quantity"
          />
        ) : (
          <button
            type="button"
            onClick={() => setQuantity(stationId, line.uuid, 0)}
            className="inline-flex min-h-11 items-center gap-2 rounded-xl px-3 text-sm font-semibold text-red-700 hover:bg-red-50"
          >
            <Trash2 size={18} aria-hidden="true" />
            {t('food.remove')}
          </button>
        )}
      </div>
    </li>
  );
}
