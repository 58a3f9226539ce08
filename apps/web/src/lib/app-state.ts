import type { LatLng, MergedStation } from '@stod/domain';
import { create } from 'zustand';
import type { LocationPermission } from '../platform/geolocation.ts';

/** Spec §3 "App state": the small client flags that several features read or set. */
interface AppState {
  noNetworkConnection: boolean;
  disableBackButton: boolean;
  /** Set by fuel, car wash and charging while a transaction runs; maintenance waits for it. */
  transactionInProgress: boolean;
  /** The device's last known position; null until location is allowed and read. */
  geolocation: LatLng | null;
  /** 'unknown' until checked; the location poll runs only while it is 'granted'. */
  locationPermission: LocationPermission | 'unknown';
  /** The station within 0.1 km of the position (spec §4 "Location polling"), if any. */
  closestStation: MergedStation | null;
  /** Spec §3 store flag: a closest-station search is running (rule 6). */
  searchForClosestStation: boolean;
}

export const useAppState = create<AppState>(() => ({
  noNetworkConnection: typeof navigator !== 'undefined' ? !navigator.onLine : false,
  disableBackButton: false,
  transactionInProgress: false,
  geolocation: null,
  locationPermission: 'unknown',
  closestStation: null,
  searchForClosestStation: false,
}));

export function setTransactionInProgress(value: boolean): void {
  useAppState.setState({ transactionInProgress: value });
}
