import {
  beverageFillSchema,
  beveragePurchaseSchema,
  type BeverageFill,
  type BeverageOneTime,
  type BeveragePour,
} from '@stod/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, unwrap } from '../../lib/api-client.ts';
import { AttemptKeys, postAttempt } from '../../lib/attempt-keys.ts';
import { useRealtimeConnected, useRealtimeEvent } from '../../lib/realtime.ts';

/** How often a cup on its way is read again while realtime events do not arrive. */
export const FILL_POLL_MS = 2000;

export const fillQueryKey = (hash: string) => ['beverages', 'fill', hash] as const;

/** GET /api/beverages/{hash}: the drink a machine's code names, and whether the plan covers it. */
export function getFill(hash: string, signal?: AbortSignal) {
  return apiRequest(`/beverages/${encodeURIComponent(hash)}`, {
    schema: beverageFillSchema,
    ...(signal ? { signal } : {}),
  });
}

const moving = (fill: BeverageFill | undefined) =>
  fill !== undefined && (fill.state === 'pouring' || fill.state === 'paying');

/** The fill followed live: its `beverage.changed` events, and a read every 2 s without them. */
export function useFill(hash: string, initial: BeverageFill) {
  const queryClient = useQueryClient();
  const connected = useRealtimeConnected();
  const query = useQuery({
    queryKey: fillQueryKey(hash),
    queryFn: ({ signal }) => unwrap(getFill(hash, signal)),
    initialData: initial,
    staleTime: Infinity,
    // The same code opened again finds the last sheet's fill in the cache: read it afresh.
    refetchOnMount: 'always',
    refetchInterval: (q) =>
      moving(q.state.data) && (!connected || q.state.data?.state === 'paying')
        ? FILL_POLL_MS
        : false,
  });
  useRealtimeEvent('beverage.changed', (object) => {
    const parsed = beverageFillSchema.safeParse(object);
    if (parsed.success && parsed.data.transaction_id === initial.transaction_id)
      queryClient.setQueryData(fillQueryKey(hash), parsed.data);
  });
  return query;
}

/** POST /api/beverages: pours on the BEVERAGE subscription; each code pours once. */
export function usePour(hash: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BeveragePour) =>
      unwrap(apiRequest('/beverages', { method: 'POST', body, schema: beverageFillSchema })),
    onSuccess: (fill) => queryClient.setQueryData(fillQueryKey(hash), fill),
  });
}

const purchaseAttempts = new AttemptKeys();

/**
 * POST /api/beverages/one-time-purchase: with a saved card the cup is paid at once; without one
 * the answer names the gateway's payment page, and the cup pours once it is paid.
 */
export function usePurchase(hash: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BeverageOneTime) =>
      postAttempt(purchaseAttempts, '/beverages/one-time-purchase', body, beveragePurchaseSchema),
    onSuccess: (purchase) => queryClient.setQueryData(fillQueryKey(hash), purchase.fill),
  });
}
