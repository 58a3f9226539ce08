import {
  foodOrderListSchema,
  foodOrderSchema,
  foodQuoteResultSchema,
  menuSchema,
  type FoodOrder,
  type FoodOrderCreate,
  type Locale,
  type OrderLine,
} from '@stod/domain';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { currentLocale, useLocale } from '../../i18n/index.ts';
import { apiRequest, unwrap } from '../../lib/api-client.ts';
import { apiErrorOf } from '../../lib/api-error.ts';
import { AttemptKeys, postAttempt } from '../../lib/attempt-keys.ts';
import { useRealtimeConnected, useRealtimeEvent } from '../../lib/realtime.ts';
import { useSession } from '../../lib/session.ts';

/** How often an order on screen is read again while realtime events do not arrive. */
export const ORDER_POLL_MS = 5000;

const foodKey = ['food'] as const;
export const menuQueryKey = (stationId: string) => [...foodKey, 'menu', stationId] as const;
export const orderQueryKey = (id: string) => [...foodKey, 'order', id] as const;
const latestOrderKey = [...foodKey, 'orders', 'latest'] as const;

/**
 * GET /api/food/stations/{id}/menu: guests may read it too. It comes in the app's language (the
 * request says it), so each language is kept apart.
 */
export const menuQueryOptions = (stationId: string, locale: Locale = currentLocale()) =>
  queryOptions({
    queryKey: [...menuQueryKey(stationId), locale],
    queryFn: ({ signal }) =>
      unwrap(
        apiRequest(`/food/stations/${encodeURIComponent(stationId)}/menu`, {
          schema: menuSchema,
          signal,
        }),
      ),
    staleTime: 60_000,
  });

export function useMenu(stationId: string) {
  return useQuery(menuQueryOptions(stationId, useLocale()));
}

/** POST /api/food/orders/quote: what checkout will charge, priced by the server from the menu. */
export function useQuote(stationId: string, lines: OrderLine[], enabled: boolean) {
  return useQuery({
    queryKey: [...foodKey, 'quote', stationId, JSON.stringify(lines)],
    queryFn: ({ signal }) =>
      unwrap(
        apiRequest('/food/orders/quote', {
          method: 'POST',
          body: { stationId: Number(stationId), lines },
          schema: foodQuoteResultSchema,
          signal,
        }),
      ),
    enabled: enabled && lines.length > 0,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** One key per cart and choice: pressing again after no answer repeats the same order. */
const orderAttempts = new AttemptKeys();

/** POST /api/food/orders: the server prices it again, checks the time and holds the total. */
export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FoodOrderCreate) =>
      postAttempt(orderAttempts, '/food/orders', body, foodOrderSchema),
    onSuccess: (order) => {
      queryClient.setQueryData(orderQueryKey(order.id), order);
      queryClient.setQueryData(latestOrderKey, order);
    },
    onError: async (error, body) => {
      const code = apiErrorOf(error).code;
      if (code === 'MENU_CHANGED' || code === 'ITEM_UNAVAILABLE')
        await queryClient.invalidateQueries({ queryKey: menuQueryKey(String(body.stationId)) });
    },
  });
}

function getOrder(id: string, signal?: AbortSignal) {
  return unwrap(
    apiRequest(`/food/orders/${encodeURIComponent(id)}`, { schema: foodOrderSchema, signal }),
  );
}

/** The newest order, or null: the order screen opened without an id shows it. */
async function latestOrder(signal?: AbortSignal): Promise<FoodOrder | null> {
  const page = await unwrap(
    apiRequest('/food/orders?offset=0&take=1', { schema: foodOrderListSchema, signal }),
  );
  return page.items[0] ?? null;
}

const isNewer = (current: FoodOrder | null | undefined, next: FoodOrder) =>
  !current || current.id !== next.id || stageOf(next) >= stageOf(current);
const stageOf = (o: FoodOrder) =>
  [o.acceptedAt, o.readyAt, o.collectedAt, o.finishedAt].filter(Boolean).length;

/**
 * An order followed live: each `foodOrder.changed` event replaces it, and it is read again every
 * few seconds while events do not arrive. Without an id, the user's newest order.
 */
export function useFollowedOrder(id: string | null) {
  const queryClient = useQueryClient();
  const connected = useRealtimeConnected();
  const signedIn = useSession((s) => s.status === 'signedIn');
  const key = id ? orderQueryKey(id) : latestOrderKey;
  const query = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => (id ? getOrder(id, signal) : latestOrder(signal)),
    enabled: signedIn,
    refetchInterval: (q) => {
      const order = q.state.data;
      const open = order && ['placed', 'accepted', 'ready'].includes(order.state);
      return open && !connected ? ORDER_POLL_MS : false;
    },
  });
  useRealtimeEvent('foodOrder.changed', (object) => {
    const parsed = foodOrderSchema.safeParse(object);
    if (!parsed.success) return;
    const current = queryClient.getQueryData<FoodOrder | null>(key);
    if (current && current.id !== parsed.data.id) return;
    if (!current && id && id !== parsed.data.id) return;
    if (isNewer(current, parsed.data)) {
      queryClient.setQueryData(key, parsed.data);
      queryClient.setQueryData(orderQueryKey(parsed.data.id), parsed.data);
    }
  });
  return query;
}
