import { installationListSchema } from '@stod/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, unwrap } from '../../../lib/api-client.ts';

/** GET /api/installations: the public ones and the user's own, own first, then by name. */
export function getInstallations(signal?: AbortSignal) {
  return apiRequest('/installations', {
    schema: installationListSchema,
    ...(signal ? { signal } : {}),
  });
}

export const installationsQueryKey = ['installations'] as const;

export const installationsQueryOptions = () =>
  queryOptions({
    queryKey: [...installationsQueryKey, 'list'],
    queryFn: async ({ signal }) => (await unwrap(getInstallations(signal))).items,
    // The free connectors change while the list is open.
    staleTime: 10_000,
  });

export function useInstallations() {
  return useQuery(installationsQueryOptions());
}
