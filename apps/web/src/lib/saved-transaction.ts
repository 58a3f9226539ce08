import type { StationTransaction } from '@stod/domain';
import { z } from 'zod';
import {
  getPreference,
  removePreference,
  setPreference,
  type StationTransactionPrefKey,
} from '../platform/preferences.ts';

/**
 * Spec §3 "Values kept on the device": the transaction the device follows and what was chosen
 * for it, so the app finds its way back to a refuelling or a wash after a restart (spec §4
 * "Resuming a transaction").
 */
export const SAVED_KEYS = {
  transactionId: 'transaction_id',
  fuel: 'fuel_data',
  carwash: 'carwash_data',
} as const satisfies Record<string, StationTransactionPrefKey>;

const id = z.number().int().positive();
const fuelDataSchema = z.object({ stationId: id, fuelPump: id, fuelProduct: id });
const carwashDataSchema = z.object({ stationId: id, carwashBox: id, carwashProduct: id });

export type FuelData = z.infer<typeof fuelDataSchema>;
export type CarwashData = z.infer<typeof carwashDataSchema>;

export interface SavedTransaction {
  transactionId: string | null;
  fuel: FuelData | null;
  carwash: CarwashData | null;
}

function parse<T>(schema: z.ZodType<T>, raw: string | null): T | null {
  if (raw === null) return null;
  try {
    const parsed = schema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** What the device keeps; a value it cannot read counts as none. */
export async function readSavedTransaction(): Promise<SavedTransaction> {
  const [transactionId, fuel, carwash] = await Promise.all([
    getPreference(SAVED_KEYS.transactionId),
    getPreference(SAVED_KEYS.fuel),
    getPreference(SAVED_KEYS.carwash),
  ]);
  return {
    transactionId: transactionId || null,
    fuel: parse(fuelDataSchema, fuel),
    carwash: parse(carwashDataSchema, carwash),
  };
}

/** The selection a transaction was started with, in the device's words. */
export function selectionOf(transaction: StationTransaction): FuelData | CarwashData {
  return transaction.service === 'fuel'
    ? {
        stationId: transaction.stationId,
        fuelPump: transaction.point,
        fuelProduct: transaction.product.id,
      }
    : {
        stationId: transaction.stationId,
        carwashBox: transaction.point,
        carwashProduct: transaction.product.id,
      };
}

/** Keeps a started transaction: its id and its selection; the other service's is dropped. */
export async function rememberTransaction(transaction: StationTransaction): Promise<void> {
  const own = transaction.service === 'fuel' ? SAVED_KEYS.fuel : SAVED_KEYS.carwash;
  const other = transaction.service === 'fuel' ? SAVED_KEYS.carwash : SAVED_KEYS.fuel;
  await Promise.all([
    setPreference(SAVED_KEYS.transactionId, transaction.id),
    setPreference(own, JSON.stringify(selectionOf(transaction))),
    removePreference(other),
  ]);
}

export async function forgetSaved(keys: readonly StationTransactionPrefKey[]): Promise<void> {
  await Promise.all(keys.map((key) => removePreference(key)));
}

/** Forgets everything about the followed transaction, once it is over. */
export function forgetTransaction(): Promise<void> {
  return forgetSaved(Object.values(SAVED_KEYS));
}
