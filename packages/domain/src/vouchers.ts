import { z } from 'zod';
import { strict } from './fields.ts';

export const voucherKinds = ['value', 'gift_card', 'product'] as const;
export type VoucherKind = (typeof voucherKinds)[number];

/** Codes are typed by people: case, spaces and dashes do not matter. */
export const normaliseVoucherCode = (code: string) => code.toUpperCase().replace(/[\s-]/g, '');

export const voucherRedeemSchema = strict({
  code: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, 'validation.code')
    .max(40, 'validation.tooLong')
    .transform(normaliseVoucherCode)
    .pipe(z.string().regex(/^[A-Z0-9]{4,32}$/, 'validation.code')),
});

export const userVoucherSchema = z.object({
  id: z.string(),
  kind: z.enum(voucherKinds),
  name: z.string(),
  /** Øre left on a value voucher or gift card; null for product vouchers. */
  balance: z.number().int().nullable(),
  initialAmount: z.number().int().nullable(),
  product: z.string().nullable(),
  expiresAt: z.string(),
  usedAt: z.string().nullable(),
  redeemedAt: z.string(),
});
export type UserVoucher = z.infer<typeof userVoucherSchema>;

export const vouchersResponseSchema = z.object({
  /** What value vouchers and gift cards still hold, in øre. */
  balance: z.number().int(),
  items: z.array(userVoucherSchema),
});
