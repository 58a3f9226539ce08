import { paymentMethodsResponseSchema } from '@stod/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, unwrap } from '../../../lib/api-client.ts';
import { paymentMethodsQueryKey } from '../../../lib/payment-methods.ts';

/** PATCH /api/user/primary-payment-card/{id}: answers the whole list again. */
export function setFavouritePaymentMethod(id: string) {
  return apiRequest(`/user/primary-payment-card/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    schema: paymentMethodsResponseSchema,
  });
}

export function useSetFavourite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(setFavouritePaymentMethod(id)),
    onSuccess: async (list) => {
      queryClient.setQueryData(paymentMethodsQueryKey, list);
      // The single-card views carry isFavourite too.
      await queryClient.invalidateQueries({
        queryKey: paymentMethodsQueryKey,
        predicate: (q) => q.queryKey.length > paymentMethodsQueryKey.length,
      });
    },
  });
}
