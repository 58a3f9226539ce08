import { paymentMethodSchema } from '@stod/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, unwrap } from '../../../lib/api-client.ts';
import { paymentMethodsQueryKey } from '../../../lib/payment-methods.ts';

/** GET /api/payment-methods/{id}: another user's id answers 404. */
export function getPaymentMethod(id: string, signal?: AbortSignal) {
  return apiRequest(`/payment-methods/${encodeURIComponent(id)}`, {
    schema: paymentMethodSchema,
    ...(signal ? { signal } : {}),
  });
}

export const paymentMethodQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...paymentMethodsQueryKey, id],
    queryFn: ({ signal }) => unwrap(getPaymentMethod(id, signal)),
    retry: false,
  });

export function usePaymentMethod(id: string) {
  return useQuery(paymentMethodQueryOptions(id));
}
