import { MAINTENANCE_POLL_MS, maintenanceResponseSchema } from '@stod/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, unwrap } from '../../../lib/api-client.ts';

export function getMaintenance(signal?: AbortSignal) {
  return apiRequest('/maintenance', {
    schema: maintenanceResponseSchema,
    ...(signal ? { signal } : {}),
  });
}

/** Checked at start and every MAINTENANCE_POLL_MS (spec §4). */
export const maintenanceQueryOptions = () =>
  queryOptions({
    queryKey: ['system', 'maintenance'],
    queryFn: ({ signal }) => unwrap(getMaintenance(signal)),
    refetchInterval: MAINTENANCE_POLL_MS,
    staleTime: 0,
    retry: false,
  });

export function useMaintenance() {
  return useQuery(maintenanceQueryOptions());
}
