import type { PaymentMethod } from '@stod/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { paymentMethodsQueryKey } from '../../lib/payment-methods.ts';
import { useRealtimeConnected, useRealtimeEvent } from '../../lib/realtime.ts';
import { nextActivationAt } from './activation.ts';

/**
 * A new card's activation refetches the server's `isActive`: when the API announces it, or, while
 * no event can arrive, a little after its activation time.
 */
export function useActivationRefetch(methods: readonly PaymentMethod[] | undefined): void {
  const queryClient = useQueryClient();
  const live = useRealtimeConnected();
  useRealtimeEvent('paymentMethod.activated', () => {
    void queryClient.invalidateQueries({ queryKey: paymentMethodsQueryKey });
  });
  useEffect(() => {
    if (!methods || live) return;
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
  }, [methods, queryClient, live]);
}
