import type { StationTransaction } from '@stod/domain';
import { matchPath } from 'react-router';
import type { StationTransactionPrefKey } from '../platform/preferences.ts';
import { useAppState } from './app-state.ts';
import { isBelow, paths } from './paths.ts';
import { queryClient } from './query-client.ts';
import {
  forgetSaved,
  readSavedTransaction,
  rememberTransaction,
  SAVED_KEYS,
  type SavedTransaction,
} from './saved-transaction.ts';
import { getStationById } from './station-query.ts';
import {
  activeTransactionQueryKey,
  getActiveTransaction,
  isRunning,
  transactionPath,
} from './station-transactions.ts';

/** Spec §4 "Resuming a transaction", decided from what the device and the server know. */
export interface ResumePlan {
  /** The screen to open on, or null to open where the app was going. */
  path: string | null;
  /** A running transaction to keep on the device. */
  remember: StationTransaction | null;
  /** Device values that no longer hold. */
  forget: StationTransactionPrefKey[];
}

/**
 * `active` is the server's answer: the unfinished transaction, null when there is none, or
 * undefined when the server did not answer. Then the device's own values decide, as the spec
 * has it: saved fuel data resumes the fill screen, saved wash data the wash screen, and data
 * whose station no longer exists is removed with the transaction id. `stationExists` answers
 * undefined when it cannot tell.
 */
export function planResume(
  saved: SavedTransaction,
  active: StationTransaction | null | undefined,
  stationExists: (stationId: number) => boolean | undefined,
): ResumePlan {
  if (active && isRunning(active)) {
    // A stopped wash waits for staff: home's banner says so, and the app opens where it was going.
    const path = active.state === 'stopped' ? null : transactionPath(active);
    return { path, remember: active, forget: [] };
  }
  const present = (Object.values(SAVED_KEYS) as StationTransactionPrefKey[]).filter(
    (key) =>
      (key === SAVED_KEYS.transactionId && saved.transactionId !== null) ||
      (key === SAVED_KEYS.fuel && saved.fuel !== null) ||
      (key === SAVED_KEYS.carwash && saved.carwash !== null),
  );
  if (active !== undefined) return { path: null, remember: null, forget: present };

  const forget: StationTransactionPrefKey[] = [];
  const fuelValid = saved.fuel !== null && stationExists(saved.fuel.stationId) !== false;
  const washValid = saved.carwash !== null && stationExists(saved.carwash.stationId) !== false;
  if (saved.fuel && !fuelValid) forget.push(SAVED_KEYS.fuel);
  if (saved.carwash && !washValid) forget.push(SAVED_KEYS.carwash);
  if (saved.transactionId !== null && !fuelValid && !washValid) {
    forget.push(SAVED_KEYS.transactionId);
  }
  let path: string | null = null;
  if (saved.transactionId !== null && saved.fuel && fuelValid) {
    path = paths.fuelFill(saved.fuel.stationId);
  } else if (saved.transactionId !== null && saved.carwash && washValid) {
    path = paths.carwashWash(saved.carwash.stationId);
  }
  return { path, remember: null, forget };
}

/**
 * The app resumes a transaction only when it opens on a start screen or inside the fuel and
 * car-wash flows; a link to a receipt or the profile still opens there, and home shows the
 * transaction's banner.
 */
export function resumesFrom(pathname: string): boolean {
  return (
    pathname === paths.start ||
    pathname === paths.home ||
    isBelow(pathname, paths.fuelStations) ||
    isBelow(pathname, paths.carwashStations) ||
    matchPath(paths.fuelDeepLink.pattern, pathname) !== null
  );
}

/** The server gets this long to say whether a transaction runs; the splash waits no longer. */
const ACTIVE_WAIT_MS = 4000;

async function activeFromServer(): Promise<StationTransaction | null | undefined> {
  let timer: number | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = window.setTimeout(() => resolve(undefined), ACTIVE_WAIT_MS);
  });
  const answer = getActiveTransaction().then(([data]) => (data ? data.transaction : undefined));
  try {
    return await Promise.race([answer, late]);
  } finally {
    window.clearTimeout(timer);
  }
}

async function stationCheck(saved: SavedTransaction): Promise<Map<number, boolean>> {
  const ids = [saved.fuel?.stationId, saved.carwash?.stationId].filter(
    (id): id is number => id !== undefined,
  );
  const found = new Map<number, boolean>();
  await Promise.all(
    ids.map(async (id) => {
      const [station, error] = await getStationById(String(id));
      if (station) found.set(id, true);
      else if (error.statusCode === 404 || error.statusCode === 400) found.set(id, false);
    }),
  );
  return found;
}

/**
 * At start, signed in: asks the server for an unfinished transaction, keeps or clears the
 * device's values, and opens the app on the transaction's screen.
 */
export async function resumeStationTransaction(): Promise<void> {
  const [saved, active] = await Promise.all([readSavedTransaction(), activeFromServer()]);
  if (active !== undefined) queryClient.setQueryData(activeTransactionQueryKey, active);
  const needsCheck = active === undefined && saved.transactionId !== null;
  const stations = needsCheck ? await stationCheck(saved) : new Map<number, boolean>();
  const plan = planResume(saved, active, (id) => stations.get(id));

  // Until the screen reads it, a transaction the device resumes counts as running.
  useAppState.setState({ transactionInProgress: plan.path !== null });
  if (plan.remember) await rememberTransaction(plan.remember);
  if (plan.forget.length > 0) await forgetSaved(plan.forget);

  const { pathname } = window.location;
  if (plan.path && plan.path !== pathname && resumesFrom(pathname)) {
    window.history.replaceState(null, '', plan.path);
  }
}
