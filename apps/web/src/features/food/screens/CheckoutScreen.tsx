import {
  FOOD_PREP_MINUTES,
  formatCurrency,
  pickupSlots,
  type FoodMode,
  type PaymentMethod,
} from '@stod/domain';
import { CreditCard, LogIn } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { apiErrorOf } from '../../../lib/api-error.ts';
import { cardTitle, payingCards } from '../../../lib/payment-choice.ts';
import { usePaymentMethods } from '../../../lib/payment-methods.ts';
import { loginPathFor, paths, registerPathFor } from '../../../lib/paths.ts';
import { useSession } from '../../../lib/session.ts';
import { ChoicesSkeleton, PaymentMethodsRetry } from '../../../lib/station-flow-states.tsx';
import { Button, ButtonLink } from '@stod/ui/Button.tsx';
import { ChoiceSection, cardChoice } from '@stod/ui/ChoiceCards.tsx';
import { EmptyCard } from '@stod/ui/EmptyCard.tsx';
import { HoldNote } from '@stod/ui/HoldNote.tsx';
import { Notice } from '@stod/ui/Notice.tsx';
import { Screen } from '@stod/ui/Screen.tsx';
import { ChangeLink, StationHeading } from '@stod/ui/StationHeading.tsx';
import { useQuote, usePlaceOrder } from '../api.ts';
import { orderLinesOf, priceCart, useCart } from '../cart.ts';
import { PickupChoice } from '../components/PickupChoice.tsx';
import { orderPath } from '../order-path.ts';
import { useFoodStation } from '../use-food-station.ts';

/**
 * `/food-order/{id}/checkout`: dine-in or take-out, as soon as possible or a later time, and
 * the card. A guest signs in (or registers) here and comes back to the same cart.
 */
export function CheckoutScreen() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const signedIn = useSession((s) => s.status === 'signedIn');
  const { station, menu, status } = useFoodStation(id);
  const { lines, ready } = useCart(id);

  if (!station.data || !menu.data || !ready) return <ChoicesSkeleton />;
  if (lines.length === 0) return <Navigate to={paths.foodCart(id)} replace />;
  const cart = priceCart(menu.data, lines);

  const heading = (
    <StationHeading name={station.data.name} detail={status} testId="food-checkout-heading" />
  );
  if (!signedIn) {
    const back = paths.foodCheckout(id);
    return (
      <Screen>
        {heading}
        <Total label={t('food.total')} value={cart.total} />
        <EmptyCard
          icon={<LogIn size={26} />}
          title={t('food.signInTitle')}
          text={t('food.signInText')}
          testId="food-sign-in"
        />
        <div className="flex flex-col gap-3">
          <ButtonLink to={loginPathFor(back)} data-testid="food-sign-in-link">
            {t('food.signIn')}
          </ButtonLink>
          <ButtonLink to={registerPathFor(back)} variant="secondary">
            {t('food.register')}
          </ButtonLink>
        </div>
      </Screen>
    );
  }
  return (
    <SignedInCheckout
      stationId={id}
      heading={heading}
      summary={<CartSummary stationId={id} count={cart.count} total={cart.total} />}
      shownTotal={cart.total}
    />
  );
}

/** What is in the cart, with the way back to change it. */
function CartSummary({
  stationId,
  count,
  total,
}: {
  stationId: string;
  count: number;
  total: number;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex items-center justify-between gap-3 rounded-2xl bg-white px-4 py-3 ring-1 ring-slate-200">
      <span
        className="text-base font-semibold text-slate-900 tabular-nums"
        data-testid="food-checkout-summary"
      >
        {t('food.cartSummary', { count, total: formatCurrency(total) })}
      </span>
      <ChangeLink to={paths.foodCart(stationId)}>{t('food.changeCart')}</ChangeLink>
    </div>
  );
}

function Total({ label, value }: { label: string; value: number }) {
  return (
    <div className="flex items-center justify-between rounded-2xl bg-white px-4 py-4 text-xl font-bold text-slate-900 ring-1 ring-slate-200">
      <span>{label}</span>
      <span className="tabular-nums" data-testid="food-checkout-total">
        {formatCurrency(value)}
      </span>
    </div>
  );
}

interface SignedInProps {
  stationId: string;
  heading: ReactNode;
  summary: ReactNode;
  /** The total the cart showed, by the app's own reckoning. */
  shownTotal: number;
}

