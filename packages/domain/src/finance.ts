import { z } from 'zod';
import { monthField, payoutSchema } from './installations.ts';
import { paymentProducts, type PaymentProduct } from './wallet.ts';

/**
 * The finance reports (`/api/admin/reports/*`, operator and finance). Every figure is whole øre
 * with VAT included unless its name says otherwise; days and months are the Faroe Islands' own.
 */

/** The most days one sales report covers. */
export const SALES_REPORT_MAX_DAYS = 366;

/** What the sales report is broken down by. */
export const salesGroupings = ['station', 'day', 'service', 'product'] as const;
export type SalesGrouping = (typeof salesGroupings)[number];

/** The services a sale is counted under: its payment's purpose. */
export const salesServices = paymentProducts;
export type SalesService = PaymentProduct;

const dayPattern = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** A calendar day, `YYYY-MM-DD`, that exists (no 31 June). */
export const dayField = z
  .string({ error: 'validation.invalid' })
  .regex(dayPattern, 'validation.invalid')
  .refine(
    (day) => new Date(`${day}T00:00:00Z`).toISOString().startsWith(day),
    'validation.invalid',
  );

/** The days from `from` to `to`, both counted. */
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

export const reportFormats = ['json', 'csv'] as const;

/** `GET /api/admin/reports/sales`: a span of days, both counted. */
export const salesQuerySchema = z
  .object({
    from: dayField,
    to: dayField,
    groupBy: z.enum(salesGroupings, { error: 'validation.invalid' }).default('station'),
    format: z.enum(reportFormats, { error: 'validation.invalid' }).default('json'),
  })
  .superRefine((value, ctx) => {
    const days = daysBetween(value.from, value.to);
    if (days < 1) ctx.addIssue({ code: 'custom', path: ['to'], message: 'validation.reportOrder' });
    else if (days > SALES_REPORT_MAX_DAYS)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'validation.reportTooLong' });
  });
export type SalesQuery = z.input<typeof salesQuerySchema>;

/** `GET /api/admin/reports/vat`: one month. */
export const vatQuerySchema = z.object({
  month: monthField,
  format: z.enum(reportFormats, { error: 'validation.invalid' }).default('json'),
});

/** The figures of one line of a report. */
export const salesFiguresSchema = z.object({
  /** Receipts of sales counted. */
  sales: z.number().int(),
  /** What was sold, VAT included. */
  gross: z.number().int(),
  /** The VAT in `gross`. */
  vat: z.number().int(),
  /** Of `gross`, what customers paid from gift-card and voucher balances. */
  voucher: z.number().int(),
  /** Of `gross`, what cards paid. */
  card: z.number().int(),
  /** Credit receipts counted. */
  refundCount: z.number().int(),
  /** What was given back, VAT included (a positive amount). */
  refunds: z.number().int(),
  /** The VAT in `refunds`. */
  refundVat: z.number().int(),
  /** `gross` less `refunds`. */
  net: z.number().int(),
  /** `vat` less `refundVat`: the VAT owed. */
  netVat: z.number().int(),
});
export type SalesFigures = z.infer<typeof salesFiguresSchema>;

export const salesRowSchema = salesFiguresSchema.extend({
  /** A station's name, a day (`YYYY-MM-DD`), a service or a product, by the grouping. */
  key: z.string(),
});
export type SalesRow = z.infer<typeof salesRowSchema>;

export const salesReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  groupBy: z.enum(salesGroupings),
  /** Per cent. */
  vatRate: z.number(),
  rows: z.array(salesRowSchema),
  total: salesFiguresSchema,
});
export type SalesReport = z.infer<typeof salesReportSchema>;

export const vatReportSchema = z.object({
  month: z.string(),
  /** Per cent. */
  vatRate: z.number(),
  /** The month's days that had sales or refunds. */
  days: z.array(salesRowSchema),
  /** The month by service. */
  services: z.array(salesRowSchema),
  total: salesFiguresSchema,
});
export type VatReport = z.infer<typeof vatReportSchema>;

/** A line of zeroes, the start of every sum. */
export const noSales = (): SalesFigures => ({
  sales: 0,
  gross: 0,
  vat: 0,
  voucher: 0,
  card: 0,
  refundCount: 0,
  refunds: 0,
  refundVat: 0,
  net: 0,
  netVat: 0,
});

/** The sum of report lines. */
export function sumSales(rows: readonly SalesFigures[]): SalesFigures {
  const total = noSales();
  for (const row of rows)
    for (const field of Object.keys(total) as (keyof SalesFigures)[]) total[field] += row[field];
  return total;
}

/** An owner's monthly payout as finance sees it (`GET /api/admin/payouts`). */
export const adminPayoutSchema = payoutSchema.extend({
  installationId: z.string(),
  installationName: z.string(),
  ownerId: z.string(),
  ownerName: z.string(),
  ownerEmail: z.string(),
  energyWh: z.number().int(),
  /** When the transfer was approved; a payout is marked paid only once approved. */
  approvedAt: z.string().nullable(),
  approvedBy: z.string().nullable(),
});
export type AdminPayout = z.infer<typeof adminPayoutSchema>;

export const adminPayoutPageSchema = z.object({
  items: z.array(adminPayoutSchema),
  total: z.number().int(),
  /** The sum of the listed filter's payouts, øre (all pages). */
  amount: z.number().int(),
});

// Settlement: one day's captures and refunds, ours against the gateway's.

/** `GET /api/admin/reports/settlement`: one day (Faroe time). */
export const settlementQuerySchema = z.object({
  day: dayField,
  format: z.enum(reportFormats, { error: 'validation.invalid' }).default('json'),
});

export const settlementKinds = ['capture', 'refund'] as const;

/**
 * What can be wrong with one movement of money: in our books and not the gateway's, in the
 * gateway's and not ours, or in both with different amounts.
 */
export const settlementProblems = ['missingAtGateway', 'missingHere', 'amountDiffers'] as const;
export type SettlementProblem = (typeof settlementProblems)[number];

const settlementSideSchema = z.object({
  captures: z.object({ count: z.number().int(), amount: z.number().int() }),
  refunds: z.object({ count: z.number().int(), amount: z.number().int() }),
});
export type SettlementSide = z.infer<typeof settlementSideSchema>;

export const settlementDifferenceSchema = z.object({
  problem: z.enum(settlementProblems),
  kind: z.enum(settlementKinds),
  /** The key the gateway was asked under: `<payment id>:<kind>:<our key>`. */
  key: z.string(),
  paymentId: z.string().nullable(),
  userId: z.string().nullable(),
  ours: z.number().int().nullable(),
  gateway: z.number().int().nullable(),
  at: z.string(),
});
export type SettlementDifference = z.infer<typeof settlementDifferenceSchema>;

export const settlementReportSchema = z.object({
  day: z.string(),
  /** False when the gateway gives no settlement report: nothing is matched. */
  available: z.boolean(),
  ours: settlementSideSchema,
  gateway: settlementSideSchema,
  /** Movements found the same on both sides. */
  matched: z.number().int(),
  differences: z.array(settlementDifferenceSchema),
});
export type SettlementReport = z.infer<typeof settlementReportSchema>;
