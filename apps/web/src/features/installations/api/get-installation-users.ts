import { installationUserListSchema } from '@stod/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, unwrap } from '../../../lib/api-client.ts';
import { installationUsersKey } from './keys.ts';

/**
 * GET /api/installations/{id}/users: the owner's list of the users with access, their limits and
 * this month's use. Each one's `id` is the share's id, which the share's calls take.
 */
export function getInstallationUsers(id: string, signal?: AbortSignal) {
  return apiRequest(`/installations/${encodeURIComponent(id)}/users`, {
    schema: installationUserListSchema,
    ...(signal ? { signal } : {}),
  });
}

export const installationUsersQueryOptions = (id: string) =>
  queryOptions({
    queryKey: installationUsersKey(id),
    queryFn: async ({ signal }) => (await unwrap(getInstallationUsers(id, signal))).items,
  });

/** Only the owner may ask; `enabled` is false until the screen knows the user owns it. */
export function useInstallationUsers(id: string, enabled = true) {
  return useQuery({ ...installationUsersQueryOptions(id), enabled });
}
