import { FUEL_HOLD_ORE, formatCurrency } from '@stod/domain';
import { Fuel } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { stationAttemptKeys } from '../../../lib/attempt-keys.ts';
import { apiErrorOf } from '../../../lib/api-error.ts';
import { pumpFromSearch } from '../../../lib/deep-link.ts';
import type { FollowState } from '../../../lib/followed-transaction.ts';
import { paths } from '../../../lib/paths.ts';
import { payingCards } from '../../../lib/payment-choice.ts';
import { usePaymentMethods } from '../../../lib/payment-methods.ts';
import { useStationById } from '../../../lib/station-query.ts';
import {
  ChoicesSkeleton,
  PaymentMethodsRetry,
  StationLoadError,
} from '../../../lib/station-flow-states.tsx';
import { isRunning, useActiveTransaction } from '../../../lib/station-transactions.ts';
import { ActiveNotice } from '../../../lib/active-notice.tsx';
import { Button } from '@stod/ui/Button.tsx';
import { EmptyCard } from '@stod/ui/EmptyCard.tsx';
import { Notice } from '@stod/ui/Notice.tsx';
import { Screen } from '@stod/ui/Screen.tsx';
import { HoldNote } from '@stod/ui/HoldNote.tsx';
import { ChangeLink, StationHeading } from '@stod/ui/StationHeading.tsx';
import { usePumps } from '../api/get-pumps.ts';
import { POINT_STATE_KEYS } from '../labels.ts';
import { useStartFuel } from '../api/start-fuel.ts';
import { CardChoice } from '../components/CardChoice.tsx';
import { GradeChoice } from '../components/GradeChoice.tsx';

/**
 * `/fuel/stations/{id}/type?pump={n}`: the fuel and the card for the chosen pump, what is held
 * before the pump opens, and the start. A pump's QR code opens here too.
 */
export function FuelTypeScreen() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const pump = pumpFromSearch(search);
  const station = useStationById(id);
  const methods = usePaymentMethods();

  if (pump === null) return <Navigate to={paths.fuelStation(id)} replace />;
  if (methods.data && payingCards(methods.data.items, 'fuel').length === 0) {
    return <Navigate to={paths.fuelNoPayment} replace />;
  }
  if (station.isError) {
    return (
      <StationLoadError
        error={station.error}
        failedTitle={t('fuel.stationFailed')}
        listPath={paths.fuelStations}
        testId="fuel-station-error"
      />
    );
  }
  if (methods.isError && !methods.data) {
    return <PaymentMethodsRetry onRetry={() => void methods.refetch()} />;
  }
  if (!station.data || !methods.data) return <ChoicesSkeleton />;
  return (
    <FuelStart
      stationId={station.data.id}
      stationName={station.data.name}
      pump={pump}
      grades={station.data.products.filter((p) => p.service === 'fuel')}
      cards={payingCards(methods.data.items, 'fuel')}
    />
  );
}

interface StartProps {
  stationId: number;
  stationName: string;
  pump: number;
  grades: Parameters<typeof GradeChoice>[0]['grades'];
  cards: Parameters<typeof CardChoice>[0]['cards'];
}

function FuelStart({ stationId, stationName, pump, grades, cards }: StartProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const start = useStartFuel();
  const pumps = usePumps(String(stationId));
  const [grade, setGrade] = useState<number | null>(null);
  const [chosenCard, setChosenCard] = useState<string | null>(null);
  const [gradeMissing, setGradeMissing] = useState(false);
  const cardId = cards.find((c) => c.id === chosenCard)?.id ?? cards[0]?.id ?? null;
  const hold = formatCurrency(FUEL_HOLD_ORE);
  const pumpState = pumps.data?.items.find((p) => p.number === pump)?.state;
  // A deep link or a QR code may name a pump the list would not let be chosen.
  const closed = pumpState === 'busy' || pumpState === 'unavailable' ? pumpState : null;
  const active = useActiveTransaction();
  const error = start.error ? apiErrorOf(start.error) : null;
  // The notice above says the same with the way to the running transaction.
  const shownError =
    error?.code === 'TRANSACTION_ACTIVE' && active.data && isRunning(active.data) ? null : error;

  const submit = () => {
    if (grade === null) {
      setGradeMissing(true);
      return;
    }
    if (cardId === null) return;
    const scope = `fuel:${String(stationId)}:${String(pump)}:${String(grade)}:${cardId}`;
    start.mutate(
      {
        body: { stationId, pumpNumber: pump, productId: grade, paymentMethodId: cardId },
        idempotencyKey: stationAttemptKeys.keyFor(scope),
      },
      {
        onSuccess: (transaction) => {
          stationAttemptKeys.settle(scope, null);
          const state: FollowState = { transactionId: transaction.id };
          void navigate(paths.fuelFill(stationId), { replace: true, state });
        },
        onError: (failure) => stationAttemptKeys.settle(scope, apiErrorOf(failure)),
      },
    );
  };

  return (
    <Screen>
      <StationHeading
        testId="fuel-station-heading"
        name={stationName}
        detail={
          <span data-testid="fuel-chosen-pump" className="font-semibold text-slate-900">
            {t('fuel.pump', { number: pump })}
            {pumpState && pumpState !== 'free' && (
              <span className="font-medium text-amber-800">
                {' · '}
                {t(POINT_STATE_KEYS[pumpState])}
              </span>
            )}
          </span>
        }
        aside={<ChangeLink to={paths.fuelStation(stationId)}>{t('fuel.changePump')}</ChangeLink>}
      />
      <ActiveNotice service="fuel" testId="fuel-active-notice" linkLabel={t('fuel.toActive')} />
      {/* Said first: nothing below can start at this pump. */}
      {closed && (
        <Notice tone="error" testId="fuel-pump-closed">
          {t(`fuel.pumpClosed.${closed}`, { number: pump })}
        </Notice>
      )}
      {grades.length === 0 ? (
        <EmptyCard
          icon={<Fuel size={26} />}
          title={t('fuel.noPumpsTitle')}
          text={t('fuel.noPumpsText')}
        />
      ) : (
        <>
          <GradeChoice
            grades={grades}
            value={grade}
            onChange={(next) => {
              setGrade(next);
              setGradeMissing(false);
            }}
            disabled={start.isPending}
            error={gradeMissing ? t('fuel.chooseGrade') : null}
          />
          <CardChoice
            cards={cards}
            value={cardId}
            onChange={setChosenCard}
            disabled={start.isPending}
          />
          <HoldNote testId="fuel-hold">
            <div className="flex flex-col gap-1">
              <p className="font-semibold">{t('fuel.holdTitle', { amount: hold })}</p>
              <p className="text-sm">{t('fuel.holdText', { amount: hold })}</p>
            </div>
          </HoldNote>
          {shownError && (
            <Notice tone="error" testId="fuel-start-error">
              {shownError.message}
            </Notice>
          )}
          <Button
            data-testid="fuel-start"
            className="min-h-14 text-lg"
            pending={start.isPending}
            disabled={closed !== null}
            onClick={submit}
          >
            {t('fuel.start')}
          </Button>
        </>
      )}
    </Screen>
  );
}
