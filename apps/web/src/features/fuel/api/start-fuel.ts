import { stationTransactionSchema, type FuelStart, type StationTransaction } from '@stod/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, unwrap } from '../../../lib/api-client.ts';
import { apiErrorOf } from '../../../lib/api-error.ts';
import { rememberTransaction } from '../../../lib/saved-transaction.ts';
import { activeTransactionQueryKey, storeTransaction } from '../../../lib/station-transactions.ts';

export interface FuelStartInput {
  body: FuelStart;
  idempotencyKey: string;
}

/**
 * POST /api/fuel/transactions: holds 750 kr. on the card and releases the pump. Refusals come
 * in the app's language: FUEL_FUNDS (the 750 kr. text), PUMP_UNAVAILABLE, TRANSACTION_ACTIVE.
 */
export function startFuel({ body, idempotencyKey }: FuelStartInput) {
  return apiRequest('/fuel/transactions', {
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
    schema: stationTransactionSchema,
  });
}

export function useStartFuel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: FuelStartInput) => unwrap(startFuel(input)),
    onSuccess: async (transaction: StationTransaction) => {
      storeTransaction(queryClient, transaction);
      queryClient.setQueryData(activeTransactionQueryKey, transaction);
      await rememberTransaction(transaction);
    },
    onError: async (error) => {
      // Another transaction runs: the screen offers the way to it.
      if (apiErrorOf(error).code === 'TRANSACTION_ACTIVE') {
        await queryClient.invalidateQueries({ queryKey: activeTransactionQueryKey });
      }
    },
  });
}
