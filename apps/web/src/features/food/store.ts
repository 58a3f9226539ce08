import { create } from 'zustand';

/** Spec §2 rule 3: the food cart survives only on these routes (by route name). */
export const FOOD_CART_ROUTE_NAMES: readonly string[] = [
  'food-order',
  'food-station',
  'food-station-cart',
  'food-station-checkout',
  'food-station-order',
];

/** A cart line; the food-ordering issue fills in products, offers and prices. */
export interface FoodCartLine {
  uuid: string;
  amount: number;
}

interface FoodCartState {
  stationId: string | null;
  lines: FoodCartLine[];
}

const empty: FoodCartState = { stationId: null, lines: [] };

export const useFoodCart = create<FoodCartState>(() => empty);

export function resetFoodCart(): void {
  const state = useFoodCart.getState();
  if (state.stationId !== null || state.lines.length > 0) useFoodCart.setState(empty);
}
