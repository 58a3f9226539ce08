import { paymentMethodSchema } from '@stod/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { OWN_CARD_SLUG } from '../../../config.ts';
import { apiRequest, unwrap } from '../../../lib/api-client.ts';
import { paymentMethodsQueryKey } from '../../../lib/payment-methods.ts';

/**
 * POST /api/payment-methods/{own-card}/create: a new card of the provider's, active
 * OWN_CARD_ACTIVATION_MS later. 422 AGREEMENT_REQUIRED or IDENTITY_REQUIRED when a step is missing.
 */
export function createOwnCard(body: { name?: string } = {}) {
  return apiRequest(`/payment-methods/${OWN_CARD_SLUG}/create`, {
    method: 'POST',
    body,
    schema: paymentMethodSchema,
  });
}

export function useCreateOwnCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { name?: string } = {}) => unwrap(createOwnCard(body)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentMethodsQueryKey }),
  });
}
