import { userInstallationSchema } from '@stod/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiRequestError, apiRequest, unwrap } from '../../../lib/api-client.ts';
import { installationKey } from './keys.ts';

/** While an installation's screen is shown, its connectors are asked for this often. */
export const INSTALLATION_POLL_MS = 4000;

/** The answer names a shared user's own share, which leaving removes. */
export const userInstallationAnswerSchema = userInstallationSchema;

/** GET /api/user/installations/{id}: one the user owns or that is shared with them, else 404. */
export function getUserInstallation(id: string, signal?: AbortSignal) {
  return apiRequest(`/user/installations/${encodeURIComponent(id)}`, {
    schema: userInstallationAnswerSchema,
    ...(signal ? { signal } : {}),
  });
}

/** 404, and 400 for an id that is no installation id at all: both are "not found". */
export function isUnknown(error: unknown): boolean {
  return error instanceof ApiRequestError && [400, 404].includes(error.apiError.statusCode);
}

export const userInstallationQueryOptions = (id: string) =>
  queryOptions({
    queryKey: installationKey(id),
    queryFn: ({ signal }) => unwrap(getUserInstallation(id, signal)),
    staleTime: 0,
    retry: (failures, error) => failures < 1 && !isUnknown(error),
  });

/**
 * One installation with its chargers' live status: with `live`, asked for every few seconds
 * while the screen is visible (a hidden tab asks nothing), as the charging screens do.
 */
export function useUserInstallation(id: string, { live = false }: { live?: boolean } = {}) {
  return useQuery({
    ...userInstallationQueryOptions(id),
    refetchInterval: (query) =>
      live && !isUnknown(query.state.error) ? INSTALLATION_POLL_MS : false,
  });
}
