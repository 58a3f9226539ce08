import { distanceKm, type LatLng, type Station } from '@stod/domain';
import { compareNames } from '../../lib/names.ts';

export const sortModes = ['name', 'distance', 'services'] as const;
export type SortMode = (typeof sortModes)[number];

/**
 * The list's order: by name; by distance from the position (nearest first, unknown distance
 * last, then by name); or by what a station offers (most services, then most products, then
 * by name). Without a position, 'distance' falls back to names.
 */
export function sortStations<T extends Station>(
  stations: readonly T[],
  mode: SortMode,
  position: LatLng | null,
): T[] {
  const list = [...stations];
  if (mode === 'distance' && position) {
    const km = new Map(list.map((s) => [s.id, distanceKm(position, s.location)]));
    return list.sort(
      (a, b) => (km.get(a.id) ?? Infinity) - (km.get(b.id) ?? Infinity) || compareNames(a, b),
    );
  }
  if (mode === 'services') {
    return list.sort(
      (a, b) =>
        b.services.length - a.services.length ||
        b.products.length - a.products.length ||
        compareNames(a, b),
    );
  }
  return list.sort(compareNames);
}
