import { z } from 'zod';
import { idField, strict } from './fields.ts';

/**
 * Refuelling, the fuel side of a station transaction: what the app sends to start one, the
 * pump's words for its states, and the money of litres at a price. The transaction's machine,
 * shared with the car wash, is in station-transactions.ts; the hold is FUEL_HOLD_ORE (money.ts).
 */

export const fuelStartSchema = strict({
  stationId: idField,
  pumpNumber: idField,
  productId: idField,
  paymentMethodId: z.uuid({ error: 'validation.invalid' }),
});
export type FuelStart = z.infer<typeof fuelStartSchema>;

/** Whole øre for a volume at a price per litre, as a pump computes it: to the nearest øre. */
export function fuelAmount(volumeMl: number, pricePerLitre: number): number {
  if (!Number.isSafeInteger(volumeMl) || volumeMl < 0) throw new RangeError('volume in whole ml');
  if (!Number.isSafeInteger(pricePerLitre) || pricePerLitre < 0)
    throw new RangeError('price in whole øre');
  return Math.round((volumeMl * pricePerLitre) / 1000);
}

/** The largest volume a hold pays for at a price, in whole ml (the pump stops there). */
export function volumeForLimit(limit: number, pricePerLitre: number): number {
  if (pricePerLitre <= 0) return 0;
  return Math.floor((limit * 1000) / pricePerLitre);
}

/** A pump as the forecourt controller reports it; the controller's port speaks these words. */
export const pumpStates = [
  'idle',
  'authorised',
  'fuelling',
  'finished',
  'inactive',
  'offline',
] as const;
export type PumpState = (typeof pumpStates)[number];
