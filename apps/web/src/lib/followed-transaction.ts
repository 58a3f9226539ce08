import type { StationTransactionService } from '@stod/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { forgetTransaction, readSavedTransaction } from './saved-transaction.ts';
import {
  activeTransactionQueryKey,
  isRunning,
  useActiveTransaction,
  useLiveTransaction,
} from './station-transactions.ts';

/** The navigation state a start leaves for the screen that follows the transaction. */
export interface FollowState {
  transactionId: string;
}

export function transactionIdFromState(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('transactionId' in state)) return null;
  return typeof state.transactionId === 'string' ? state.transactionId : null;
}

/**
 * The transaction a fill or wash screen shows, found as the spec's resume has it: the one the
 * start just made (navigation state, which a reload keeps), else the user's unfinished one at
 * this station, else the one the device kept for this station. Once it is over, the device
 * forgets it.
 */
export function useFollowedTransaction(service: StationTransactionService, stationId: string) {
  const queryClient = useQueryClient();
  const fromState = transactionIdFromState(useLocation().state);
  const active = useActiveTransaction();
  const saved = useQuery({
    queryKey: ['device', 'saved-transaction'],
    queryFn: readSavedTransaction,
    staleTime: 0,
    gcTime: 0,
  });

  const atStation = (id: number | undefined) => id !== undefined && String(id) === stationId;
  const activeHere =
    active.data && active.data.service === service && atStation(active.data.stationId)
      ? active.data.id
      : null;
  const savedSelection = service === 'fuel' ? saved.data?.fuel : saved.data?.carwash;
  const savedHere = atStation(savedSelection?.stationId)
    ? (saved.data?.transactionId ?? null)
    : null;
  const found = fromState ?? activeHere ?? savedHere;
  // Once over, a transaction is no longer the active one: the screen keeps showing it.
  const [kept, setKept] = useState(found);
  if (found !== null && found !== kept) setKept(found);
  const id = found ?? kept;
  const pending = id === null && (active.isPending || saved.isPending);

  const live = useLiveTransaction(id);
  const over = live.data ? !isRunning(live.data) : false;

  useEffect(() => {
    if (!over) return;
    void forgetTransaction();
    if (queryClient.getQueryData(activeTransactionQueryKey) !== undefined) {
      void queryClient.invalidateQueries({ queryKey: activeTransactionQueryKey });
    }
  }, [over, queryClient]);

  return { id, pending, live };
}
