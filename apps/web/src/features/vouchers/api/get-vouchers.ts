import { vouchersResponseSchema } from '@stod/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, unwrap } from '../../../lib/api-client.ts';

/** GET /api/vouchers: what value vouchers and gift cards still hold, and every redeemed code. */
export function getVouchers(signal?: AbortSignal) {
  return apiRequest('/vouchers', {
    schema: vouchersResponseSchema,
    ...(signal ? { signal } : {}),
  });
}

export const vouchersQueryKey = ['vouchers'] as const;

export const vouchersQueryOptions = () =>
  queryOptions({
    queryKey: vouchersQueryKey,
    queryFn: ({ signal }) => unwrap(getVouchers(signal)),
  });

export function useVouchers() {
  return useQuery(vouchersQueryOptions());
}
