import {
  activeChargeSchema,
  chargeSchema,
  chargeStates,
  isFinalChargeState,
  type Charge,
} from '@stod/domain';
import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiRequestError, apiRequest, unwrap } from './api-client.ts';
import { useAppState } from './app-state.ts';
import { paths } from './paths.ts';
import { useRealtimeEvent } from './realtime.ts';
import { useSession } from './session.ts';

/**
 * A charge as the charging screens, home and the start-up read it (spec §4 "Charge"). The socket
 * brings each change; the lookup by id is throttled to once per second (spec §9).
 */

/** Spec §9: a charge is looked up at most once per second. */
export const CHARGE_LOOKUP_MS = 1000;

/** GET /api/charges/{id}: one of the user's charges; another user's answers 404. */
export function getCharge(id: string, signal?: AbortSignal) {
  return apiRequest(`/charges/${encodeURIComponent(id)}`, {
    schema: chargeSchema,
    ...(signal ? { signal } : {}),
  });
}

/** GET /api/charges/active: the user's unfinished charge, or null. */
export function getActiveCharge(signal?: AbortSignal) {
  return apiRequest('/charges/active', {
    schema: activeChargeSchema,
    ...(signal ? { signal } : {}),
  });
}

export const chargesQueryKey = ['charges'] as const;
export const activeChargeQueryKey = [...chargesQueryKey, 'active'] as const;
export const chargeQueryKey = (id: string) => [...chargesQueryKey, 'one', id] as const;

export function isMissingCharge(error: unknown): boolean {
  return error instanceof ApiRequestError && [400, 404].includes(error.apiError.statusCode);
}

/**
 * Whether `next` may replace `current`: changes can arrive out of order (socket and lookup). Two
 * views of the same moment are told apart by the state: a charge only moves forward.
 */
export function isNewerCharge(current: Charge | null | undefined, next: Charge): boolean {
  if (!current) return true;
  const at = Date.parse(next.updatedAt) - Date.parse(current.updatedAt);
  if (at !== 0) return at > 0;
  return chargeStates.indexOf(next.state) >= chargeStates.indexOf(current.state);
}

/** Still under way: not in a final state and not finished. */
export function isChargeRunning(charge: Charge): boolean {
  return charge.finishedAt === null && !isFinalChargeState(charge.state);
}

/** The screen a charge is followed on. */
export function chargePath(charge: Pick<Charge, 'installationId'>): string {
  return paths.chargingCharge(charge.installationId);
}

const lastLookup = new Map<string, number>();

/** Forgets when each charge was last looked up (tests, and a new session). */
export function resetChargeLookups(): void {
  lastLookup.clear();
}

export const chargeQueryOptions = (queryClient: QueryClient, id: string) =>
  queryOptions({
    queryKey: chargeQueryKey(id),
    queryFn: async ({ signal }) => {
      const held = queryClient.getQueryData<Charge>(chargeQueryKey(id));
      const last = lastLookup.get(id);
      // A lookup within the second after the last one answers what is known (spec §9).
      if (held && last !== undefined && Date.now() - last < CHARGE_LOOKUP_MS) return held;
      lastLookup.set(id, Date.now());
      const fresh = await unwrap(getCharge(id, signal));
      // A socket event that came while the request was under way is the newer truth.
      const current = queryClient.getQueryData<Charge>(chargeQueryKey(id));
      return isNewerCharge(current, fresh) ? fresh : (current ?? fresh);
    },
    staleTime: 0,
    retry: (failures, error) => failures < 2 && !isMissingCharge(error),
  });

export const activeChargeQueryOptions = () =>
  queryOptions({
    queryKey: activeChargeQueryKey,
    queryFn: async ({ signal }) => (await unwrap(getActiveCharge(signal))).charge,
    staleTime: 0,
  });

let heldByCharge = false;

/** Spec §4 Maintenance: the maintenance screen waits while a charge runs too. */
export function noteCharge(charge: Charge | null | undefined): void {
  if (charge === undefined) return;
  if (charge !== null && isChargeRunning(charge)) {
    heldByCharge = true;
    useAppState.setState({ transactionInProgress: true });
  } else if (heldByCharge) {
    heldByCharge = false;
    useAppState.setState({ transactionInProgress: false });
  }
}

useSession.subscribe((session) => {
  if (session.status !== 'signedIn') {
    heldByCharge = false;
    lastLookup.clear();
  }
});

/**
 * Puts a charge the app got by other means (an event, a start, a stop) where the screens read it:
 * the charge itself, and the user's active charge while it runs. False when it was older than
 * the one held, and nothing changed.
 */
export function storeCharge(queryClient: QueryClient, charge: Charge): boolean {
  const key = chargeQueryKey(charge.id);
  const current = queryClient.getQueryData<Charge>(key);
  if (!isNewerCharge(current, charge)) return false;
  queryClient.setQueryData<Charge>(key, charge);
  const active = queryClient.getQueryData<Charge | null>(activeChargeQueryKey);
  if (isChargeRunning(charge)) {
    if (!active || active.id === charge.id) {
      queryClient.setQueryData<Charge | null>(activeChargeQueryKey, charge);
    }
  } else if (active?.id === charge.id) {
    queryClient.setQueryData<Charge | null>(activeChargeQueryKey, null);
  }
  noteCharge(charge);
  return true;
}

/** A charge in an event, when it is one. */
export function chargeOfEvent(object: unknown): Charge | null {
  const parsed = chargeSchema.safeParse(object);
  return parsed.success ? parsed.data : null;
}

/** The user's unfinished charge, for the home banner and the charging screens. */
export function useActiveCharge(options: { refetchInterval?: number; enabled?: boolean } = {}) {
  const queryClient = useQueryClient();
  useRealtimeEvent('charge.changed', (object) => {
    const charge = chargeOfEvent(object);
    if (charge) storeCharge(queryClient, charge);
  });
  const query = useQuery({ ...activeChargeQueryOptions(), ...options });
  useEffect(() => noteCharge(query.data), [query.data]);
  return query;
}
