import { providerStationListSchema } from '@stod/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, unwrap } from '../../../lib/api-client.ts';

/** GET /api/stations: the payment provider's station list, under data.items (spec §7). */
export function getProviderStations(signal?: AbortSignal) {
  return apiRequest('/stations', {
    schema: providerStationListSchema,
    ...(signal ? { signal } : {}),
  });
}

export const providerStationsQueryOptions = () =>
  queryOptions({
    queryKey: ['stations', 'provider'],
    queryFn: ({ signal }) => unwrap(getProviderStations(signal)),
    staleTime: 0,
    retry: false,
  });

export function useProviderStations() {
  return useQuery(providerStationsQueryOptions());
}
