import { create } from 'zustand';
import { removePreference } from '../../platform/preferences.ts';

/** Spec §2 rule 3: the food cart survives only on these routes (by route name). */
export const FOOD_CART_ROUTE_NAMES: readonly string[] = [
  'food-order',
  'food-station',
  'food-station-cart',
  'food-station-checkout',
  'food-station-order',
];

/** What the customer chose for one product: ingredients added to it and taken off it. */
export interface FoodChoice {
  productId: string;
  added: string[];
  removed: string[];
}

/** A line of the cart: a product with its changes, or an offer with one choice per item. */
export type FoodCartLine =
  | ({ uuid: string; type: 'product'; quantity: number } & FoodChoice)
  | { uuid: string; type: 'offer'; offerId: string; quantity: number; items: FoodChoice[] };

interface FoodCartState {
  /** One cart per station, by station id. */
  carts: Record<string, FoodCartLine[]>;
  /** Whether the device's saved carts were read in (features/food/cart.ts). */
  hydrated: boolean;
}

export const useFoodCart = create<FoodCartState>(() => ({ carts: {}, hydrated: false }));

let resets = 0;
/** Counts resets, so that a saved cart read before one is not put back after it. */
export const cartResetCount = () => resets;

/** Rule 3: leaving the food routes empties every cart, on the device as well. */
export function resetFoodCart(): void {
  const state = useFoodCart.getState();
  if (Object.keys(state.carts).length === 0 && state.hydrated) return;
  resets += 1;
  useFoodCart.setState({ carts: {}, hydrated: true });
  void removePreference('food_cart');
}

/**
 * Whether a navigation keeps the cart: the food routes do, and so does signing in (or
 * registering) on the way back to one, so that a guest who signs in at checkout finds the cart.
 */
export function keepsFoodCart(routeName: string, url: URL): boolean {
  if (FOOD_CART_ROUTE_NAMES.includes(routeName)) return true;
  return isFoodPath(url.searchParams.get('redirect')) || isFoodPath(keptReturnPath());
}

const isFoodPath = (path: string | null) => path !== null && path.startsWith('/food-order');

/** Registration's kept way back (lib/return-path.ts), read here without loading that module. */
function keptReturnPath(): string | null {
  try {
    return window.sessionStorage.getItem('redirectPathName');
  } catch {
    return null;
  }
}
