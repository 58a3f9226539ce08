import { userInstallationListSchema } from '@stod/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, unwrap } from '../../../lib/api-client.ts';
import { installationListKey } from './keys.ts';

/** GET /api/user/installations: those the user owns first, then those shared with the user. */
export function getUserInstallations(signal?: AbortSignal) {
  return apiRequest('/user/installations', {
    schema: userInstallationListSchema,
    ...(signal ? { signal } : {}),
  });
}

export const userInstallationsQueryOptions = () =>
  queryOptions({
    queryKey: installationListKey,
    queryFn: async ({ signal }) => (await unwrap(getUserInstallations(signal))).items,
    // The free connectors and this month's use change while the list is open.
    staleTime: 10_000,
  });

export function useUserInstallations() {
  return useQuery(userInstallationsQueryOptions());
}
