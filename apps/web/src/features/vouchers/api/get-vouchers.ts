import { vouchersResponseSchema, type Locale } from '@stod/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useLocale } from '../../../i18n/index.ts';
import { apiRequest, unwrap } from '../../../lib/api-client.ts';

/** GET /api/vouchers: what value vouchers and gift cards still hold, and every redeemed code. */
export function getVouchers(signal?: AbortSignal) {
  return apiRequest('/vouchers', {
    schema: vouchersResponseSchema,
    ...(signal ? { signal } : {}),
  });
}

export const vouchersQueryKey = ['vouchers'] as const;

/**
 * The names come in the language of the request (Accept-Language), so each language is an answer
 * of its own: a change of language asks again.
 */
export const vouchersQueryOptions = (locale: Locale) =>
  queryOptions({
    queryKey: [...vouchersQueryKey, locale],
    queryFn: ({ signal }) => unwrap(getVouchers(signal)),
  });

export function useVouchers() {
  return useQuery(vouchersQueryOptions(useLocale()));
}
