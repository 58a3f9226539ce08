import type { PaymentMethod, PointState, Station, UserVoucher } from '@stod/domain';
import { Car } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { payingCards } from '../../../lib/payment-choice.ts';
import { usePaymentMethods } from '../../../lib/payment-methods.ts';
import { productColor, useProductColorList, useStationById } from '../../../lib/station-query.ts';
import {
  ChoicesSkeleton,
  PaymentMethodsRetry,
  StationLoadError,
} from '../../../lib/station-flow-states.tsx';
import { ActiveNotice } from '../../../lib/active-notice.tsx';
import { Button } from '@stod/ui/Button.tsx';
import { EmptyCard } from '@stod/ui/EmptyCard.tsx';
import { PointGrid, PointSection } from '@stod/ui/PointGrid.tsx';
import { Screen } from '@stod/ui/Screen.tsx';
import { StationHeading } from '@stod/ui/StationHeading.tsx';
import { useBays } from '../api/get-bays.ts';
import { useWashVouchers } from '../api/get-wash-vouchers.ts';
import { PaymentChoice } from '../components/PaymentChoice.tsx';
import { ProgrammeChoice } from '../components/ProgrammeChoice.tsx';
import { checklistPath, type WashPayment } from '../selection.ts';

const STATE_KEYS = {
  free: 'carwash.state.free',
  busy: 'carwash.state.busy',
  unavailable: 'carwash.state.unavailable',
} as const;

/**
 * `/carwash/stations/{id}/products`: the wash programme, the bay and how to pay. A car-wash
 * voucher pays instead of a card; without either, the no-payment screen explains.
 */
export function ProductsScreen() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const station = useStationById(id);
  const methods = usePaymentMethods();
  const vouchers = useWashVouchers();

  const cards = methods.data ? payingCards(methods.data.items, 'carwash') : undefined;
  // A failed voucher list does not stop a card payment.
  const washVouchers = vouchers.isError ? [] : vouchers.data;

  if (cards && washVouchers && cards.length === 0 && washVouchers.length === 0) {
    return <Navigate to={paths.carwashNoPayment} replace />;
  }
  if (station.isError) {
    return (
      <StationLoadError
        error={station.error}
        failedTitle={t('carwash.stationFailed')}
        listPath={paths.carwashStations}
        testId="carwash-station-error"
      />
    );
  }
  if (methods.isError && !methods.data) {
    return <PaymentMethodsRetry onRetry={() => void methods.refetch()} />;
  }
  if (!station.data || !cards || !washVouchers) return <ChoicesSkeleton />;
  return <WashChoice station={station.data} cards={cards} vouchers={washVouchers} />;
}

interface ChoiceProps {
  station: Station;
  cards: PaymentMethod[];
  vouchers: UserVoucher[];
}

function WashChoice({ station, cards, vouchers }: ChoiceProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const colors = useProductColorList();
  const bays = useBays(String(station.id));
  const [programme, setProgramme] = useState<number | null>(null);
  const [bay, setBay] = useState<number | null>(null);
  const [chosenPayment, setChosenPayment] = useState<WashPayment | null>(null);
  const [incomplete, setIncomplete] = useState(false);
  const programmes = station.products.filter((p) => p.service === 'carwash');
  const stateLabel = (state: PointState) => t(STATE_KEYS[state]);

  // The favourite card is chosen until the user picks another way to pay; a voucher is never
  // spent unasked while there is a card.
  const favourite = cards[0];
  const firstVoucher = vouchers[0];
  const payment: WashPayment | null =
    chosenPayment ??
    (favourite
      ? { kind: 'card', id: favourite.id }
      : firstVoucher
        ? { kind: 'voucher', id: firstVoucher.id }
        : null);
  // A bay taken since it was chosen is no longer chosen.
  const bayState = bays.data?.items.find((b) => b.number === bay)?.state;
  const chosenBay = bayState === undefined || bayState === 'free' ? bay : null;

  if (!station.services.includes('carwash') || programmes.length === 0) {
    return (
      <Screen>
        <StationHeading
          testId="carwash-station-heading"
          name={station.name}
          detail={station.address}
        />
        <EmptyCard
          icon={<Car size={26} />}
          title={t('carwash.noWashTitle')}
          text={t('carwash.noWashText')}
          testId="carwash-no-wash"
        />
      </Screen>
    );
  }

  const next = () => {
    if (programme === null || chosenBay === null || payment === null) {
      setIncomplete(true);
      return;
    }
    void navigate(checklistPath(station.id, { bay: chosenBay, product: programme, payment }));
  };

  return (
    <Screen>
      <StationHeading
        testId="carwash-station-heading"
        name={station.name}
        detail={station.address}
      />
      <ActiveNotice
        service="carwash"
        testId="carwash-active-notice"
        linkLabel={t('carwash.toActive')}
      />
      <ProgrammeChoice
        programmes={programmes}
        value={programme}
        onChange={setProgramme}
        color={productColor('carwash', 'carwash', colors.data?.items)}
      />
      <PointSection
        heading={t('carwash.bays')}
        hint={t('carwash.baysHint')}
        legendLabel={t('carwash.legend')}
        stateLabel={stateLabel}
        failed={
          bays.isError && !bays.data
            ? {
                text: t('carwash.baysFailed'),
                retryLabel: t('common.retry'),
                onRetry: () => void bays.refetch(),
                pending: bays.isFetching,
                testId: 'carwash-bays-error',
              }
            : null
        }
        loading={bays.data ? null : { label: t('common.loading'), tiles: 3 }}
      >
        <PointGrid
          kind="bay"
          testId="bay-grid"
          points={bays.data?.items ?? []}
          selected={chosenBay}
          stateLabel={stateLabel}
          pointLabel={(point) =>
            t('carwash.bayLabel', { number: point.number, state: stateLabel(point.state) })
          }
          onSelect={setBay}
        />
      </PointSection>
      <PaymentChoice
        cards={cards}
        vouchers={vouchers}
        value={payment}
        onChange={setChosenPayment}
      />
      {incomplete && (programme === null || chosenBay === null || payment === null) && (
        <p role="alert" className="px-1 text-base font-semibold text-red-700">
          {t('carwash.chooseAll')}
        </p>
      )}
      <Button data-testid="carwash-continue" className="min-h-14 text-lg" onClick={next}>
        {t('carwash.toChecklist')}
      </Button>
    </Screen>
  );
}
