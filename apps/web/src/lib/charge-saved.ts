import {
  getPreference,
  removePreference,
  setPreference,
  type PrefKey,
} from '../platform/preferences.ts';

/**
 * Spec §3 "Values kept on the device": `charge_id`, the charge the device follows, so the app
 * finds its way back to it after a restart (spec §4 "Charge": persisted on each update, removed
 * when the charge is cleared). The key is written here only, so the first paint carries nothing
 * of it.
 */
export const CHARGE_ID_KEY: PrefKey = 'charge_id';

/** The charge id the device keeps, or null. */
export async function readSavedChargeId(): Promise<string | null> {
  const value = await getPreference(CHARGE_ID_KEY);
  return value ? value : null;
}

/** Keeps the charge's id; called with every update of a charge that has not finished. */
export async function rememberCharge(id: string): Promise<void> {
  if ((await getPreference(CHARGE_ID_KEY)) === id) return;
  await setPreference(CHARGE_ID_KEY, id);
}

/**
 * Forgets the followed charge: it is over, or it no longer exists. With an id, only when that is
 * the charge the device keeps; a newer one stays.
 */
export async function forgetCharge(id?: string): Promise<void> {
  if (id !== undefined && (await getPreference(CHARGE_ID_KEY)) !== id) return;
  await removePreference(CHARGE_ID_KEY);
}
