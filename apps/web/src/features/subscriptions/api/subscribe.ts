import { userSubscriptionSchema, type subscribeSchema } from '@stod/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { changedBy, refreshSubscriptions } from '../refresh.ts';

export type SubscribeBody = z.input<typeof subscribeSchema>;

export interface SubscribeInput {
  planId: number;
  body: SubscribeBody;
  idempotencyKey: string;
}

/** POST /api/subscriptions/{id}/subscribe: pays the first period and answers the subscription. */
export function subscribe({ planId, body, idempotencyKey }: SubscribeInput) {
  return apiRequest(`/subscriptions/${String(planId)}/subscribe`, {
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
    schema: userSubscriptionSchema,
  });
}

export function useSubscribe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: subscribe,
    onSuccess: async ([, error]) => {
      if (changedBy(error)) await refreshSubscriptions(queryClient);
    },
  });
}
