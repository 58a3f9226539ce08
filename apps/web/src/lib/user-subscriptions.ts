import { userSubscriptionsResponseSchema, type Locale } from '@stod/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useLocale } from '../i18n/index.ts';
import { apiRequest, unwrap } from './api-client.ts';

/**
 * GET /api/user-subscriptions: the user's usable subscriptions, cancelled ones included. In lib
 * because the coffee machine's sheet asks too (features/beverages).
 */
export function getUserSubscriptions(signal?: AbortSignal) {
  return apiRequest('/user-subscriptions', {
    schema: userSubscriptionsResponseSchema,
    ...(signal ? { signal } : {}),
  });
}

export const userSubscriptionsQueryKey = ['subscriptions', 'mine'] as const;

/** The plans' names come in the request's language: each language is its own answer. */
export const userSubscriptionsQueryOptions = (locale: Locale) =>
  queryOptions({
    queryKey: [...userSubscriptionsQueryKey, locale],
    queryFn: async ({ signal }) => (await unwrap(getUserSubscriptions(signal))).items,
  });

export function useUserSubscriptions() {
  return useQuery(userSubscriptionsQueryOptions(useLocale()));
}
