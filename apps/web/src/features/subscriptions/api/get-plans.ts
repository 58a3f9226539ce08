import { subscriptionPlansResponseSchema as plansResponseSchema, type Locale } from '@stod/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useLocale } from '../../../i18n/index.ts';
import { apiRequest, unwrap } from '../../../lib/api-client.ts';

/** GET /api/subscriptions: the plans on offer. */
export function getPlans(signal?: AbortSignal) {
  return apiRequest('/subscriptions', {
    schema: plansResponseSchema,
    ...(signal ? { signal } : {}),
  });
}

export const plansQueryKey = ['subscriptions', 'plans'] as const;

/** Names and descriptions come in the request's language: each language is its own answer. */
export const plansQueryOptions = (locale: Locale) =>
  queryOptions({
    queryKey: [...plansQueryKey, locale],
    queryFn: async ({ signal }) => (await unwrap(getPlans(signal))).items,
  });

export function usePlans() {
  return useQuery(plansQueryOptions(useLocale()));
}
