import type { UserVoucher } from '@stod/domain';
import { describe, expect, it } from 'vitest';
import { redeemFailureText, sortVouchers, voucherState } from './voucher-state.ts';

const NOW = Date.parse('2026-03-05T12:00:00Z');

function voucher(overrides: Partial<UserVoucher> = {}): UserVoucher {
  return {
    id: 'v-1',
    kind: 'gift_card',
    name: 'Gávukort 500 kr.',
    balance: 50_000,
    initialAmount: 50_000,
    product: null,
    expiresAt: '2027-03-05T12:00:00Z',
    usedAt: null,
    redeemedAt: '2026-03-01T12:00:00Z',
    ...overrides,
  };
}

describe('voucherState', () => {
  it('is usable with money left before it expires', () => {
    expect(voucherState(voucher(), NOW)).toBe('usable');
    expect(voucherState(voucher({ balance: 1 }), NOW)).toBe('usable');
  });

  it('is usable for a product voucher not yet used', () => {
    const product = voucher({ kind: 'product', balance: null, initialAmount: null });
    expect(voucherState({ ...product, product: 'carwash' }, NOW)).toBe('usable');
  });

  it('is used once usedAt is set or nothing is left', () => {
    expect(voucherState(voucher({ usedAt: '2026-03-02T12:00:00Z' }), NOW)).toBe('used');
    expect(voucherState(voucher({ balance: 0 }), NOW)).toBe('used');
    const product = voucher({ kind: 'product', balance: null, usedAt: '2026-03-02T12:00:00Z' });
    expect(voucherState(product, NOW)).toBe('used');
  });

  it('is expired at and after expiresAt', () => {
    expect(voucherState(voucher({ expiresAt: '2026-03-05T12:00:00Z' }), NOW)).toBe('expired');
    expect(voucherState(voucher({ expiresAt: '2026-03-05T12:00:01Z' }), NOW)).toBe('usable');
  });

  it('calls a voucher spent before it expired used, not expired', () => {
    const spent = voucher({ balance: 0, expiresAt: '2026-01-01T00:00:00Z' });
    expect(voucherState(spent, NOW)).toBe('used');
  });
});

describe('sortVouchers', () => {
  it('puts usable vouchers first and keeps the order otherwise', () => {
    const items = [
      voucher({ id: 'used', balance: 0 }),
      voucher({ id: 'new' }),
      voucher({ id: 'expired', expiresAt: '2026-01-01T00:00:00Z' }),
      voucher({ id: 'old' }),
    ];
    const sorted = sortVouchers(items, NOW);
    expect(sorted.map((s) => s.voucher.id)).toEqual(['new', 'old', 'used', 'expired']);
    expect(sorted.map((s) => s.state)).toEqual(['usable', 'usable', 'used', 'expired']);
  });

  it('leaves the list it was given alone', () => {
    const items = [voucher({ id: 'a', balance: 0 }), voucher({ id: 'b' })];
    sortVouchers(items, NOW);
    expect(items.map((v) => v.id)).toEqual(['a', 'b']);
  });
});

describe('redeemFailureText', () => {
  const failed = 'Tað eydnaðist ikki at innloysa gávukortið.';

  it('keeps a server text that already says the redemption failed', () => {
    const used = 'Tað eydnaðist ikki at innloysa gávukortið: kotan er longu brúkt.';
    expect(redeemFailureText(failed, used)).toBe(used);
  });

  it('puts the failure in front of any other reason', () => {
    expect(redeemFailureText(failed, 'Ov nógvar royndir.')).toBe(
      'Tað eydnaðist ikki at innloysa gávukortið. Ov nógvar royndir.',
    );
    expect(redeemFailureText('Failed to redeem voucher.', 'An error occurred (500).')).toBe(
      'Failed to redeem voucher. An error occurred (500).',
    );
  });

  it('says only that it failed when there is no reason', () => {
    expect(redeemFailureText(failed, '')).toBe(failed);
  });
});
