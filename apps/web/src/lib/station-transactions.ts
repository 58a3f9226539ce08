import {
  activeTransactionSchema,
  isFinalState,
  stationTransactionSchema,
  type StationTransaction,
} from '@stod/domain';
import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiRequestError, apiRequest, unwrap } from './api-client.ts';
import { useAppState } from './app-state.ts';
import { paths } from './paths.ts';
import { useRealtimeConnected, useRealtimeEvent } from './realtime.ts';
import { useSession } from './session.ts';

/**
 * A refuelling or a wash paid from the phone (a station transaction), as fuel, car wash, home and
 * the start-up all read it. The socket brings each change; without a socket the screens poll.
 */

/** How often a screen asks for its transaction while the socket is not connected. */
export const TRANSACTION_POLL_MS = 2000;

/** GET /api/transactions/{id}: one of the user's transactions; another user's answers 404. */
export function getTransaction(id: string, signal?: AbortSignal) {
  return apiRequest(`/transactions/${encodeURIComponent(id)}`, {
    schema: stationTransactionSchema,
    ...(signal ? { signal } : {}),
  });
}

/** GET /api/transactions/active: the user's unfinished transaction, or null. */
export function getActiveTransaction(signal?: AbortSignal) {
  return apiRequest('/transactions/active', {
    schema: activeTransactionSchema,
    ...(signal ? { signal } : {}),
  });
}

/** POST /api/transactions/{id}/cancel: before the nozzle is lifted or the wash has started. */
export function cancelTransaction(id: string) {
  return apiRequest(`/transactions/${encodeURIComponent(id)}/cancel`, {
    method: 'POST',
    schema: stationTransactionSchema,
  });
}

export const transactionsQueryKey = ['transactions'] as const;
export const activeTransactionQueryKey = [...transactionsQueryKey, 'active'] as const;
export const transactionQueryKey = (id: string) => [...transactionsQueryKey, 'one', id] as const;

const isMissing = (error: unknown) =>
  error instanceof ApiRequestError && [400, 404].includes(error.apiError.statusCode);

/** Whether `next` may replace `current`: changes can arrive out of order (socket and poll). */
export function isNewer(current: StationTransaction | undefined, next: StationTransaction) {
  return !current || Date.parse(next.updatedAt) >= Date.parse(current.updatedAt);
}

export const transactionQueryOptions = (queryClient: QueryClient, id: string) =>
  queryOptions({
    queryKey: transactionQueryKey(id),
    queryFn: async ({ signal }) => {
      const fresh = await unwrap(getTransaction(id, signal));
      const current = queryClient.getQueryData<StationTransaction>(transactionQueryKey(id));
      // A socket event that came while the request was under way is the newer truth.
      return isNewer(current, fresh) ? fresh : (current ?? fresh);
    },
    staleTime: 0,
    retry: (failures, error) => failures < 2 && !isMissing(error),
  });

export const activeTransactionQueryOptions = () =>
  queryOptions({
    queryKey: activeTransactionQueryKey,
    queryFn: async ({ signal }) => (await unwrap(getActiveTransaction(signal))).transaction,
    staleTime: 0,
  });

/** Still under way: not final, and a stopped wash not yet given up (its finishedAt is unset). */
export function isRunning(transaction: StationTransaction): boolean {
  return !isFinalState(transaction.state) && transaction.finishedAt === null;
}

/** The screen a transaction is followed on: the fill screen, the checklist or the wash. */
export function transactionPath(transaction: StationTransaction): string {
  if (transaction.service === 'fuel') return paths.fuelFill(transaction.stationId);
  // A programme is loaded but the wash not started: the checklist comes first.
  return transaction.state === 'ready'
    ? paths.carwashChecklist(transaction.stationId)
    : paths.carwashWash(transaction.stationId);
}

/** Spec §4 Maintenance: the maintenance screen waits while a transaction runs. */
export function noteTransaction(transaction: StationTransaction | null | undefined): void {
  if (transaction === undefined) return;
  useAppState.setState({ transactionInProgress: transaction !== null && isRunning(transaction) });
}

useSession.subscribe((session) => {
  if (session.status !== 'signedIn') useAppState.setState({ transactionInProgress: false });
});

/** Puts a transaction the app got by other means (a start, a cancel) where the screens read it. */
export function storeTransaction(queryClient: QueryClient, transaction: StationTransaction): void {
  queryClient.setQueryData<StationTransaction>(transactionQueryKey(transaction.id), (current) =>
    isNewer(current, transaction) ? transaction : current,
  );
  noteTransaction(transaction);
}

/**
 * One transaction, live: each socket event named by its id replaces it, and while the socket is
 * not connected it is asked for every 2 seconds. A finished transaction is asked for no more.
 */
export function useLiveTransaction(id: string | null) {
  const queryClient = useQueryClient();
  const connected = useRealtimeConnected();

  useRealtimeEvent('stationTransaction.changed', (object, eventId) => {
    if (id === null || eventId !== id) return;
    const parsed = stationTransactionSchema.safeParse(object);
    if (parsed.success) storeTransaction(queryClient, parsed.data);
  });

  const query = useQuery({
    ...transactionQueryOptions(queryClient, id ?? ''),
    enabled: id !== null,
    refetchInterval: (q) => {
      const transaction = q.state.data;
      if (transaction && !isRunning(transaction)) return false;
      return connected ? false : TRANSACTION_POLL_MS;
    },
  });

  // Changes made while the socket was away are read once it is back.
  useEffect(() => {
    if (connected && id !== null) {
      void queryClient.invalidateQueries({ queryKey: transactionQueryKey(id) });
    }
  }, [connected, id, queryClient]);

  useEffect(() => noteTransaction(query.data), [query.data]);
  return query;
}

/** The user's unfinished transaction, for the home banner and the flows' start screens. */
export function useActiveTransaction(options: { refetchInterval?: number } = {}) {
  const query = useQuery({ ...activeTransactionQueryOptions(), ...options });
  useEffect(() => noteTransaction(query.data), [query.data]);
  return query;
}

/** Cancels a refuelling before the nozzle is lifted, or a wash before it starts. */
export function useCancelTransaction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(cancelTransaction(id)),
    onSuccess: (transaction) => {
      storeTransaction(queryClient, transaction);
      queryClient.setQueryData(activeTransactionQueryKey, null);
    },
  });
}
