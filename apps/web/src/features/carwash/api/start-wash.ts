import { stationTransactionSchema, type CarwashStart } from '@stod/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, unwrap } from '../../../lib/api-client.ts';
import { apiErrorOf } from '../../../lib/api-error.ts';
import { useHoldStart, type HoldStartInput } from '../../../lib/start-transaction.ts';
import { activeTransactionQueryKey, storeTransaction } from '../../../lib/station-transactions.ts';
import { vouchersQueryKey } from './get-wash-vouchers.ts';

export type WashCreateInput = HoldStartInput<CarwashStart>;

/**
 * POST /api/carwash/transactions: holds the programme's price (or takes the voucher) and loads
 * the programme on the bay; the answer is the wash in 'ready'. CARWASH_UNAVAILABLE when the bay
 * is busy, faulted or offline.
 */
export function createWash({ body, idempotencyKey }: WashCreateInput) {
  return apiRequest('/carwash/transactions', {
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
    schema: stationTransactionSchema,
  });
}

/** POST /api/carwash/transactions/{id}/start: the countdown begins and the money is taken. */
export function startWash(id: string) {
  return apiRequest(`/carwash/transactions/${encodeURIComponent(id)}/start`, {
    method: 'POST',
    schema: stationTransactionSchema,
  });
}

export function useCreateWash() {
  return useHoldStart((input: WashCreateInput) => unwrap(createWash(input)));
}

export function useStartWash() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(startWash(id)),
    onSuccess: async (transaction) => {
      storeTransaction(queryClient, transaction);
      queryClient.setQueryData(activeTransactionQueryKey, transaction);
      if (transaction.paidWith === 'voucher') {
        await queryClient.invalidateQueries({ queryKey: vouchersQueryKey });
      }
    },
    // A refused start voids the hold: the wash is over, and the next try is a new one.
    onSettled: async (_data, error) => {
      if (error && apiErrorOf(error).statusCode === 409) {
        await queryClient.invalidateQueries({ queryKey: activeTransactionQueryKey });
      }
    },
  });
}
