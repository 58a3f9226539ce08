import { PRODUCT_SLUG } from '../config.ts';
import { isNativePlatform } from './capacitor.ts';

/** Device keys named by spec §3. */
export const PREF_KEYS = {
  accessToken: 'access_token',
  locale: `${PRODUCT_SLUG}_locale`,
  updatePostponedUntil: 'update_postponed_until',
} as const;

/**
 * Spec §3: the station transaction the device follows (`transaction_id`) and what was chosen for
 * it (`fuel_data`, `carwash_data`). Named as types only: the keys are written where they are used
 * (lib/saved-transaction.ts), so the first paint carries nothing of them.
 */
export type StationTransactionPrefKey = 'transaction_id' | 'fuel_data' | 'carwash_data';

/** Spec §3: the charge the device follows; written in lib/charge-saved.ts, as above. */
export type ChargePrefKey = 'charge_id';

/** The food carts, one per station, and the station last ordered from (features/food). */
export type FoodPrefKey = 'food_cart' | 'food_station';

/** Spec §3: the ids of the campaigns dismissed on this device (features/campaigns). */
export type CampaignPrefKey = 'dismissedCampaigns';

/** The charging installations the user starred on this device (features/charging). */
export type ChargingPrefKey = 'charging_favourites';

/**
 * Spec §3: the push permission decision and the push token (features/push), with the id the
 * server gave the token and this installation's device id.
 */
export type PushPrefKey = 'push_permission' | 'push_token' | 'push_token_id' | 'push_device_id';

export type PrefKey =
  | (typeof PREF_KEYS)[keyof typeof PREF_KEYS]
  | PushPrefKey
  | StationTransactionPrefKey
  | ChargePrefKey
  | FoodPrefKey
  | CampaignPrefKey
  | ChargingPrefKey;

const native = () => import('@capacitor/preferences').then((m) => m.Preferences);

/**
 * Capacitor Preferences on native; on the web plain localStorage under the same key names
 * (a blocked localStorage, as in some private modes, keeps nothing).
 */
export async function getPreference(key: PrefKey): Promise<string | null> {
  if (isNativePlatform()) return (await (await native()).get({ key })).value;
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export async function setPreference(key: PrefKey, value: string): Promise<void> {
  if (isNativePlatform()) {
    await (await native()).set({ key, value });
    return;
  }
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Private mode or a full quota: the value lives only as long as the page.
  }
}

export async function removePreference(key: PrefKey): Promise<void> {
  if (isNativePlatform()) {
    await (await native()).remove({ key });
    return;
  }
  try {
    window.localStorage.removeItem(key);
  } catch {
    // See setPreference.
  }
}
