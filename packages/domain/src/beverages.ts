import { z } from 'zod';
import { strict } from './fields.ts';

// Beverage fills (spec §1, §2 `/{hash}`, §3 "Beverage", §6, §7 "Beverages", §8): the coffee
// machine shows a QR code whose one-time hash names the machine (an installation) and a pending
// transaction; the app pours on the BEVERAGE subscription or buys the cup once.

/** A hash: letters and digits, 16 or more (the app takes `/{hash}` segments of that shape). */
export const BEVERAGE_HASH_PATTERN = /^[A-Za-z0-9]{16,64}$/;
export const isBeverageHash = (segment: string) => BEVERAGE_HASH_PATTERN.test(segment);
/**
 * The code printed under a machine's QR code, for a phone without a camera: six characters of an
 * alphabet without look-alikes (no 0/O, 1/I/L, 2/Z, 5/S, 8/B), shown as two groups ('K7M 4QX')
 * and typed in any case, with or without the space or a dash.
 */
export const FILL_CODE_ALPHABET = 'ACDEFGHJKMNPQRTUVWXY34679';
export const FILL_CODE_LENGTH = 6;
/** A typed code as the machine issued it, or null when it cannot be one. */
export function normaliseFillCode(typed: string): string | null {
  const code = typed.replace(/[\s-]/g, '').toUpperCase();
  if (code.length !== FILL_CODE_LENGTH) return null;
  return new RegExp(`^[${FILL_CODE_ALPHABET}]+$`).test(code) ? code : null;
}
/** A code as the machine shows it: 'K7M4QX' → 'K7M 4QX'. */
export const formatFillCode = (code: string) => `${code.slice(0, 3)} ${code.slice(3)}`;
export const fillCodeAnswerSchema = z.object({ hash: z.string() });

/** How long a machine's code stays valid by default. */
export const BEVERAGE_HASH_TTL_SECONDS_DEFAULT = 120;
/** The seeded plans' fair use: one cup per this many minutes. */
export const FAIR_USE_MINUTES_DEFAULT = 10;

export const beverageMachineStates = [
  'idle',
  'awaiting payment',
  'pouring',
  'done',
  'out of order',
] as const;
export type BeverageMachineState = (typeof beverageMachineStates)[number];

/** `paying`: a one-time purchase holds the code while its payment is made (a page may be open). */
export const beverageFillStates = [
  'pending',
  'paying',
  'pouring',
  'poured',
  'failed',
  'expired',
] as const;
export type BeverageFillState = (typeof beverageFillStates)[number];

const hashField = z
  .string({ error: 'validation.invalid' })
  .regex(BEVERAGE_HASH_PATTERN, 'validation.invalid');

/** GET /api/beverages/{hash}: the §3 fields, and what the app needs to offer the pour. */
export const beverageFillSchema = z.object({
  beverage_family: z.string(),
  installation_id: z.string(),
  transaction_id: z.string(),
  name: z.string(),
  price: z.number().int(),
  state: z.enum(beverageFillStates),
  expiresAt: z.string(),
  /** Whether the user's subscription covers the drink now (§6). */
  covered: z.boolean(),
  /** When fair use lets the next cup pour on the subscription, if not now. */
  nextCupAt: z.string().nullable(),
  /** The receipt of a cup bought once, once it is written. */
  receiptId: z.string().nullable(),
});
export type BeverageFill = z.infer<typeof beverageFillSchema>;

export const beveragePourSchema = strict({
  hash: hashField,
  installationId: z.uuid({ error: 'validation.invalid' }),
  transactionId: z.uuid({ error: 'validation.invalid' }),
});

export type BeveragePour = z.infer<typeof beveragePourSchema>;

/** POST /api/beverages/one-time-purchase: with a saved card, or on the gateway's payment page. */
export const beverageOneTimeSchema = strict({
  hash: hashField,
  paymentMethodId: z.uuid({ error: 'validation.invalid' }).optional(),
});
export type BeverageOneTime = z.infer<typeof beverageOneTimeSchema>;

/**
 * The answer of a one-time purchase. With a saved card the cup is paid and pouring (`fill.state`
 * `pouring` or `poured`) and `receiptId` names its receipt. Without one, `paymentUrl` is the
 * gateway's payment page, which the app opens in a new window (§7); the fill waits in `paying`
 * and pours once the payment completes, and the receipt follows.
 */
export const beveragePurchaseSchema = z.object({
  paymentUrl: z.string().nullable(),
  receiptId: z.string().nullable(),
  fill: beverageFillSchema,
});
export type BeveragePurchase = z.infer<typeof beveragePurchaseSchema>;

/**
 * Fair use (beyond the spec): a tier may ask for a pause between cups. The next cup may pour at
 * `last + interval`; null when it may pour now.
 */
export function nextCupAt(
  lastPourAt: Date | null,
  intervalMinutes: number | null,
  now: Date,
): Date | null {
  if (!lastPourAt || !intervalMinutes) return null;
  const next = new Date(lastPourAt.getTime() + intervalMinutes * 60_000);
  return next.getTime() > now.getTime() ? next : null;
}
