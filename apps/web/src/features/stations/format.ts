import type { LatLng, StationService } from '@stod/domain';
import { paths } from '../../lib/paths.ts';

/** Google Maps directions to a point, opened in the browser or the maps app. */
export function directionsUrl(to: LatLng): string {
  return `https://www.google.com/maps/dir/?api=1&destination=${String(to.lat)},${String(to.lng)}`;
}

const FLOW: Record<StationService, (id: number) => string> = {
  fuel: paths.fuelStation,
  carwash: paths.carwashStation,
  food: paths.foodStation,
};

/** The route that starts a service's flow at a station: /fuel/stations/{id} and the like. */
export function stationFlowPath(service: StationService, stationId: number): string {
  return FLOW[service](stationId);
}

/** Only plain hex colours from the API reach a style attribute. */
export function safeColor(value: string | undefined, fallback: string): string {
  return value && /^#[0-9a-f]{3,8}$/i.test(value) ? value : fallback;
}
