import { stationTransactionSchema } from '@stod/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, unwrap } from '../../../lib/api-client.ts';
import { storeTransaction } from '../../../lib/station-transactions.ts';

/** POST /api/carwash/transactions/{id}/stop: stops the running wash; only staff resume it. */
export function stopWash(id: string) {
  return apiRequest(`/carwash/transactions/${encodeURIComponent(id)}/stop`, {
    method: 'POST',
    schema: stationTransactionSchema,
  });
}

export function useStopWash() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(stopWash(id)),
    onSuccess: (transaction) => storeTransaction(queryClient, transaction),
  });
}
