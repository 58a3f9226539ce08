import { paymentAgreementViewSchema, type paymentAgreementUpdateSchema } from '@stod/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest, unwrap } from '../../../lib/api-client.ts';
import { paymentMethodsQueryKey } from '../../../lib/payment-methods.ts';

/** A new agreement carries the account number; an edit may leave it out to keep the saved one. */
export type PaymentAgreementBody = z.output<typeof paymentAgreementUpdateSchema>;

/** POST creates (409 when one exists), PATCH changes (404 when none): the same body. */
export function savePaymentAgreement(mode: 'create' | 'update', body: PaymentAgreementBody) {
  return apiRequest('/payment-agreement', {
    method: mode === 'create' ? 'POST' : 'PATCH',
    body,
    schema: paymentAgreementViewSchema,
  });
}

export function useSavePaymentAgreement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ mode, body }: { mode: 'create' | 'update'; body: PaymentAgreementBody }) =>
      unwrap(savePaymentAgreement(mode, body)),
    // The list answers the agreement too; the agreement query lives under the same key.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentMethodsQueryKey }),
  });
}
