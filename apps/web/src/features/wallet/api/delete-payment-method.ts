import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, unwrap } from '../../../lib/api-client.ts';
import { paymentMethodsQueryKey } from '../../../lib/payment-methods.ts';

export function deletePaymentMethod(id: string) {
  return apiRequest(`/payment-methods/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeletePaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(deletePaymentMethod(id)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentMethodsQueryKey }),
  });
}
