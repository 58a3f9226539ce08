import { invitationSchema, type Invitation } from '@stod/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, unwrap } from '../../../lib/api-client.ts';
import { invitationsKey } from './keys.ts';

/** POST /api/installation-invitations/{id}/decline: the invited user says no. */
export function declineInvitation(id: string) {
  return apiRequest(`/installation-invitations/${encodeURIComponent(id)}/decline`, {
    method: 'POST',
    schema: invitationSchema,
  });
}

/** `onDeclined` runs with the mutation itself, as `onAccepted` does (accept-invitation.ts). */
export function useDeclineInvitation(onDeclined?: (invitation: Invitation) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(declineInvitation(id)),
    onSuccess: (invitation) => onDeclined?.(invitation),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: invitationsKey });
    },
  });
}
