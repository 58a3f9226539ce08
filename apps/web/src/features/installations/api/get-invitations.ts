import { invitationListSchema } from '@stod/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, unwrap } from '../../../lib/api-client.ts';
import { invitationsKey } from './keys.ts';

/**
 * GET /api/installation-invitations: those the user sent as an owner (`direction: 'sent'`) and
 * those addressed to the user (`'received'`), newest first, in every state.
 */
export function getInvitations(signal?: AbortSignal) {
  return apiRequest('/installation-invitations', {
    schema: invitationListSchema,
    ...(signal ? { signal } : {}),
  });
}

export const invitationsQueryOptions = () =>
  queryOptions({
    queryKey: invitationsKey,
    queryFn: async ({ signal }) => (await unwrap(getInvitations(signal))).items,
    staleTime: 10_000,
  });

export function useInvitations() {
  return useQuery(invitationsQueryOptions());
}
