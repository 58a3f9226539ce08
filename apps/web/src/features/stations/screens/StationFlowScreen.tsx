import { Hourglass } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { canPayFor } from '@stod/domain';
import { Navigate, useLocation, useParams } from 'react-router';
import { usePaymentMethods } from '../../../lib/payment-methods.ts';
import { isBelow, paths } from '../../../lib/paths.ts';
import { ButtonLink } from '@stod/ui/Button.tsx';
import { Skeleton } from '@stod/ui/Skeleton.tsx';
import { EmptyState, ErrorState } from '@stod/ui/States.tsx';
import { useStation } from '../api/get-station.ts';

/** Refuelling and washing need an active payment method that may buy them (spec §5). */
const PAID_FLOWS = { fuel: 'fuel', carwash: 'carwash' } as const;
const NO_PAYMENT = { fuel: paths.fuelNoPayment, carwash: paths.carwashNoPayment } as const;

/**
 * Stands in for /fuel/stations/{id}, /carwash/stations/{id} and /food-order/stations/{id} until
 * their flows are built: the route's title in the header, the station's name under it. Without
 * a payment method for the flow, it sends the user to that flow's no-payment screen.
 */
export function StationFlowScreen() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const { pathname } = useLocation();
  const { data: station, isPending } = useStation(id);
  const flow = isBelow(pathname, paths.fuelStations)
    ? PAID_FLOWS.fuel
    : isBelow(pathname, paths.carwashStations)
      ? PAID_FLOWS.carwash
      : null;
  const methods = usePaymentMethods();

  if (flow && methods.data && !canPayFor(methods.data.items, flow)) {
    return <Navigate to={NO_PAYMENT[flow]} replace />;
  }

  if (isPending) {
    return (
      <div
        role="status"
        aria-label={t('common.loading')}
        className="flex flex-col items-center gap-4 px-6 pt-16"
      >
        <Skeleton className="size-16 rounded-3xl" />
        <Skeleton className="h-6 w-56" />
        <Skeleton className="h-4 w-40" />
      </div>
    );
  }
  if (!station) {
    return (
      <ErrorState
        level={2}
        title={t('station.notFoundTitle')}
        action={
          <ButtonLink to={paths.stations} variant="secondary">
            {t('station.toList')}
          </ButtonLink>
        }
      />
    );
  }
  return (
    <div data-testid="station-flow" data-station-id={station.id} className="flex flex-1 flex-col">
      <EmptyState
        level={2}
        icon={<Hourglass size={28} />}
        title={station.name}
        text={`${station.address}. ${t('notYet.text')}`}
        action={
          <ButtonLink to={paths.home} variant="secondary">
            {t('common.toHome')}
          </ButtonLink>
        }
      />
    </div>
  );
}
