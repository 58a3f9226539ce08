import type { Charge } from '@stod/domain';
import {
  activeChargeQueryKey,
  getActiveCharge,
  getCharge,
  isChargeRunning,
  storeCharge,
} from './charge-query.ts';
import { forgetCharge, readSavedChargeId, rememberCharge } from './charge-saved.ts';
import { queryClient } from './query-client.ts';

/** What the start-up does about a charge, decided from what the device and the server know. */
export interface ChargeResumePlan {
  /** The charge to follow: kept on the device and shown by home and the charge screen. */
  follow: Charge | null;
  /** The saved charge id no longer holds. */
  forget: boolean;
  /** The saved id has to be looked up first: the server's active charge says nothing of it. */
  lookUp: string | null;
}

/**
 * `active` is the server's answer: the unfinished charge, null for none, undefined when the
 * server did not answer. A running active charge is followed. Otherwise a saved id is looked up
 * (spec §4: a saved charge_id that resolves to an unfinished charge is resumed too); `saved`
 * is what that lookup found: the charge, null when it is gone, undefined when it is unknown.
 */
export function planChargeResume(
  savedId: string | null,
  active: Charge | null | undefined,
  saved?: Charge | null,
): ChargeResumePlan {
  if (active && isChargeRunning(active)) return { follow: active, forget: false, lookUp: null };
  if (savedId === null) return { follow: null, forget: false, lookUp: null };
  if (saved === undefined) {
    // Only a lookup tells more; without an answer from the server the id stays for next time.
    return { follow: null, forget: false, lookUp: active === undefined ? null : savedId };
  }
  if (saved && saved.id === savedId && isChargeRunning(saved)) {
    return { follow: saved, forget: false, lookUp: null };
  }
  return { follow: null, forget: true, lookUp: null };
}

/** The server gets this long to say whether a charge runs; the splash waits no longer. */
const ACTIVE_WAIT_MS = 4000;

async function withinWait<T>(answer: Promise<T | undefined>): Promise<T | undefined> {
  let timer: number | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = window.setTimeout(() => resolve(undefined), ACTIVE_WAIT_MS);
  });
  try {
    return await Promise.race([answer, late]);
  } finally {
    window.clearTimeout(timer);
  }
}

async function lookUp(id: string): Promise<Charge | null | undefined> {
  const [charge, error] = await getCharge(id);
  if (charge) return charge;
  return error.statusCode === 404 || error.statusCode === 400 ? null : undefined;
}

/**
 * Spec §4 Startup, signed in: "check for an active charge". The server's active charge, or the
 * one the device kept, is put where home's banner and the charge screen read it, so a reload of
 * the charge screen lands back on it; a saved id that no longer holds is removed. It is applied
 * once `after` (the station transaction's resume) is done.
 */
export async function resumeCharge(after: Promise<unknown> = Promise.resolve()): Promise<void> {
  const [savedId, active] = await Promise.all([
    readSavedChargeId(),
    withinWait(getActiveCharge().then(([data]) => (data ? data.charge : undefined))),
  ]);
  let plan = planChargeResume(savedId, active);
  if (plan.lookUp !== null) {
    plan = planChargeResume(savedId, active, await withinWait(lookUp(plan.lookUp)));
  }
  // The station transaction's resume sets the maintenance flag as it finds things; the charge's
  // goes after it, so a running charge keeps the flag set.
  await after.catch(() => undefined);
  if (active !== undefined) queryClient.setQueryData(activeChargeQueryKey, active);
  if (plan.follow) {
    storeCharge(queryClient, plan.follow);
    await rememberCharge(plan.follow.id);
  }
  if (plan.forget) await forgetCharge();
}
