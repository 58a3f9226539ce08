import { chargeSchema, type Charge } from '@stod/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, unwrap } from '../../../lib/api-client.ts';
import { isChargeRunning, storeCharge } from '../../../lib/charge-query.ts';
import { forgetCharge } from '../../../lib/charge-saved.ts';

/** What the user can do to a charge (spec §4 "Charge"): start, stop, cancel. */
export type ChargeAction = 'start' | 'stop' | 'cancel';

/**
 * POST /api/charges/{id}/start (then `waiting` until the car is plugged in), /stop (`stopping`,
 * soon `completed` with its receipt) or /cancel (before the start; the hold is released).
 * Refusals: 409 CHARGER_UNAVAILABLE, CHARGER_OFFLINE, ILLEGAL_STATE.
 */
export function chargeAction(id: string, action: ChargeAction) {
  return apiRequest(`/charges/${encodeURIComponent(id)}/${action}`, {
    method: 'POST',
    schema: chargeSchema,
  });
}

/** One action's mutation: the answer is the charge as it now stands. */
export function useChargeAction(action: ChargeAction) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(chargeAction(id, action)),
    onSuccess: async (charge: Charge) => {
      storeCharge(queryClient, charge);
      if (!isChargeRunning(charge)) await forgetCharge(charge.id);
    },
  });
}
