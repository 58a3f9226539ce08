import { paymentMethodSchema, type ownCardAddSchema } from '@stod/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { OWN_CARD_SLUG } from '../../../config.ts';
import { apiRequest, unwrap } from '../../../lib/api-client.ts';
import { paymentMethodsQueryKey } from '../../../lib/payment-methods.ts';

export type OwnCardAddBody = z.output<typeof ownCardAddSchema>;

/** POST /api/payment-methods/{own-card}/add: an existing card of the provider's. */
export function addOwnCard(body: OwnCardAddBody) {
  return apiRequest(`/payment-methods/${OWN_CARD_SLUG}/add`, {
    method: 'POST',
    body,
    schema: paymentMethodSchema,
  });
}

export function useAddOwnCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OwnCardAddBody) => unwrap(addOwnCard(body)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentMethodsQueryKey }),
  });
}
