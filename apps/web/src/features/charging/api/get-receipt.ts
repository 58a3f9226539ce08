import { receiptSchema } from '@stod/domain';
import { useQuery } from '@tanstack/react-query';
import { ApiRequestError, apiRequest, unwrap } from '../../../lib/api-client.ts';

/** GET /api/receipts/{id}: a finished charge's receipt. */
export function getReceipt(id: string, signal?: AbortSignal) {
  return apiRequest(`/receipts/${encodeURIComponent(id)}`, {
    schema: receiptSchema,
    ...(signal ? { signal } : {}),
  });
}

/** The receipt of a completed charge; it is read once, as receipts do not change. */
export function useChargeReceipt(id: string | null) {
  return useQuery({
    queryKey: ['receipts', 'one', id ?? ''],
    queryFn: ({ signal }) => unwrap(getReceipt(id ?? '', signal)),
    enabled: id !== null,
    staleTime: Infinity,
    retry: (failures, error) =>
      failures < 2 && !(error instanceof ApiRequestError && error.apiError.statusCode === 404),
  });
}
