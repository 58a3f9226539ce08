import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, unwrap } from '../../../lib/api-client.ts';
import { installationsKey } from './keys.ts';

/**
 * DELETE /api/installations/users/{shareId}: the owner removes a user's access, or the user
 * leaves. A charge the user is running finishes; nothing new starts.
 */
export function removeShare(shareId: string) {
  return apiRequest(`/installations/users/${encodeURIComponent(shareId)}`, { method: 'DELETE' });
}

export function useRemoveShare() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (shareId: string) => unwrap(removeShare(shareId)),
    // The share is gone from every list: the owner's users, the user's installations. Not
    // awaited: the screen moves on at once, and the lists catch up behind it.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: installationsKey });
    },
  });
}
