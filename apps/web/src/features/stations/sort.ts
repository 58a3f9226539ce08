import { distanceKm, type LatLng, type Station } from '@stod/domain';

export const sortModes = ['name', 'distance', 'services'] as const;
export type SortMode = (typeof sortModes)[number];

/**
 * Faroese alphabetical order: æ, ø and å after z. Browsers built on Chromium ship no Faroese
 * collation (they would fall back to English and sort ø as o); Danish orders those letters the
 * same way, so it stands in there.
 */
const faroese = new Intl.Collator(['fo', 'da'], { numeric: true });

export const compareNames = (a: { name: string }, b: { name: string }) =>
  faroese.compare(a.name, b.name);

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
