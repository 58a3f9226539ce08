import { userSubscriptionsResponseSchema } from '@stod/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, unwrap } from '../../../lib/api-client.ts';

/** GET /api/user-subscriptions: the user's usable subscriptions, cancelled ones included. */
export function getUserSubscriptions(signal?: AbortSignal) {
  return apiRequest('/user-subscriptions', {
    schema: userSubscriptionsResponseSchema,
    ...(signal ? { signal } : {}),
  });
}

export const userSubscriptionsQueryKey = ['subscriptions', 'mine'] as const;

export const userSubscriptionsQueryOptions = () =>
  queryOptions({
    queryKey: userSubscriptionsQueryKey,
    queryFn: async ({ signal }) => (await unwrap(getUserSubscriptions(signal))).items,
  });

export function useUserSubscriptions() {
  return useQuery(userSubscriptionsQueryOptions());
}
