import { receiptSchema, type Receipt } from '@stod/domain';
import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ApiRequestError, apiRequest, unwrap } from '../../../lib/api-client.ts';
import { flattenReceiptPages, type ReceiptPage } from '../paging.ts';
import { receiptListQueryKey, receiptsQueryKey } from './get-receipts.ts';

/** GET /api/receipts/{id}: 404 for an unknown id or another user's, 400 for a malformed one. */
export function getReceipt(id: string, signal?: AbortSignal) {
  return apiRequest(`/receipts/${encodeURIComponent(id)}`, {
    schema: receiptSchema,
    ...(signal ? { signal } : {}),
  });
}

/** 404, and 400 for an id that is no receipt id at all: the screen says "not found" to both. */
export function isMissingReceipt(error: unknown): boolean {
  if (!(error instanceof ApiRequestError)) return false;
  const status = error.apiError.statusCode;
  return status === 404 || status === 400;
}

/** A receipt opened from the list is already loaded: it shows at once. */
function fromList(queryClient: QueryClient, id: string): Receipt | undefined {
  const list = queryClient.getQueryData<{ pages: ReceiptPage[] }>(receiptListQueryKey);
  return list ? flattenReceiptPages(list.pages).find((r) => r.id === id) : undefined;
}

export const receiptQueryOptions = (queryClient: QueryClient, id: string) =>
  queryOptions({
    queryKey: [...receiptsQueryKey, 'one', id],
    queryFn: ({ signal }) => unwrap(getReceipt(id, signal)),
    initialData: () => fromList(queryClient, id),
    initialDataUpdatedAt: () => queryClient.getQueryState(receiptListQueryKey)?.dataUpdatedAt,
    // An unknown or malformed id stays unknown; only a failed connection is worth another try.
    retry: (failures, error) => failures < 1 && !isMissingReceipt(error),
  });

export function useReceipt(id: string) {
  const queryClient = useQueryClient();
  return useQuery(receiptQueryOptions(queryClient, id));
}
