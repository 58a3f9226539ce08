import { hashKey, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { kitchenOrdersKey, type KitchenOrder } from './kitchen.ts';

/** How long a new order stands out on the board after it arrived. */
export const ARRIVAL_HIGHLIGHT_MS = 120_000;

/**
 * Orders that arrived while the display was open: placed, and not in any list it read before.
 * The orders on screen when it opens are not new. `onArrive` runs once for each list that brings
 * new ones (the chime); the answer maps each new order's id to when it arrived.
 */
export function useArrivals(
  stationId: number,
  onArrive: (orders: KitchenOrder[]) => void,
): ReadonlyMap<string, number> {
  const queryClient = useQueryClient();
  const [arrived, setArrived] = useState<ReadonlyMap<string, number>>(new Map());
  const latest = useRef(onArrive);
  useEffect(() => {
    latest.current = onArrive;
  });

  useEffect(() => {
    const hash = hashKey(kitchenOrdersKey(stationId));
    const seen = new Set<string>();
    // A list already read (the display opened again) is what was there, not what arrives.
    const before = queryClient.getQueryData<{ items: KitchenOrder[] }>(kitchenOrdersKey(stationId));
    for (const order of before?.items ?? []) seen.add(order.id);
    let first = before === undefined;
    const read = (items: readonly KitchenOrder[] | undefined) => {
      if (!items) return;
      const fresh = first ? [] : items.filter((o) => o.state === 'placed' && !seen.has(o.id));
      first = false;
      for (const order of items) seen.add(order.id);
      if (fresh.length === 0) return;
      const at = Date.now();
      setArrived((before) => new Map([...before, ...fresh.map((o) => [o.id, at] as const)]));
      latest.current(fresh);
    };
    return queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'success') return;
      if (event.query.queryHash !== hash) return;
      read((event.query.state.data as { items: KitchenOrder[] } | undefined)?.items);
    });
  }, [queryClient, stationId]);

  return arrived;
}
