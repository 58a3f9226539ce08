import type { UserVoucher } from '@stod/domain';

export type VoucherState = 'usable' | 'used' | 'expired';

/** Used wins over expired: a voucher spent before it ran out is remembered as used. */
export function voucherState(voucher: UserVoucher, now: number): VoucherState {
  if (voucher.usedAt !== null) return 'used';
  if (voucher.balance !== null && voucher.balance <= 0) return 'used';
  if (Date.parse(voucher.expiresAt) <= now) return 'expired';
  return 'usable';
}

const order: Record<VoucherState, number> = { usable: 0, used: 1, expired: 1 };

/** Usable vouchers first; otherwise the server's order (newest first) stays. */
export function sortVouchers(
  vouchers: readonly UserVoucher[],
  now: number,
): { voucher: UserVoucher; state: VoucherState }[] {
  return vouchers
    .map((voucher) => ({ voucher, state: voucherState(voucher, now) }))
    .sort((a, b) => order[a.state] - order[b.state]);
}

/**
 * Spec §8 'Failed to redeem voucher' with the reason. The server's voucher texts already begin
 * with it and pass as they are; other reasons (no network, too many tries) get it in front.
 */
export function redeemFailureText(failed: string, reason: string): string {
  const lead = failed.replace(/[.:!]\s*$/, '');
  if (!reason) return failed;
  return reason.startsWith(lead) ? reason : `${failed} ${reason}`;
}
