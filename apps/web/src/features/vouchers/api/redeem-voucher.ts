import { userVoucherSchema, type voucherRedeemSchema } from '@stod/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
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
    mutationFn: redeemVoucher,
    onSuccess: async ([voucher]) => {
      if (voucher) await queryClient.invalidateQueries({ queryKey: vouchersQueryKey });
    },
  });
}
