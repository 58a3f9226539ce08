import type { PaymentMethod } from '@stod/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { paymentMethodsQueryKey } from '../../lib/payment-methods.ts';
import { nextActivationAt } from './activation.ts';

/** When a new card's activation time comes, the server's `isActive` is fetched again. */
export function useActivationRefetch(methods: readonly PaymentMethod[] | undefined): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!methods) return;
    const now = Date.now();
    const at = nextActivationAt(methods, now);
    if (at === null) return;
    // A little after the moment, so the server agrees that it has passed.
    const timer = setTimeout(
      () => {
        void queryClient.invalidateQueries({ queryKey: paymentMethodsQueryKey });
      },
      at - now + 750,
    );
    return () => clearTimeout(timer);
  }, [methods, queryClient]);
}
