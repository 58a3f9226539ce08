import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, unwrap } from '../../../lib/api-client.ts';
import { apiErrorOf } from '../../../lib/api-error.ts';
import { changedBy, refreshSubscriptions } from '../refresh.ts';

/** DELETE /api/user-subscriptions/{id}: ends renewal; usable until validTo. */
export function cancelSubscription(id: string) {
  return apiRequest(`/user-subscriptions/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(cancelSubscription(id)),
    onSuccess: () => refreshSubscriptions(queryClient),
    // A 409 or 404 also says the subscriptions are not what the screen showed.
    onError: async (error) => {
      if (changedBy(apiErrorOf(error))) await refreshSubscriptions(queryClient);
    },
  });
}
