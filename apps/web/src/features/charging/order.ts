import { distanceKm, type InstallationView, type LatLng } from '@stod/domain';
import { compareNames } from '../../lib/names.ts';

/**
 * The charging list's order: the user's own first, then the starred ones, then the installations
 * with a connector free now, then the rest; each group nearest first once the position is known
 * (by name without it). With `freeOnly`, only those with a connector free now.
 */
export function orderInstallations(
  items: readonly InstallationView[],
  position: LatLng | null,
  freeOnly: boolean,
  favourites: readonly string[] = [],
): InstallationView[] {
  const km = new Map(items.map((i) => [i.id, position ? distanceKm(position, i) : 0]));
  const rank = (i: InstallationView) =>
    i.access === 'own' ? 0 : favourites.includes(i.id) ? 1 : i.connectorsFree > 0 ? 2 : 3;
  return items
    .filter((i) => !freeOnly || i.connectorsFree > 0)
    .sort(
      (a, b) =>
        rank(a) - rank(b) || (km.get(a.id) ?? 0) - (km.get(b.id) ?? 0) || compareNames(a, b),
    );
}

/** How far an installation is, when the position is known. */
export function installationDistance(installation: InstallationView, position: LatLng | null) {
  return position ? distanceKm(position, installation) : null;
}
