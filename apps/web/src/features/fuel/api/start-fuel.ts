import { stationTransactionSchema, type FuelStart } from '@stod/domain';
import { apiRequest, unwrap } from '../../../lib/api-client.ts';
import { useHoldStart, type HoldStartInput } from '../../../lib/start-transaction.ts';

export type FuelStartInput = HoldStartInput<FuelStart>;

/**
 * POST /api/fuel/transactions: holds 750 kr. on the card and releases the pump. Refusals come
 * in the app's language: FUEL_FUNDS (the 750 kr. text), PUMP_UNAVAILABLE, TRANSACTION_ACTIVE.
 */
export function startFuel({ body, idempotencyKey }: FuelStartInput) {
  return apiRequest('/fuel/transactions', {
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
    schema: stationTransactionSchema,
  });
}

export function useStartFuel() {
  return useHoldStart((input: FuelStartInput) => unwrap(startFuel(input)));
}
