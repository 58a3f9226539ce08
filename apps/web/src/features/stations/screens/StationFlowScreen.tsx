import { Hourglass } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { useStationById } from '../../../lib/station-query.ts';
import { ButtonLink } from '@stod/ui/Button.tsx';
import { Skeleton } from '@stod/ui/Skeleton.tsx';
import { EmptyState, ErrorState } from '@stod/ui/States.tsx';

/**
 * Stands in for /food-order/stations/{id} until the food flow is built: the route's title in
 * the header, the station's name under it. Fuel and car wash have their own screens.
 */
export function StationFlowScreen() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const { data: station, isPending } = useStationById(id);

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
