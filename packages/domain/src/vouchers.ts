import { z } from 'zod';
import { plainText, strict } from './fields.ts';
import { paymentProducts } from './wallet.ts';

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

/** The most an operator may put on one value voucher or gift card: 100,000 kr. */
export const MAX_VOUCHER_AMOUNT_ORE = 10_000_000;
export const MAX_VOUCHERS_PER_ISSUE = 500;

/** An operator's order for new codes (POST /api/admin/vouchers). */
export const voucherIssueSchema = strict({
  kind: z.enum(voucherKinds, { error: 'validation.invalid' }),
  /** The name in Faroese, which every voucher has. */
  name: plainText('validation.required')
    .min(1, 'validation.required')
    .max(80, 'validation.tooLong'),
  /** The name in English; without it, English readers see the Faroese name. */
  nameEn: plainText()
    .max(80, 'validation.tooLong')
    .optional()
    .transform((value) => value || undefined),
  /** Øre, for value vouchers and gift cards. */
  amount: z
    .number({ error: 'validation.invalid' })
    .int('validation.invalid')
    .positive('validation.invalid')
    .max(MAX_VOUCHER_AMOUNT_ORE, 'validation.invalid')
    .optional(),
  /** What a product voucher is good for. */
  product: z.enum(paymentProducts, { error: 'validation.invalid' }).optional(),
  codeType: z.enum(['pin', 'premium'], { error: 'validation.invalid' }),
  expiresAt: z.iso.datetime({ offset: true, error: 'validation.invalid' }),
  count: z
    .number({ error: 'validation.invalid' })
    .int('validation.invalid')
    .min(1, 'validation.invalid')
    .max(MAX_VOUCHERS_PER_ISSUE, 'validation.invalid')
    .default(1),
  /** A chosen premium code, for one voucher; otherwise codes are generated. */
  code: z
    .string({ error: 'validation.invalid' })
    .max(40, 'validation.tooLong')
    .transform(normaliseVoucherCode)
    .pipe(z.string().regex(/^[A-Z0-9]{6,32}$/, 'validation.code'))
    .optional(),
}).superRefine((order, ctx) => {
  const problem = (path: string, message: 'validation.required' | 'validation.invalid') =>
    ctx.addIssue({ code: 'custom', path: [path], message });
  if (order.kind === 'product') {
    if (!order.product) problem('product', 'validation.required');
    if (order.amount !== undefined) problem('amount', 'validation.invalid');
  } else {
    if (order.amount === undefined) problem('amount', 'validation.required');
    if (order.product !== undefined) problem('product', 'validation.invalid');
  }
  if (order.code !== undefined && (order.count !== 1 || order.codeType !== 'premium'))
    problem('code', 'validation.invalid');
  if (Date.parse(order.expiresAt) <= Date.now()) problem('expiresAt', 'validation.invalid');
});
export type VoucherIssue = z.infer<typeof voucherIssueSchema>;

/** A code on issue as staff see it (`GET /api/admin/vouchers`): never the code itself. */
export const adminVoucherSchema = z.object({
  id: z.string(),
  codeType: z.enum(['pin', 'premium']),
  kind: z.enum(['value', 'gift_card', 'product']),
  name: z.string(),
  /** The English name; null when the order gave none (English readers see `name`). */
  nameEn: z.string().nullable(),
  amount: z.number().int().nullable(),
  product: z.string().nullable(),
  expiresAt: z.string(),
  redeemedAt: z.string().nullable(),
  /** The customer who redeemed it, as their account is now. */
  redeemedBy: z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable(),
  /** Blocked by an operator: it cannot be redeemed, nor what was redeemed from it spent. */
  blockedAt: z.string().nullable(),
  /** The order (batch) it was issued in. */
  batch: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminVoucher = z.infer<typeof adminVoucherSchema>;
export const adminVoucherPageSchema = z.object({
  total: z.number().int(),
  items: z.array(adminVoucherSchema),
});

/** What the network owes on gift cards and value vouchers (`GET /api/admin/reports/liability`). */
export const liabilityReportSchema = z.object({
  asOf: z.string(),
  byKind: z.array(
    z.object({
      kind: z.enum(['gift_card', 'value']),
      /** Balances left in customers' wallets, øre. */
      redeemed: z.number().int(),
      redeemedCount: z.number().int(),
      /** Codes issued and not yet redeemed, øre. */
      unredeemed: z.number().int(),
      unredeemedCount: z.number().int(),
      total: z.number().int(),
    }),
  ),
  total: z.number().int(),
});
export type LiabilityReport = z.infer<typeof liabilityReportSchema>;
