import { upgradedSubscriptionSchema as upgradedSchema } from '@stod/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, unwrap } from '../../../lib/api-client.ts';
import { apiErrorOf } from '../../../lib/api-error.ts';
import { changedBy, refreshSubscriptions } from '../refresh.ts';

export interface UpgradeInput {
  userSubscriptionId: string;
  planId: number;
  idempotencyKey: string;
}

/** POST /api/user-subscriptions/{id}/upgrade: the new subscription, what was credited and charged. */
export function upgradeSubscription({ userSubscriptionId, planId, idempotencyKey }: UpgradeInput) {
  return apiRequest(`/user-subscriptions/${encodeURIComponent(userSubscriptionId)}/upgrade`, {
    method: 'POST',
    body: { subscriptionId: planId },
    headers: { 'Idempotency-Key': idempotencyKey },
    schema: upgradedSchema,
  });
}

export function useUpgradeSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpgradeInput) => unwrap(upgradeSubscription(input)),
    onSuccess: () => refreshSubscriptions(queryClient),
    // A 409 or 404 also says the subscriptions are not what the screen showed.
    onError: async (error) => {
      if (changedBy(apiErrorOf(error))) await refreshSubscriptions(queryClient);
    },
  });
}
