import { stationTransactionSchema, type StationTransaction } from '@stod/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, unwrap } from './api.ts';
import { stationLiveKey } from './station-live.ts';

/** Starts a stopped wash again; the API answers the transaction, now washing. */
export function resumeWash(transactionId: string): Promise<StationTransaction> {
  return unwrap(
    apiRequest(`/admin/carwash/transactions/${encodeURIComponent(transactionId)}/resume`, {
      method: 'POST',
      schema: stationTransactionSchema,
    }),
  );
}

/** Resumes a wash at a station, then asks for the station's live view again at once. */
export function useResumeWash(stationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resumeWash,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: stationLiveKey(stationId) }),
  });
}
