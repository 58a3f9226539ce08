import { paymentMethodsResponseSchema } from '@stod/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, unwrap } from './api-client.ts';

/**
 * GET /api/payment-methods: the user's cards and the payment agreement. It lives in lib because
 * several features read it: the wallet, home (the add-a-card prompt) and, later, every service
 * that needs an active payment method before it starts (spec §5).
 */
export function getPaymentMethods(signal?: AbortSignal) {
  return apiRequest('/payment-methods', {
    schema: paymentMethodsResponseSchema,
    ...(signal ? { signal } : {}),
  });
}

export const paymentMethodsQueryKey = ['wallet', 'payment-methods'] as const;

export const paymentMethodsQueryOptions = () =>
  queryOptions({
    queryKey: paymentMethodsQueryKey,
    queryFn: ({ signal }) => unwrap(getPaymentMethods(signal)),
  });

export function usePaymentMethods() {
  return useQuery(paymentMethodsQueryOptions());
}
