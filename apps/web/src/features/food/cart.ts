import {
  FOOD_QUANTITY_MAX,
  keepsLine,
  priceLines,
  type Menu,
  type OrderLine,
  type ParsedOrderLine,
  type PricedLine,
} from '@stod/domain';
import { useEffect } from 'react';
import { getPreference, setPreference } from '../../platform/preferences.ts';
import { cartResetCount, useFoodCart, type FoodCartLine } from './store.ts';

// The cart's operations (spec §4 "Food cart"): kept on the device per station, priced by the
// domain's rule from the menu. The store itself is on the first paint; this is not.

const EMPTY: FoodCartLine[] = [];

function isLine(value: unknown): value is FoodCartLine {
  if (typeof value !== 'object' || value === null) return false;
  const line = value as Partial<FoodCartLine>;
  return (
    typeof line.uuid === 'string' &&
    typeof line.quantity === 'number' &&
    (line.type === 'product' || line.type === 'offer')
  );
}

/** Reads the device's carts once; a reset while reading wins over what was read. */
export async function hydrateCart(): Promise<void> {
  if (useFoodCart.getState().hydrated) return;
  const before = cartResetCount();
  let saved: Record<string, FoodCartLine[]> = {};
  try {
    const raw = await getPreference('food_cart');
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    if (typeof parsed === 'object' && parsed !== null) {
      for (const [station, lines] of Object.entries(parsed)) {
        if (Array.isArray(lines)) saved[station] = lines.filter(isLine);
      }
    }
  } catch {
    saved = {};
  }
  if (cartResetCount() !== before || useFoodCart.getState().hydrated) return;
  useFoodCart.setState({ carts: { ...saved, ...useFoodCart.getState().carts }, hydrated: true });
}

function save(carts: Record<string, FoodCartLine[]>) {
  useFoodCart.setState({ carts, hydrated: true });
  void setPreference('food_cart', JSON.stringify(carts));
}

function setLines(stationId: string, lines: FoodCartLine[]) {
  const carts = Object.fromEntries(
    Object.entries(useFoodCart.getState().carts).filter(([station]) => station !== stationId),
  );
  save(lines.length > 0 ? { ...carts, [stationId]: lines } : carts);
}

/** The station's cart, read from the device on first use. */
export function useCart(stationId: string): { lines: FoodCartLine[]; ready: boolean } {
  const lines = useFoodCart((s) => s.carts[stationId] ?? EMPTY);
  const ready = useFoodCart((s) => s.hydrated);
  useEffect(() => {
    void hydrateCart();
  }, []);
  return { lines, ready };
}

/** A line before it is in the cart. */
export type NewCartLine =
  | Omit<Extract<FoodCartLine, { type: 'product' }>, 'uuid'>
  | Omit<Extract<FoodCartLine, { type: 'offer' }>, 'uuid'>;

const sameChoice = (a: FoodCartLine, b: NewCartLine) =>
  JSON.stringify({ ...a, uuid: undefined, quantity: undefined }) ===
  JSON.stringify({ ...b, uuid: undefined, quantity: undefined });

/** Adds a line; the same product with the same changes adds to the line already there. */
export function addLine(stationId: string, line: NewCartLine): void {
  const lines = useFoodCart.getState().carts[stationId] ?? [];
  const twin = lines.find((l) => sameChoice(l, line));
  if (twin) {
    setQuantity(stationId, twin.uuid, Math.min(FOOD_QUANTITY_MAX, twin.quantity + line.quantity));
    return;
  }
  setLines(stationId, [...lines, { ...line, uuid: crypto.randomUUID() }]);
}

/** A quantity below 1 removes the line (§4). */
export function setQuantity(stationId: string, uuid: string, quantity: number): void {
  const lines = useFoodCart.getState().carts[stationId] ?? [];
  setLines(
    stationId,
    keepsLine(quantity)
      ? lines.map((l) => (l.uuid === uuid ? { ...l, quantity } : l))
      : lines.filter((l) => l.uuid !== uuid),
  );
}

/** After an order: that station's cart is done with. */
export function clearCart(stationId: string): void {
  setLines(stationId, []);
}

/** The order lines the API takes, the same for the quote and the order. */
export function orderLinesOf(lines: readonly FoodCartLine[]): OrderLine[] {
  return lines.map((line) =>
    line.type === 'product'
      ? {
          type: 'product',
          productId: line.productId,
          quantity: line.quantity,
          addedIngredientIds: line.added,
          removedIngredientIds: line.removed,
        }
      : {
          type: 'offer',
          offerId: line.offerId,
          quantity: line.quantity,
          items: line.items.map((item) => ({
            productId: item.productId,
            addedIngredientIds: item.added,
            removedIngredientIds: item.removed,
          })),
        },
  );
}

/** A cart line priced by the domain's rule, or `null` when the menu no longer has it so. */
export interface CartRow {
  line: FoodCartLine;
  priced: PricedLine | null;
  /** The product's or offer's name, also for a line the menu lost. */
  name: string;
}

/** Each line priced on its own, so one gone from the menu does not hide the others' prices. */
export function priceCart(menu: Menu, lines: readonly FoodCartLine[]) {
  const rows: CartRow[] = orderLinesOf(lines).map((order, index) => {
    const line = lines[index] as FoodCartLine;
    const result = priceLines(menu, [order as ParsedOrderLine]);
    const priced = 'code' in result ? null : (result.lines[0] ?? null);
    const name =
      priced?.name ??
      (line.type === 'product'
        ? menu.products.find((p) => p.id === line.productId)?.name
        : menu.offers.find((o) => o.id === line.offerId)?.name) ??
      '';
    return { line, priced, name };
  });
  const total = rows.reduce((sum, row) => sum + (row.priced?.total ?? 0), 0);
  const count = lines.reduce((sum, l) => sum + l.quantity, 0);
  return { rows, total, count, complete: rows.every((r) => r.priced !== null) };
}
