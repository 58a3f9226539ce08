import { stationPointsSchema } from '@stod/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, unwrap } from '../../../lib/api-client.ts';

/** How often the bay tiles ask for the bays' states while they are on screen. */
export const BAY_POLL_MS = 3000;

/** GET /api/carwash/stations/{id}/bays: each bay's number and state (free, busy, unavailable). */
export function getBays(stationId: string, signal?: AbortSignal) {
  return apiRequest(`/carwash/stations/${encodeURIComponent(stationId)}/bays`, {
    schema: stationPointsSchema,
    ...(signal ? { signal } : {}),
  });
}

export const baysQueryOptions = (stationId: string) =>
  queryOptions({
    queryKey: ['carwash', 'bays', stationId],
    queryFn: ({ signal }) => unwrap(getBays(stationId, signal)),
    staleTime: 0,
    refetchInterval: BAY_POLL_MS,
  });

export function useBays(stationId: string) {
  return useQuery(baysQueryOptions(stationId));
}