function SignedInCheckout({ stationId, heading, summary, shownTotal }: SignedInProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { station, now, orderable } = useFoodStation(stationId);
  const { lines } = useCart(stationId);
  const methods = usePaymentMethods();
  const orderLines = orderLinesOf(lines);
  const quote = useQuote(stationId, orderLines, true);
  const place = usePlaceOrder();
  const [mode, setMode] = useState<FoodMode>('take-out');
  const [pickup, setPickup] = useState('asap');
  const [chosenCard, setChosenCard] = useState<string | null>(null);

  if (methods.isError && !methods.data)
    return <PaymentMethodsRetry onRetry={() => void methods.refetch()} />;
  if (!methods.data || !station.data) return <ChoicesSkeleton />;
  const cards: PaymentMethod[] = payingCards(methods.data.items, 'food');
  const card = chosenCard ?? cards[0]?.id ?? null;
  const prepMinutes = station.data.kitchenPrepMinutes ?? FOOD_PREP_MINUTES;
  const slots = pickupSlots(station.data.openingHours, now, 15, prepMinutes);
  const pickupAt =
    pickup === 'asap' || slots.some((s) => s.toISOString() === pickup) ? pickup : 'asap';
  const total = quote.data?.total;
  const refusal = place.error ? apiErrorOf(place.error).message : null;
  const quoteProblem = quote.isError
    ? apiErrorOf(quote.error).message || t('food.quoteFailed')
    : null;

  const submit = () => {
    if (!card || total === undefined) return;
    place.mutate(
      {
        stationId: Number(stationId),
        lines: orderLines,
        mode,
        pickupAt,
        paymentMethodId: card,
        total,
      },
      {
        // The order screen empties this cart once it is on screen (so this one does not
        // first fall back to the empty cart).
        onSuccess: (order) =>
          void navigate(orderPath(order.id), { replace: true, state: { placedFrom: stationId } }),
      },
    );
  };

  return (
    <Screen>
      {heading}
      {summary}
      {total !== undefined && total !== shownTotal && (
        <Notice tone="info" testId="food-price-changed">
          {t('food.priceChanged', { total: formatCurrency(total) })}
        </Notice>
      )}
      {!orderable && (
        <Notice tone="error" testId="food-closed">
          {t('food.closedNotice')}
        </Notice>
      )}
      <ChoiceSection
        heading={t('food.mode')}
        testId="food-mode"
        value={mode}
        onChange={setMode}
        choices={(['take-out', 'dine-in'] as const).map((m) => ({
          value: m,
          label: t(`food.mode.${m}`),
          description: t(`food.mode.${m}Text`),
          testId: `food-mode-${m}`,
        }))}
      />
      <PickupChoice value={pickupAt} slots={slots} prepMinutes={prepMinutes} onChange={setPickup} />
      {cards.length === 0 ? (
        <div className="flex flex-col gap-3">
          <EmptyCard
            icon={<CreditCard size={26} />}
            title={t('food.payWith')}
            text={t('food.noCard')}
            testId="food-no-card"
          />
          <ButtonLink to={paths.paymentMethods} variant="secondary">
            {t('food.addCard')}
          </ButtonLink>
        </div>
      ) : (
        <ChoiceSection
          heading={t('food.payWith')}
          testId="food-payment"
          value={card}
          onChange={setChosenCard}
          choices={cards.map((c) =>
            cardChoice(
              { title: cardTitle(c), isFavourite: c.isFavourite },
              c.id,
              `food-pay-card-${c.id}`,
              t('food.favourite'),
            ),
          )}
        />
      )}
      {quoteProblem && (
        <Notice tone="error" testId="food-quote-error">
          {quoteProblem}
        </Notice>
      )}
      {refusal && (
        <p
          role="alert"
          className="px-1 text-base font-semibold text-red-700"
          data-testid="food-order-error"
        >
          {refusal}
        </p>
      )}
      <div className="mt-auto flex flex-col gap-3">
        <HoldNote>{t('food.holdNote')}</HoldNote>
        <Button
          className="min-h-14 text-lg"
          data-testid="food-pay"
          disabled={!card || total === undefined || !orderable}
          pending={place.isPending}
          onClick={submit}
        >
          {t('food.pay', { total: total === undefined ? '…' : formatCurrency(total) })}
        </Button>
      </div>
    </Screen>
  );
}
