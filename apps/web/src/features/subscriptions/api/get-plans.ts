import { subscriptionPlansResponseSchema as plansResponseSchema } from '@stod/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, unwrap } from '../../../lib/api-client.ts';

/** GET /api/subscriptions: the plans on offer. */
export function getPlans(signal?: AbortSignal) {
  return apiRequest('/subscriptions', {
    schema: plansResponseSchema,
    ...(signal ? { signal } : {}),
  });
}

export const plansQueryKey = ['subscriptions', 'plans'] as const;

export const plansQueryOptions = () =>
  queryOptions({
    queryKey: plansQueryKey,
    queryFn: async ({ signal }) => (await unwrap(getPlans(signal))).items,
  });

export function usePlans() {
  return useQuery(plansQueryOptions());
}
