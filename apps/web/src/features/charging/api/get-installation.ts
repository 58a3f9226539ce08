import { installationViewSchema } from '@stod/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiRequestError, apiRequest, unwrap } from '../../../lib/api-client.ts';
import { installationsQueryKey } from './get-installations.ts';

/** While an installation's screen is shown, its connectors are asked for this often. */
export const INSTALLATION_POLL_MS = 4000;

/** GET /api/installations/{id}: 404 when the user may not use it (or it does not exist). */
export function getInstallation(id: string, signal?: AbortSignal) {
  return apiRequest(`/installations/${encodeURIComponent(id)}`, {
    schema: installationViewSchema,
    ...(signal ? { signal } : {}),
  });
}

/** 404, and 400 for an id that is no installation id at all: both are "not found". */
export function isUnknownInstallation(error: unknown): boolean {
  return error instanceof ApiRequestError && [400, 404].includes(error.apiError.statusCode);
}

export const installationQueryKey = (id: string) => [...installationsQueryKey, 'one', id] as const;

export const installationQueryOptions = (id: string) =>
  queryOptions({
    queryKey: installationQueryKey(id),
    queryFn: ({ signal }) => unwrap(getInstallation(id, signal)),
    staleTime: 0,
    retry: (failures, error) => failures < 1 && !isUnknownInstallation(error),
  });

/**
 * One installation with its chargers' live status: asked for every few seconds while the screen
 * is visible (a hidden tab asks nothing), so a connector that frees up can be chosen.
 */
export function useInstallation(id: string, { live = false }: { live?: boolean } = {}) {
  return useQuery({
    ...installationQueryOptions(id),
    refetchInterval: (query) =>
      live && !isUnknownInstallation(query.state.error) ? INSTALLATION_POLL_MS : false,
  });
}
