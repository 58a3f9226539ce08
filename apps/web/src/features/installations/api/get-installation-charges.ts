import { installationChargeListSchema } from '@stod/domain';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest, unwrap } from '../../../lib/api-client.ts';
import { nextOffset, CHARGES_PAGE_SIZE } from '../paging.ts';
import { installationChargesKey } from './keys.ts';

/**
 * GET /api/installations/{id}/users/{userId}/charges?offset&take: a page of the charges there,
 * newest first. The owner asking with their own id reads everyone's; a shared user their own.
 */
export function getInstallationCharges(
  id: string,
  userId: string,
  offset: number,
  take: number,
  signal?: AbortSignal,
) {
  const query = new URLSearchParams({ offset: String(offset), take: String(take) });
  return apiRequest(
    `/installations/${encodeURIComponent(id)}/users/${encodeURIComponent(userId)}/charges?${query.toString()}`,
    { schema: installationChargeListSchema, ...(signal ? { signal } : {}) },
  );
}

export const installationChargesQueryOptions = (id: string, userId: string) =>
  infiniteQueryOptions({
    queryKey: installationChargesKey(id, userId),
    queryFn: ({ pageParam, signal }) =>
      unwrap(getInstallationCharges(id, userId, pageParam, CHARGES_PAGE_SIZE, signal)),
    initialPageParam: 0,
    getNextPageParam: (_last, pages) => nextOffset(pages),
  });

/** Spec §7: skipped when nobody is signed in (`userId` null). */
export function useInstallationCharges(id: string, userId: string | null) {
  return useInfiniteQuery({
    ...installationChargesQueryOptions(id, userId ?? ''),
    enabled: userId !== null,
  });
}
