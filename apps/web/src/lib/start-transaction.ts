import type { StationTransaction } from '@stod/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiErrorOf } from './api-error.ts';
import { rememberTransaction } from './saved-transaction.ts';
import { activeTransactionQueryKey, storeTransaction } from './station-transactions.ts';

/** A start that places a hold (a refuelling, a wash), made once under its idempotency key. */
export interface HoldStartInput<Body> {
  body: Body;
  idempotencyKey: string;
}

/**
 * The mutation of a start that places a hold: the new transaction becomes the user's active one
 * and is kept on the device for a restart. When another transaction runs, the active one is read
 * again so the screen offers the way to it.
 */
export function useHoldStart<Body>(
  start: (input: HoldStartInput<Body>) => Promise<StationTransaction>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: start,
    onSuccess: async (transaction: StationTransaction) => {
      storeTransaction(queryClient, transaction);
      queryClient.setQueryData(activeTransactionQueryKey, transaction);
      await rememberTransaction(transaction);
    },
    onError: async (error) => {
      if (apiErrorOf(error).code === 'TRANSACTION_ACTIVE') {
        await queryClient.invalidateQueries({ queryKey: activeTransactionQueryKey });
      }
    },
  });
}
