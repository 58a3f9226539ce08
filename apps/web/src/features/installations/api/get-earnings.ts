import { earningsSchema } from '@stod/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, unwrap } from '../../../lib/api-client.ts';
import { earningsKey } from './keys.ts';

/** GET /api/installations/{id}/earnings?month=YYYY-MM: the owner's figures of one month. */
export function getEarnings(id: string, month: string, signal?: AbortSignal) {
  return apiRequest(
    `/installations/${encodeURIComponent(id)}/earnings?${new URLSearchParams({ month }).toString()}`,
    { schema: earningsSchema, ...(signal ? { signal } : {}) },
  );
}

export const earningsQueryOptions = (id: string, month: string) =>
  queryOptions({
    queryKey: earningsKey(id, month),
    queryFn: ({ signal }) => unwrap(getEarnings(id, month, signal)),
  });

/** The month's earnings; the month before stays on screen while the next one loads. */
export function useEarnings(id: string, month: string, enabled = true) {
  return useQuery({
    ...earningsQueryOptions(id, month),
    enabled,
    placeholderData: keepPreviousData,
  });
}
