import { stationPointsSchema } from '@stod/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, unwrap } from '../../../lib/api-client.ts';

/** How often the pump grid asks for the pumps' states while it is on screen. */
export const PUMP_POLL_MS = 3000;

/** GET /api/fuel/stations/{id}/pumps: each pump's number and state (free, busy, unavailable). */
export function getPumps(stationId: string, signal?: AbortSignal) {
  return apiRequest(`/fuel/stations/${encodeURIComponent(stationId)}/pumps`, {
    schema: stationPointsSchema,
    ...(signal ? { signal } : {}),
  });
}

export const pumpsQueryOptions = (stationId: string) =>
  queryOptions({
    queryKey: ['fuel', 'pumps', stationId],
    queryFn: ({ signal }) => unwrap(getPumps(stationId, signal)),
    staleTime: 0,
    refetchInterval: PUMP_POLL_MS,
  });

export function usePumps(stationId: string) {
  return useQuery(pumpsQueryOptions(stationId));
}
