import { z } from 'zod';
import { multilineText, strict } from './fields.ts';
import type { MessageKey } from './messages/index.ts';

const key = (k: MessageKey) => k;

/** A customer as customer support's search finds them (`GET /api/admin/customers`). */
export const supportCustomerSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  mobile: z.string(),
  accountType: z.enum(['private', 'business']),
  /** When support blocked the account; null while it may sign in. */
  blockedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type SupportCustomer = z.infer<typeof supportCustomerSchema>;

export const supportCustomerPageSchema = z.object({
  items: z.array(supportCustomerSchema),
  total: z.number().int(),
});
export type SupportCustomerPage = z.infer<typeof supportCustomerPageSchema>;

/** One step taken on a payment: the hold, its capture, a void or a refund. */
export const paymentStepSchema = z.object({
  kind: z.enum(['authorise', 'capture', 'void', 'refund', 'expire', 'sync']),
  amount: z.number().int(),
  at: z.string(),
});

/** A payment as support sees it: held, captured and refunded øre, and its steps. */
export const supportPaymentSchema = z.object({
  id: z.string(),
  /** What it paid for: fuel, carwash, charging, food, beverages, subscription, … */
  service: z.string(),
  status: z.string(),
  held: z.number().int(),
  captured: z.number().int(),
  refunded: z.number().int(),
  /** What a refund may still give back: the capture less earlier refunds. */
  refundable: z.number().int(),
  card: z.string().nullable(),
  receiptId: z.string().nullable(),
  createdAt: z.string(),
  steps: z.array(paymentStepSchema),
});
export type SupportPayment = z.infer<typeof supportPaymentSchema>;

export const timelineKinds = [
  'fuel',
  'carwash',
  'charge',
  'food',
  'coffee',
  'subscription',
  'voucher',
  'payment',
  'receipt',
] as const;
export type TimelineKind = (typeof timelineKinds)[number];

/** One thing in a customer's history, newest first. */
export const timelineEntrySchema = z.object({
  kind: z.enum(timelineKinds),
  id: z.string(),
  at: z.string(),
  /** Where or what: a station and product, a charger, a plan, a voucher. */
  title: z.string(),
  /** Øre, when the entry has an amount. */
  amount: z.number().int().nullable(),
  /** The entry's own state word (a transaction's, a payment's). */
  state: z.string().nullable(),
});
export type TimelineEntry = z.infer<typeof timelineEntrySchema>;

export const supportCustomerDetailSchema = supportCustomerSchema.extend({
  address: z.string(),
  postCode: z.string(),
  city: z.string(),
  locale: z.enum(['fo', 'en']),
  cards: z.array(
    z.object({ id: z.string(), brand: z.string(), last4: z.string(), removed: z.boolean() }),
  ),
  payments: z.array(supportPaymentSchema),
  timeline: z.array(timelineEntrySchema),
});
export type SupportCustomerDetail = z.infer<typeof supportCustomerDetailSchema>;

/** Every support action gives a reason, which the audit log keeps. */
export const supportReasonField = multilineText(500).min(3, key('validation.required'));

/** `POST /api/admin/payments/{id}/refund`: øre, at most what is captured less earlier refunds. */
export const refundSchema = strict({
  amount: z
    .number({ error: key('validation.invalid') })
    .int(key('validation.invalid'))
    .positive(key('validation.invalid')),
  reason: supportReasonField,
});
export type RefundInput = z.infer<typeof refundSchema>;

/** `PUT /api/admin/customers/{id}/blocked`. */
export const customerBlockSchema = strict({
  blocked: z.boolean({ error: key('validation.invalid') }),
  reason: supportReasonField,
});
