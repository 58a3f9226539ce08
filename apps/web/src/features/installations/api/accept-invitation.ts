import { invitationSchema, type Invitation } from '@stod/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, unwrap } from '../../../lib/api-client.ts';
import { installationsKey, invitationsKey } from './keys.ts';

export interface InvitationAcceptance {
  id: string;
  /** The token of the invitation's e-mail: an account with an unverified address must bring it. */
  token?: string | undefined;
}

/**
 * POST /api/installation-invitations/{id}/accept: the invited user takes the share. Without the
 * e-mail's token an unverified account is refused (403 INVITATION_TOKEN); 409 when it was
 * answered or withdrawn meanwhile.
 */
export function acceptInvitation({ id, token }: InvitationAcceptance) {
  return apiRequest(`/installation-invitations/${encodeURIComponent(id)}/accept`, {
    method: 'POST',
    body: token ? { token } : {},
    schema: invitationSchema,
  });
}

/**
 * `onAccepted` runs with the mutation itself, not with the card that asked: the lists read again
 * afterwards may show the invitation answered and take the card away first.
 */
export function useAcceptInvitation(onAccepted?: (invitation: Invitation) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: InvitationAcceptance) => unwrap(acceptInvitation(input)),
    onSuccess: (invitation) => onAccepted?.(invitation),
    // The new share is one of the user's installations now.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: invitationsKey });
      void queryClient.invalidateQueries({ queryKey: installationsKey });
    },
  });
}
