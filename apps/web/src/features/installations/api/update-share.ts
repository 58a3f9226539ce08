import { installationUserSchema, type ShareLimitsPatch } from '@stod/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, unwrap } from '../../../lib/api-client.ts';
import { installationKey, installationUsersKey } from './keys.ts';

export interface ShareUpdate {
  shareId: string;
  patch: ShareLimitsPatch;
}

/**
 * PATCH /api/installations/users/{shareId}: the owner sets the share's end date, its kWh cap
 * per month and its price per kWh in øre. Answers the user with the limits as they now stand.
 */
export function updateShare({ shareId, patch }: ShareUpdate) {
  return apiRequest(`/installations/users/${encodeURIComponent(shareId)}`, {
    method: 'PATCH',
    body: patch,
    schema: installationUserSchema,
  });
}

export function useUpdateShare() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ShareUpdate) => unwrap(updateShare(input)),
    onSuccess: async (user) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: installationUsersKey(user.installationId) }),
        queryClient.invalidateQueries({ queryKey: installationKey(user.installationId) }),
      ]);
    },
  });
}
