import { userVoucherSchema, type voucherRedeemSchema } from '@stod/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest, unwrap } from '../../../lib/api-client.ts';
import { vouchersQueryKey } from './get-vouchers.ts';

export type VoucherRedeemBody = z.output<typeof voucherRedeemSchema>;

/**
 * POST /api/vouchers/redeem: each code redeems once. 422 with a field error on `code` when the
 * code is unknown, used or expired; 429 after too many tries.
 */
export function redeemVoucher(body: VoucherRedeemBody) {
  return apiRequest('/vouchers/redeem', {
    method: 'POST',
    body,
    schema: userVoucherSchema,
  });
}

export function useRedeemVoucher() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: VoucherRedeemBody) => unwrap(redeemVoucher(body)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: vouchersQueryKey }),
  });
}
