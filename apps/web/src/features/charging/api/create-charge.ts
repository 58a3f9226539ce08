import { chargeSchema, type ChargeCreate } from '@stod/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiErrorOf } from '../../../lib/api-error.ts';
import { apiRequest, unwrap } from '../../../lib/api-client.ts';
import { AttemptKeys } from '../../../lib/attempt-keys.ts';
import { activeChargeQueryKey, storeCharge } from '../../../lib/charge-query.ts';
import { rememberCharge } from '../../../lib/charge-saved.ts';
import { installationsQueryKey } from './get-installations.ts';

/** The keeper of the charges' opening attempts: an attempt outlives the screen it was made on. */
export const chargeAttemptKeys = new AttemptKeys();

export interface ChargeCreateInput {
  body: ChargeCreate;
  idempotencyKey: string;
}

/**
 * POST /api/charges: opens a charge at a connector, in state `ready`; at a public or shared
 * installation with a hold of 300 kr. on the card. Refusals come in the app's language:
 * CHARGE_ACTIVE, CHARGER_UNAVAILABLE, PAYMENT_UNSUCCESSFUL, NOT_ENOUGH_FUNDS, CARD_NOT_ALLOWED.
 */
export function createCharge({ body, idempotencyKey }: ChargeCreateInput) {
  return apiRequest('/charges', {
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
    schema: chargeSchema,
  });
}

/**
 * The new charge becomes the user's active one and is kept on the device. When another charge
 * runs, the active one is read again so the screen offers the way to it; a connector that was
 * taken meanwhile has the installation read again.
 */
export function useCreateCharge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ChargeCreateInput) => unwrap(createCharge(input)),
    onSuccess: async (charge) => {
      storeCharge(queryClient, charge);
      await rememberCharge(charge.id);
    },
    onError: async (error) => {
      const { code } = apiErrorOf(error);
      if (code === 'CHARGE_ACTIVE') {
        await queryClient.invalidateQueries({ queryKey: activeChargeQueryKey });
      } else if (code === 'CHARGER_UNAVAILABLE' || code === 'CHARGER_OFFLINE') {
        await queryClient.invalidateQueries({ queryKey: installationsQueryKey });
      }
    },
  });
}
