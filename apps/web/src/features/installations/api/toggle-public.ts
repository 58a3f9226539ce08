import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, unwrap } from '../../../lib/api-client.ts';
import { userInstallationAnswerSchema } from './get-user-installation.ts';
import { installationKey, installationListKey } from './keys.ts';

/** PATCH /api/installations/{id}/toggle-public: the owner only (403 for a shared user). */
export function togglePublic(id: string) {
  return apiRequest(`/installations/${encodeURIComponent(id)}/toggle-public`, {
    method: 'PATCH',
    schema: userInstallationAnswerSchema,
  });
}

export function useTogglePublic() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(togglePublic(id)),
    onSuccess: async (installation) => {
      queryClient.setQueryData(installationKey(installation.id), installation);
      await queryClient.invalidateQueries({ queryKey: installationListKey });
    },
  });
}
