import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, unwrap } from '../../../lib/api-client.ts';
import { invitationsKey } from './keys.ts';

/** DELETE /api/installation-invitations/{id}: the owner withdraws a pending invitation. */
export function withdrawInvitation(id: string) {
  return apiRequest(`/installation-invitations/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useWithdrawInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(withdrawInvitation(id)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: invitationsKey }),
  });
}
