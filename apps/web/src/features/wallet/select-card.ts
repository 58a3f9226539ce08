import type { PaymentMethod } from '@stod/domain';

/**
 * The card a done screen is about: the one the previous step named (navigation state), else
 * the newest provider card, so a reload still shows the right card.
 */
export function pickNewCard(
  methods: readonly PaymentMethod[],
  id: string | null,
  kind: PaymentMethod['kind'] = 'own_card',
): PaymentMethod | null {
  const named = id ? methods.find((m) => m.id === id) : undefined;
  if (named) return named;
  let newest: PaymentMethod | null = null;
  for (const m of methods) {
    if (m.kind === kind && (!newest || Date.parse(m.createdAt) > Date.parse(newest.createdAt)))
      newest = m;
  }
  return newest;
}

/** The `paymentMethodId` a previous screen left in the navigation state, if any. */
export function stateCardId(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('paymentMethodId' in state)) return null;
  return typeof state.paymentMethodId === 'string' ? state.paymentMethodId : null;
}
