import { receiptListSchema } from '@stod/domain';
import { infiniteQueryOptions, useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, unwrap } from '../../../lib/api-client.ts';
import { useRealtimeEvent } from '../../../lib/realtime.ts';
import { nextReceiptsOffset, RECEIPTS_PAGE_SIZE } from '../paging.ts';

/** GET /api/receipts?offset&take: one page of the user's receipts, newest first. */
export function getReceipts(offset: number, take: number, signal?: AbortSignal) {
  const query = new URLSearchParams({ offset: String(offset), take: String(take) });
  return apiRequest(`/receipts?${query.toString()}`, {
    schema: receiptListSchema,
    ...(signal ? { signal } : {}),
  });
}

export const receiptsQueryKey = ['receipts'] as const;
export const receiptListQueryKey = [...receiptsQueryKey, 'list', RECEIPTS_PAGE_SIZE] as const;

export const receiptsInfiniteQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: receiptListQueryKey,
    queryFn: ({ pageParam, signal }) => unwrap(getReceipts(pageParam, RECEIPTS_PAGE_SIZE, signal)),
    initialPageParam: 0,
    getNextPageParam: (_last, pages) => nextReceiptsOffset(pages),
  });

/** The list, refetched when the API announces a new receipt. */
export function useReceipts() {
  const queryClient = useQueryClient();
  useRealtimeEvent('receipt.created', () => {
    void queryClient.invalidateQueries({ queryKey: receiptsQueryKey });
  });
  return useInfiniteQuery(receiptsInfiniteQueryOptions());
}
