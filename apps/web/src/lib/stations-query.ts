import { stationListSchema } from '@stod/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { PRODUCT_SLUG } from '../config.ts';
import { apiRequest, unwrap } from './api-client.ts';

/**
 * GET /api/stations/{product}: every station of the network (step 1 of the station store's
 * refresh). In lib because food's start screen reads it too.
 */
export function getStations(signal?: AbortSignal) {
  return apiRequest(`/stations/${PRODUCT_SLUG}`, {
    schema: stationListSchema,
    ...(signal ? { signal } : {}),
  });
}

export const stationsQueryOptions = () =>
  queryOptions({
    queryKey: ['stations', 'list'],
    queryFn: ({ signal }) => unwrap(getStations(signal)),
    staleTime: 0,
    retry: false,
  });

export function useStations() {
  return useQuery(stationsQueryOptions());
}
