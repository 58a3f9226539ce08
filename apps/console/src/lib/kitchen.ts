import {
  kitchenOrderListSchema,
  kitchenOrderSchema,
  type FoodOrderState,
  type KitchenOrder,
  type StaffMember,
} from '@stod/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, ApiRequestError, unwrap } from './api.ts';

export type { KitchenOrder };
export type KitchenLine = KitchenOrder['lines'][number];

/**
 * How often the display asks for its orders even when nothing is heard: the list is the truth,
 * and asking is also what tells the API the kitchen is staffed (a simulated kitchen takes a
 * station's orders after a minute unasked).
 */
export const KITCHEN_REFRESH_MS = 15_000;
/** While the socket is down, nothing speeds the list up: ask more often. */
export const KITCHEN_REFRESH_OFFLINE_MS = 5_000;
/** The ready-in choices, in minutes, that staff tap when they accept. */
export const READY_IN_CHOICES = [5, 10, 15, 20, 30] as const;

/** Operators and kitchen staff use the display; kitchen staff only at their own stations. */
export function mayUseKitchen(member: StaffMember | null, stationId: number): boolean {
  if (!member) return false;
  if (member.role === 'operator') return true;
  return member.role === 'kitchen' && (member.stationIds ?? []).includes(stationId);
}

export const kitchenOrdersKey = (stationId: number) =>
  ['kitchen', 'stations', stationId, 'orders'] as const;

export const isNotFound = (error: unknown): boolean =>
  error instanceof ApiRequestError &&
  (error.apiError.statusCode === 404 || error.apiError.statusCode === 403);

export const isConflict = (error: unknown): boolean =>
  error instanceof ApiRequestError && error.apiError.statusCode === 409;

export function fetchKitchenOrders(stationId: number, signal?: AbortSignal) {
  return unwrap(
    apiRequest(`/kitchen/stations/${String(stationId)}/orders`, {
      schema: kitchenOrderListSchema,
      ...(signal ? { signal } : {}),
    }),
  );
}

export const kitchenOrdersQuery = (stationId: number, live: boolean) =>
  queryOptions({
    queryKey: kitchenOrdersKey(stationId),
    queryFn: ({ signal }) => fetchKitchenOrders(stationId, signal),
    // A station that is not the caller's stays not found: no polling, no retry.
    refetchInterval: (query) =>
      isNotFound(query.state.error)
        ? false
        : live
          ? KITCHEN_REFRESH_MS
          : KITCHEN_REFRESH_OFFLINE_MS,
    // A wall tablet whose screen dims still keeps the kitchen staffed.
    refetchIntervalInBackground: true,
    staleTime: 0,
    retry: (count, error) => !isNotFound(error) && count < 1,
  });

export const useKitchenOrders = (stationId: number, live: boolean) =>
  useQuery(kitchenOrdersQuery(stationId, live));

export type KitchenAction =
  | { kind: 'accept'; readyInMinutes: number }
  | { kind: 'ready' }
  | { kind: 'collected' }
  | { kind: 'recall' }
  | { kind: 'reject'; reason: string };

export function sendKitchenAction(orderId: string, action: KitchenAction): Promise<KitchenOrder> {
  const path = `/kitchen/orders/${encodeURIComponent(orderId)}/${action.kind}`;
  const body =
    action.kind === 'accept'
      ? { readyInMinutes: action.readyInMinutes }
      : action.kind === 'reject'
        ? { reason: action.reason }
        : undefined;
  return unwrap(
    apiRequest(path, {
      method: 'POST',
      ...(body ? { body } : {}),
      schema: kitchenOrderSchema,
    }),
  );
}

/**
 * One action on one order. The answer replaces the order in the list at once; the list is asked
 * again after every action, and after a refusal (409: the order moved on elsewhere) above all.
 */
export function useKitchenAction(stationId: number, orderId: string) {
  const queryClient = useQueryClient();
  const key = kitchenOrdersKey(stationId);
  return useMutation({
    mutationFn: (action: KitchenAction) => sendKitchenAction(orderId, action),
    onSuccess: (order) => {
      queryClient.setQueryData<{ items: KitchenOrder[] }>(key, (list) =>
        list ? { items: list.items.map((o) => (o.id === order.id ? order : o)) } : list,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

// ---------------------------------------------------------------------------------------------
// The board.

export const kitchenColumns = ['new', 'cooking', 'ready', 'done'] as const;
export type KitchenColumn = (typeof kitchenColumns)[number];

const columnOfState: Record<FoodOrderState, KitchenColumn> = {
  placing: 'new',
  placed: 'new',
  accepted: 'cooking',
  ready: 'ready',
  collected: 'done',
  rejected: 'done',
  expired: 'done',
  failed: 'done',
};

export const columnOf = (state: FoodOrderState): KitchenColumn => columnOfState[state];

/**
 * The orders by column: the open ones in the API's order (by pickup time), the finished ones
 * newest first, as staff look back at what just went.
 */
export function byColumn(orders: readonly KitchenOrder[]): Record<KitchenColumn, KitchenOrder[]> {
  const out: Record<KitchenColumn, KitchenOrder[]> = { new: [], cooking: [], ready: [], done: [] };
  for (const order of orders) out[columnOf(order.state)].push(order);
  out.done.sort((a, b) => (b.finishedAt ?? b.createdAt).localeCompare(a.finishedAt ?? a.createdAt));
  return out;
}
