import { redirect, type LoaderFunctionArgs } from 'react-router';
import { HASH_PATTERN, WEB_FOOD_ONLY } from '../config.ts';
import { FOOD_CART_ROUTE_NAMES, resetFoodCart } from '../features/food/store.ts';
import { useAppState } from '../lib/app-state.ts';
import type { NotFoundData, RouteHandle } from '../lib/route-meta.ts';
import { isSignedIn } from '../lib/session.ts';
import { isNativePlatform } from '../platform/capacitor.ts';
import { decideRedirect } from './navigation-rules.ts';

function runGuard(handle: RouteHandle, request: Request) {
  const url = new URL(request.url);
  const to = decideRedirect(handle, url.pathname + url.search, {
    signedIn: isSignedIn(),
    native: isNativePlatform(),
    online: !useAppState.getState().noNetworkConnection,
    webFoodOnly: WEB_FOOD_ONLY,
  });
  if (to) return redirect(to);
  if (!FOOD_CART_ROUTE_NAMES.includes(handle.name)) resetFoodCart();
  return null;
}

/** Every route's loader: the navigation rules run here, before anything renders. */
export function guardLoader(handle: RouteHandle) {
  return ({ request }: LoaderFunctionArgs) => runGuard(handle, request);
}

/** `/{hash}` only takes hash-like segments; anything else shows the 404 screen in place. */
export function hashLoader(handle: RouteHandle) {
  return ({ request, params }: LoaderFunctionArgs): Response | NotFoundData | null => {
    if (!HASH_PATTERN.test(params.hash ?? '')) return { notFound: true };
    return runGuard(handle, request);
  };
}
