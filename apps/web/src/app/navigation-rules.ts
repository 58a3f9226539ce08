import type { StationService } from '@stod/domain';
import type { RouteHandle } from '../lib/route-meta.ts';
import { loginPathFor, paths } from '../lib/paths.ts';

export interface NavigationContext {
  signedIn: boolean;
  native: boolean;
  online: boolean;
  /** VITE_WEB_FOOD_ONLY: the spec's literal web rule. */
  webFoodOnly: boolean;
}

/** Screens the shell itself sends people to; no rule may send them away again. */
const SYSTEM_ROUTES: readonly string[] = ['no-network', 'maintenance', 'not-found'];

/**
 * Spec §2 navigation rules 1, 2, 3 and 5 for one target; null lets the navigation through.
 * `target` is the path with its query, used to come back after sign-in.
 */
export function decideRedirect(
  handle: RouteHandle,
  target: string,
  ctx: NavigationContext,
): string | null {
  if (!ctx.online && handle.name !== 'no-network') return paths.noNetwork;
  if (SYSTEM_ROUTES.includes(handle.name)) return null;
  if (!ctx.native && ctx.webFoodOnly && !handle.isFoodOrder) return paths.foodOrder;
  if (handle.isAuthRequired && !ctx.signedIn) return loginPathFor(target);
  if (handle.isGuestRequired && ctx.signedIn) return paths.home;
  if (ctx.native && handle.isFoodOrder && !ctx.signedIn) return loginPathFor(target);
  return null;
}

/** Rule 6: the station lists whose opening from home searches for the closest station. */
const CLOSEST_SEARCH: Readonly<Record<string, StationService>> = {
  'fuel-stations': 'fuel',
  'carwash-stations': 'carwash',
  'food-stations': 'food',
};

/** Spec §2 rule 6 for one navigation: the service to search a station for, or null. */
export function closestStationSearchFor(from: string | null, to: string): StationService | null {
  if (from !== 'home') return null;
  return CLOSEST_SEARCH[to] ?? null;
}
