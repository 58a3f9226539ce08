import type { StationService } from '@stod/domain';
import { redirect, type LoaderFunctionArgs } from 'react-router';
import { HASH_PATTERN, WEB_FOOD_ONLY } from '../config.ts';
import { keepsFoodCart, resetFoodCart } from '../features/food/store.ts';
import { useAppState } from '../lib/app-state.ts';
import { isRouteHandle, type NotFoundData, type RouteHandle } from '../lib/route-meta.ts';
import { isSignedIn } from '../lib/session.ts';
import { isNativePlatform } from '../platform/capacitor.ts';
import { closestStationSearchFor, decideRedirect } from './navigation-rules.ts';

interface RouterLike {
  state: { matches: readonly { route: { handle?: unknown } }[] };
}

let router: RouterLike | null = null;

/** main.tsx hands the router over, so a loader knows which route is being left. */
export function watchRouter(value: RouterLike): void {
  router = value;
}

/** The route on screen while a navigation's loaders run. */
function currentRouteName(): string | null {
  const handle = router?.state.matches.at(-1)?.route.handle;
  return isRouteHandle(handle) ? handle.name : null;
}

function runGuard(handle: RouteHandle, request: Request) {
  const url = new URL(request.url);
  const to = decideRedirect(handle, url.pathname + url.search, {
    signedIn: isSignedIn(),
    native: isNativePlatform(),
    online: !useAppState.getState().noNetworkConnection,
    webFoodOnly: WEB_FOOD_ONLY,
  });
  if (to) return redirect(to);
  if (!keepsFoodCart(handle.name, url)) resetFoodCart();
  return null;
}

/** Rule 6: at a station that offers the service, its flow opens instead of the list. */
async function openClosestStation(service: StationService) {
  try {
    const { closestStationPath } = await import('../features/stations/closest.ts');
    const path = await closestStationPath(service);
    return path ? redirect(path) : null;
  } catch {
    // Without the search the list opens, as when no station is near.
    return null;
  }
}

/** Every route's loader: the navigation rules run here, before anything renders. */
export function guardLoader(handle: RouteHandle) {
  return ({ request }: LoaderFunctionArgs) => {
    const leaving = currentRouteName();
    const result = runGuard(handle, request);
    const search = result ? null : closestStationSearchFor(leaving, handle.name);
    return search ? openClosestStation(search) : result;
  };
}

/** `/{hash}` only takes hash-like segments; anything else shows the 404 screen in place. */
export function hashLoader(handle: RouteHandle) {
  return ({ request, params }: LoaderFunctionArgs): Response | NotFoundData | null => {
    if (!HASH_PATTERN.test(params.hash ?? '')) return { notFound: true };
    return runGuard(handle, request);
  };
}
