import { useTranslation } from 'react-i18next';
import { paths } from '../../../lib/paths.ts';
import { StationLoadError } from '../../../lib/station-flow-states.tsx';

/** A food station that does not exist or could not be read: the way back to the list. */
export function FoodStationError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  return (
    <StationLoadError
      error={error}
      failedTitle={t('food.stationsFailed')}
      listPath={paths.foodStations}
      testId="food-station-error"
    />
  );
}
