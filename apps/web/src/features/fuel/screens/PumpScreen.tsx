import { canPayFor, type PointState } from '@stod/domain';
import { Fuel } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { fuelTypePath } from '../../../lib/deep-link.ts';
import { paths } from '../../../lib/paths.ts';
import { usePaymentMethods } from '../../../lib/payment-methods.ts';
import { isUnknownStation, useStationById } from '../../../lib/station-query.ts';
import { ButtonLink } from '@stod/ui/Button.tsx';
import { EmptyCard } from '@stod/ui/EmptyCard.tsx';
import { RetryNotice } from '@stod/ui/Notice.tsx';
import { PointGrid, PointLegend } from '@stod/ui/PointGrid.tsx';
import { Screen } from '@stod/ui/Screen.tsx';
import { Skeleton } from '@stod/ui/Skeleton.tsx';
import { ErrorState } from '@stod/ui/States.tsx';
import { usePumps } from '../api/get-pumps.ts';
import { ActiveNotice } from '../components/ActiveNotice.tsx';
import { StationHeading } from '../components/StationHeading.tsx';

const STATE_KEYS = {
  free: 'fuel.state.free',
  busy: 'fuel.state.busy',
  unavailable: 'fuel.state.unavailable',
} as const;

/** `/fuel/stations/{id}`: the station's pumps with their live state; a free one is chosen. */
export function PumpScreen() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const station = useStationById(id);
  const pumps = usePumps(id);
  const methods = usePaymentMethods();
  const headingId = useId();
  const stateLabel = (state: PointState) => t(STATE_KEYS[state]);

  if (methods.data && !canPayFor(methods.data.items, 'fuel')) {
    return <Navigate to={paths.fuelNoPayment} replace />;
  }
  if (station.isError) return <StationError unknown={isUnknownStation(station.error)} />;

  const offersFuel = station.data ? station.data.services.includes('fuel') : true;

  return (
    <Screen>
      {station.data ? (
        <StationHeading name={station.data.name} detail={station.data.address} />
      ) : (
        <div role="status" aria-label={t('common.loading')} className="flex flex-col gap-2 px-1">
          <Skeleton className="h-7 w-56" />
          <Skeleton className="h-5 w-44" />
        </div>
      )}
      <ActiveNotice />
      {!offersFuel ? (
        <EmptyCard
          icon={<Fuel size={26} />}
          title={t('fuel.noPumpsTitle')}
          text={t('fuel.noPumpsText')}
          testId="fuel-no-pumps"
        />
      ) : (
        <section aria-labelledby={headingId} className="flex flex-col gap-3">
          <div className="flex flex-col gap-1 px-1">
            <h2
              id={headingId}
              className="text-sm font-semibold tracking-wide text-slate-600 uppercase"
            >
              {t('fuel.pumps')}
            </h2>
            <p className="text-base text-slate-700">{t('fuel.pumpsHint')}</p>
          </div>
          <PointLegend label={t('fuel.legend')} stateLabel={stateLabel} />
          {pumps.isError && !pumps.data ? (
            <RetryNotice
              text={t('fuel.pumpsFailed')}
              retryLabel={t('common.retry')}
              onRetry={() => void pumps.refetch()}
              pending={pumps.isFetching}
              testId="fuel-pumps-error"
            />
          ) : !pumps.data ? (
            <div
              role="status"
              aria-label={t('common.loading')}
              className="grid grid-cols-2 gap-3 min-[360px]:grid-cols-3"
            >
              {Array.from({ length: 6 }, (_, i) => (
                <Skeleton key={i} className="aspect-square w-full rounded-3xl" />
              ))}
            </div>
          ) : pumps.data.items.length === 0 ? (
            <EmptyCard
              icon={<Fuel size={26} />}
              title={t('fuel.noPumpsTitle')}
              text={t('fuel.noPumpsText')}
              testId="fuel-no-pumps"
            />
          ) : (
            <PointGrid
              kind="pump"
              testId="pump-grid"
              points={pumps.data.items}
              stateLabel={stateLabel}
              pointLabel={(pump) =>
                t('fuel.pumpLabel', { number: pump.number, state: stateLabel(pump.state) })
              }
              onSelect={(number) => void navigate(fuelTypePath(id, number))}
            />
          )}
        </section>
      )}
    </Screen>
  );
}

function StationError({ unknown }: { unknown: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-1 flex-col" data-testid="fuel-station-error">
      <ErrorState
        level={2}
        title={unknown ? t('station.notFoundTitle') : t('fuel.stationFailed')}
        action={
          <ButtonLink to={paths.fuelStations} variant="secondary">
            {t('station.toList')}
          </ButtonLink>
        }
      />
    </div>
  );
}
