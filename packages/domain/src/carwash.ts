import { z } from 'zod';
import { idField, strict } from './fields.ts';

/**
 * The car wash, the wash side of a station transaction: what the app sends to start one (a card
 * or a car-wash voucher pays), the bay's words for its states, and the stop button's hold. The
 * transaction's machine, shared with refuelling, is in station-transactions.ts.
 */

export const carwashStartSchema = strict({
  stationId: idField,
  bayNumber: idField,
  productId: idField,
  paymentMethodId: z.uuid({ error: 'validation.invalid' }).optional(),
  /** A car-wash voucher of the user's pays instead of the card. */
  voucherId: z.uuid({ error: 'validation.invalid' }).optional(),
}).refine((v) => (v.paymentMethodId === undefined) !== (v.voucherId === undefined), {
  error: 'validation.required',
  path: ['paymentMethodId'],
});
export type CarwashStart = z.infer<typeof carwashStartSchema>;

/** Spec §9: the wash's stop button is held this long. */
export const CARWASH_STOP_HOLD_MS = 3000;

/** A wash bay as the car-wash controller reports it; the controller's port speaks these words. */
export const bayStates = [
  'free',
  'ready',
  'countdown',
  'washing',
  'finished',
  'stopped',
  'fault',
  'offline',
] as const;
export type BayState = (typeof bayStates)[number];
