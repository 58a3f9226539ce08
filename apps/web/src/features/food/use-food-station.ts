import { FOOD_PREP_MINUTES, openStatus, openStatusText, pickupRefusal } from '@stod/domain';
import { useLocale } from '../../i18n/index.ts';
import { useStationById } from '../../lib/station-query.ts';
import { useMinuteClock } from '../../lib/use-now.ts';
import { useMenu } from './api.ts';

/**
 * A food station's screen data: the station, its menu, and whether an order may be placed now
 * (§5: the restaurant is open, with the kitchen's time before it closes).
 */
export function useFoodStation(id: string) {
  const station = useStationById(id);
  const menu = useMenu(id);
  const now = useMinuteClock();
  const locale = useLocale();
  const hours = station.data?.openingHours;
  const prep = station.data?.kitchenPrepMinutes ?? FOOD_PREP_MINUTES;
  const orderable = hours ? pickupRefusal(hours, now, 'asap', prep) === null : false;
  const status = hours ? openStatusText(openStatus(hours, now), locale) : '';
  return { station, menu, now, orderable, status };
}
