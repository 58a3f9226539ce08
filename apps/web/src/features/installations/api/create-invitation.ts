import { invitationSchema, type InvitationCreate } from '@stod/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, unwrap } from '../../../lib/api-client.ts';
import { invitationsKey } from './keys.ts';

/**
 * POST /api/installation-invitations: the owner invites an address, which gets an e-mail with
 * the invitation's link. Refusals with a field error on `email`: 400 invalid, 409
 * INVITATION_EXISTS and ALREADY_SHARED, 422 INVITE_SELF; without one: 422 INVITATIONS_MAX.
 */
export function createInvitation(body: InvitationCreate) {
  return apiRequest('/installation-invitations', {
    method: 'POST',
    body,
    schema: invitationSchema,
  });
}

export function useCreateInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InvitationCreate) => unwrap(createInvitation(body)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invitationsKey }),
  });
}
