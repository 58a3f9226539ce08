import { canPayFor, type PointState } from '@stod/domain';
import { Fuel } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { fuelTypePath } from '../../../lib/deep-link.ts';
import { paths } from '../../../lib/paths.ts';
import { usePaymentMethods } from '../../../lib/payment-methods.ts';
import { useStationById } from '../../../lib/station-query.ts';
import { StationLoadError } from '../../../lib/station-flow-states.tsx';
import { ActiveNotice } from '../../../lib/active-notice.tsx';
import { EmptyCard } from '@stod/ui/EmptyCard.tsx';
import { PointGrid, PointSection } from '@stod/ui/PointGrid.tsx';
import { Screen } from '@stod/ui/Screen.tsx';
import { Skeleton } from '@stod/ui/Skeleton.tsx';
import { StationHeading } from '@stod/ui/StationHeading.tsx';
import { usePumps } from '../api/get-pumps.ts';
import { POINT_STATE_KEYS } from '../labels.ts';

/** `/fuel/stations/{id}`: the station's pumps with their live state; a free one is chosen. */
export function PumpScreen() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const station = useStationById(id);
  const pumps = usePumps(id);
  const methods = usePaymentMethods();
  const stateLabel = (state: PointState) => t(POINT_STATE_KEYS[state]);

  if (methods.data && !canPayFor(methods.data.items, 'fuel')) {
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

  const offersFuel = station.data ? station.data.services.includes('fuel') : true;

  return (
    <Screen>
      {station.data ? (
        <StationHeading
          testId="fuel-station-heading"
          name={station.data.name}
          detail={station.data.address}
        />
      ) : (
        <div role="status" aria-label={t('common.loading')} className="flex flex-col gap-2 px-1">
          <Skeleton className="h-7 w-56" />
          <Skeleton className="h-5 w-44" />
        </div>
      )}
      <ActiveNotice service="fuel" testId="fuel-active-notice" linkLabel={t('fuel.toActive')} />
      {!offersFuel ? (
        <EmptyCard
          icon={<Fuel size={26} />}
          title={t('fuel.noPumpsTitle')}
          text={t('fuel.noPumpsText')}
          testId="fuel-no-pumps"
        />
      ) : (
        <PointSection
          heading={t('fuel.pumps')}
          hint={t('fuel.pumpsHint')}
          legendLabel={t('fuel.legend')}
          stateLabel={stateLabel}
          failed={
            pumps.isError && !pumps.data
              ? {
                  text: t('fuel.pumpsFailed'),
                  retryLabel: t('common.retry'),
                  onRetry: () => void pumps.refetch(),
                  pending: pumps.isFetching,
                  testId: 'fuel-pumps-error',
                }
              : null
          }
          loading={pumps.data ? null : { label: t('common.loading'), tiles: 6 }}
        >
          {pumps.data?.items.length === 0 ? (
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
              points={pumps.data?.items ?? []}
              stateLabel={stateLabel}
              pointLabel={(pump) =>
                t('fuel.pumpLabel', { number: pump.number, state: stateLabel(pump.state) })
              }
              onSelect={(number) => void navigate(fuelTypePath(id, number))}
            />
          )}
        </PointSection>
      )}
    </Screen>
  );
}
