import { paymentAgreementViewSchema } from '@stod/domain';
import type { z } from 'zod';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, unwrap, type ApiResult } from '../../../lib/api-client.ts';
import { paymentMethodsQueryKey } from '../../../lib/payment-methods.ts';

export type PaymentAgreementView = z.output<typeof paymentAgreementViewSchema>;

/** GET /api/payment-agreement. 404 means there is none yet: answered as null, not an error. */
export async function getPaymentAgreement(
  signal?: AbortSignal,
): Promise<ApiResult<PaymentAgreementView | null>> {
  const [agreement, error] = await apiRequest('/payment-agreement', {
    schema: paymentAgreementViewSchema,
    ...(signal ? { signal } : {}),
  });
  if (error) return error.statusCode === 404 ? [null, null] : [null, error];
  return [agreement, null];
}

export const paymentAgreementQueryKey = [...paymentMethodsQueryKey, 'agreement'] as const;

export const paymentAgreementQueryOptions = () =>
  queryOptions({
    queryKey: paymentAgreementQueryKey,
    queryFn: ({ signal }) => unwrap(getPaymentAgreement(signal)),
  });

export function usePaymentAgreement() {
  return useQuery(paymentAgreementQueryOptions());
}
