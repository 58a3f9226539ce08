import { KITCHEN_EXPIRY_WARNING_SECONDS } from '@stod/domain';
import type { KitchenOrder } from './kitchen.ts';

/** A new order turns amber this long before it expires unanswered… */
export const SOON_SECONDS = 2 * KITCHEN_EXPIRY_WARNING_SECONDS;
/** …and red, with a warning sound, for the last minute, which the API never cuts short. */
export const NOW_SECONDS = KITCHEN_EXPIRY_WARNING_SECONDS;
/** Food waiting this long for its customer stands out. */
export const PICKUP_WAIT_SECONDS = 10 * 60;
/** How often the warning sounds while an order is about to expire. */
export const WARNING_REPEAT_MS = 10_000;

/** 'calm', or how close a new order is to expiring unanswered. */
export type Urgency = 'calm' | 'soon' | 'now';

/** How long until an order waiting for an answer expires, in whole seconds (0 once past). */
export function secondsLeft(order: KitchenOrder, now: number): number | null {
  if (order.state !== 'placed' || !order.expiresAt) return null;
  return Math.max(0, Math.ceil((Date.parse(order.expiresAt) - now) / 1000));
}

export function urgencyOf(order: KitchenOrder, now: number): Urgency {
  const left = secondsLeft(order, now);
  if (left === null) return 'calm';
  if (left <= NOW_SECONDS) return 'now';
  return left <= SOON_SECONDS ? 'soon' : 'calm';
}

/**
 * The orders about to be lost: red and not accepted by the station itself, soonest first. What
 * the warning banner names and sounds for.
 */
export function expiringOrders(orders: readonly KitchenOrder[], now: number): KitchenOrder[] {
  return orders
    .filter((o) => !o.autoAccept && urgencyOf(o, now) === 'now')
    .sort((a, b) => (secondsLeft(a, now) ?? 0) - (secondsLeft(b, now) ?? 0));
}

/** A span as a kitchen clock shows it: 4:05, or 1:04:05 past an hour. */
export function spanText(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const two = (n: number) => String(n).padStart(2, '0');
  const hours = Math.floor(s / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  return hours > 0
    ? `${String(hours)}:${two(minutes)}:${two(s % 60)}`
    : `${String(minutes)}:${two(s % 60)}`;
}

/** Seconds since an instant, never negative (a tablet's clock may run a little behind). */
export const secondsSince = (iso: string, now: number): number =>
  Math.max(0, Math.floor((now - Date.parse(iso)) / 1000));
