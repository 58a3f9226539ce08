import { create } from 'zustand';

/** Spec §3 "App state": the small client flags that several features read or set. */
interface AppState {
  noNetworkConnection: boolean;
  disableBackButton: boolean;
  /** Set by fuel, car wash and charging while a transaction runs; maintenance waits for it. */
  transactionInProgress: boolean;
}

export const useAppState = create<AppState>(() => ({
  noNetworkConnection: typeof navigator !== 'undefined' ? !navigator.onLine : false,
  disableBackButton: false,
  transactionInProgress: false,
}));

export function setTransactionInProgress(value: boolean): void {
  useAppState.setState({ transactionInProgress: value });
}
