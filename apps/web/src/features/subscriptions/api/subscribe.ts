import { userSubscriptionSchema, type subscribeSchema } from '@stod/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest, unwrap } from '../../../lib/api-client.ts';
import { apiErrorOf } from '../../../lib/api-error.ts';
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
    mutationFn: (input: SubscribeInput) => unwrap(subscribe(input)),
    onSuccess: () => refreshSubscriptions(queryClient),
    // A 409 or 404 also says the subscriptions are not what the screen showed.
    onError: async (error) => {
      if (changedBy(apiErrorOf(error))) await refreshSubscriptions(queryClient);
    },
  });
}
