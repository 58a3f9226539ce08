import { normaliseVoucherCode } from '@stod/domain';
import type { Db } from '../db/client.ts';
import { issue } from '../modules/vouchers/index.ts';

const YEAR = 365 * 24 * 60 * 60 * 1000;

/** Demo codes, listed in docs/demo.md so a person can try them. */
export const DEMO_VOUCHERS = [
  {
    code: 'GAVA-2026-STOD',
    codeType: 'premium',
    kind: 'gift_card',
    name: 'Gávukort 500 kr.',
    nameEn: 'Gift card 500 kr.',
    amount: 50_000,
  },
  {
    code: '4821 3577',
    codeType: 'pin',
    kind: 'value',
    name: 'Virðisskjal 200 kr.',
    nameEn: 'Voucher 200 kr.',
    amount: 20_000,
  },
  {
    code: 'VASK-OKEYPIS',
    codeType: 'premium',
    kind: 'product',
    name: 'Ein bilvask',
    nameEn: 'One car wash',
    product: 'carwash',
  },
  {
    code: 'KAFFI-2026',
    codeType: 'premium',
    kind: 'product',
    name: 'Ein kaffi',
    nameEn: 'One coffee',
    product: 'beverages',
  },
] as const;

/** A code that expired long ago, to show the refusal. */
export const EXPIRED_DEMO_VOUCHER = {
  code: 'GAMAL-2020',
  codeType: 'premium',
  kind: 'value',
  name: 'Útgingið virðisskjal',
  nameEn: 'Expired voucher',
  amount: 10_000,
} as const;

export async function seedVouchers(db: Db) {
  for (const v of DEMO_VOUCHERS) {
    await issue(db, {
      ...v,
      code: normaliseVoucherCode(v.code),
      expiresAt: new Date(Date.now() + YEAR),
    });
  }
  await issue(db, {
    ...EXPIRED_DEMO_VOUCHER,
    code: normaliseVoucherCode(EXPIRED_DEMO_VOUCHER.code),
    expiresAt: new Date('2021-01-01T00:00:00Z'),
  });
}
