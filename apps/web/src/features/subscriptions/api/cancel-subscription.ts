import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { changedBy, refreshSubscriptions } from '../refresh.ts';

/** DELETE /api/user-subscriptions/{id}: ends renewal; usable until validTo. */
export function cancelSubscription(id: string) {
  return apiRequest(`/user-subscriptions/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelSubscription,
    onSuccess: async ([, error]) => {
      if (changedBy(error)) await refreshSubscriptions(queryClient);
    },
  });
}
