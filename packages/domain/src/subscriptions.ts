import { z } from 'zod';
import { userSubscriptionSchema } from './account.ts';
import {
  idField,
  intField,
  multilineText,
  pageQueryShape,
  requiredText,
  strict,
} from './fields.ts';
import { MAX_PRICE_ORE } from './prices.ts';

export const subscriptionIntervals = ['monthly', 'yearly'] as const;
export type SubscriptionInterval = (typeof subscriptionIntervals)[number];

/** A subscription counts as expiring soon this long before its valid-to date. */
export const EXPIRES_SOON_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * A renewal is charged a day before the period ends, so a refused card still leaves the
 * subscription usable for that day, and the user is told while it is.
 */
export const RENEW_AHEAD_MS = 24 * 60 * 60 * 1000;

/** When the next period is charged: RENEW_AHEAD_MS before `validTo`. */
export const renewalDue = (validTo: Date): Date => new Date(validTo.getTime() - RENEW_AHEAD_MS);

export const subscriptionPlanSchema = z.object({
  id: z.number().int(),
  type: z.string(),
  index: z.number().int(),
  productIds: z.string(),
  name: z.string(),
  description: z.string(),
  prices: z.object({ monthly: z.number().int(), yearly: z.number().int() }),
});
export type SubscriptionPlan = z.infer<typeof subscriptionPlanSchema>;

/** GET /api/subscriptions. */
export const subscriptionPlansResponseSchema = z.object({ items: z.array(subscriptionPlanSchema) });

/** GET /api/user-subscriptions. */
export const userSubscriptionsResponseSchema = z.object({ items: z.array(userSubscriptionSchema) });

/** POST /api/user-subscriptions/{id}/upgrade: the new subscription and the money moved, in øre. */
export const upgradedSubscriptionSchema = userSubscriptionSchema.extend({
  credited: z.number().int(),
  charged: z.number().int(),
});

export const subscriptionPriceSchema = z.object({
  subscriptionId: z.number().int(),
  interval: z.enum(subscriptionIntervals),
  price: z.number().int(),
  currency: z.string(),
});

export const subscribeSchema = strict({
  interval: z.enum(subscriptionIntervals, { error: 'validation.invalid' }),
  paymentMethodId: z.uuid({ error: 'validation.invalid' }),
});

export const upgradeSchema = strict({
  subscriptionId: idField,
});

export type SubscriptionState = 'active' | 'cancelled' | 'expiresSoon' | 'expired';

/**
 * Spec §4 "Subscription": expired after valid-to; cancelled ones stay usable
 * until then; any usable one within 7 days of its end expires soon, unless it
 * renews by itself.
 */
export function subscriptionState(
  sub: {
    validTo: string | Date;
    cancelledAt: string | Date | null;
    nextPaymentAt: string | Date | null;
  },
  now: Date,
): SubscriptionState {
  const validTo = new Date(sub.validTo).getTime();
  if (validTo <= now.getTime()) return 'expired';
  if (sub.cancelledAt) return 'cancelled';
  if (!sub.nextPaymentAt && validTo - now.getTime() <= EXPIRES_SOON_MS) return 'expiresSoon';
  return 'active';
}

/** A tier can be upgraded when another plan of the same type has a higher index. */
export function upgradeTargets<T extends { id: number; type: string; index: number }>(
  current: T,
  plans: readonly T[],
): T[] {
  return plans
    .filter((p) => p.type === current.type && p.index > current.index)
    .sort((a, b) => a.index - b.index);
}

export const canUpgrade = <T extends { id: number; type: string; index: number }>(
  current: T,
  plans: readonly T[],
) => upgradeTargets(current, plans).length > 0;

/** Spec §6: a beverage needs an unexpired BEVERAGE subscription whose productIds include its family. */
export function coversBeverage(
  subs: readonly { validTo: string | Date; subscription: { type: string; productIds: string } }[],
  beverageFamily: string,
  now: Date,
): boolean {
  return subs.some(
    (s) =>
      s.subscription.type === 'BEVERAGE' &&
      new Date(s.validTo).getTime() > now.getTime() &&
      s.subscription.productIds
        .split(',')
        .map((p) => p.trim())
        .filter((p) => p !== '')
        .includes(beverageFamily),
  );
}

const daysInMonth = (year: number, month: number) =>
  new Date(Date.UTC(year, month + 1, 0)).getUTCDate();

/**
 * The end of a period that starts at `from`, at the same time of day (UTC). A month later is
 * the same day of the month, or the month's last day when it is shorter: 31 January → 28
 * February. `anchor` is the date the subscription began, so renewals return to its day once
 * the months are long enough again: 28 February → 31 March for a subscription of 31 January.
 */
export function periodEnd(from: Date, interval: SubscriptionInterval, anchor: Date = from): Date {
  const months = interval === 'monthly' ? 1 : 12;
  const year = from.getUTCFullYear() + Math.floor((from.getUTCMonth() + months) / 12);
  const month = (from.getUTCMonth() + months) % 12;
  const day = Math.min(anchor.getUTCDate(), daysInMonth(year, month));
  const end = new Date(from);
  end.setUTCFullYear(year, month, day);
  return end;
}

/** What is left of a paid period, in øre, for crediting an upgrade. */
export function remainingValue(
  price: number,
  periodStart: Date,
  periodEndAt: Date,
  now: Date,
): number {
  const total = periodEndAt.getTime() - periodStart.getTime();
  const left = Math.max(0, periodEndAt.getTime() - now.getTime());
  return total <= 0 ? 0 : Math.floor((price * Math.min(left, total)) / total);
}

// The operators' side of the plans: every plan with its subscribers, made and changed in the
// console (`/api/admin/subscription-plans`).

const planCode = (max: number) => requiredText(1, max).regex(/^[A-Z0-9_]+$/, 'validation.invalid');

/** `POST /api/admin/subscription-plans`: a plan, in both languages. */
export const planInputSchema = strict({
  /** The kind of plan (BEVERAGE); tiers of one type are upgraded between. */
  type: planCode(40),
  /** The tier's order within its type, from 1. */
  index: intField(1, 99),
  /** What the plan covers: the beverage families, comma-separated (COFFEE,TEA). */
  productIds: requiredText(1, 400).regex(/^[A-Z0-9_]+(,[A-Z0-9_]+)*$/, 'validation.invalid'),
  name: requiredText(1, 80),
  nameEn: requiredText(1, 80).nullable().optional(),
  description: multilineText(500),
  descriptionEn: multilineText(500).nullable().optional(),
  priceMonthly: intField(1, MAX_PRICE_ORE),
  priceYearly: intField(1, MAX_PRICE_ORE),
  /** Fair use: the least minutes between two cups; null for none. */
  fairUseMinutes: intField(1, 1440).nullable().optional(),
  /** On offer to new subscribers; a plan taken off keeps its subscribers until they end. */
  active: z.boolean({ error: 'validation.invalid' }).optional(),
});
export type PlanInput = z.infer<typeof planInputSchema>;

/** `PATCH /api/admin/subscription-plans/{id}`: any of the plan's fields. */
export const planPatchSchema = planInputSchema
  .partial()
  .refine((v) => Object.keys(v).length > 0, 'validation.required');
export type PlanPatch = z.infer<typeof planPatchSchema>;

/** A plan as operators see it, with how many subscribe to it now. */
export const adminPlanSchema = z.object({
  id: z.number().int(),
  type: z.string(),
  index: z.number().int(),
  productIds: z.string(),
  name: z.string(),
  nameEn: z.string().nullable(),
  description: z.string(),
  descriptionEn: z.string().nullable(),
  priceMonthly: z.number().int(),
  priceYearly: z.number().int(),
  fairUseMinutes: z.number().int().nullable(),
  active: z.boolean(),
  /** Subscriptions usable now: renewing, cancelled (to their end), or with a renewal refused. */
  subscribers: z.object({
    active: z.number().int(),
    cancelled: z.number().int(),
    expiring: z.number().int(),
  }),
});
export type AdminPlan = z.infer<typeof adminPlanSchema>;

export const adminPlansSchema = z.object({
  items: z.array(adminPlanSchema),
  /** The beverage families a plan may cover, with their names. */
  products: z.array(z.object({ code: z.string(), name: z.string() })),
});

export const subscriberStatuses = ['active', 'cancelled', 'expiring', 'ended', 'replaced'] as const;

/** `GET /api/admin/subscription-plans/{id}/subscribers`. */
export const subscribersQuerySchema = z.object({
  ...pageQueryShape,
  status: z.enum(subscriberStatuses, { error: 'validation.invalid' }).optional(),
});

export const subscriberSchema = z.object({
  id: z.string(),
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  status: z.enum(['pending', ...subscriberStatuses]),
  interval: z.enum(subscriptionIntervals),
  /** What the current period cost, in øre. */
  periodPrice: z.number().int(),
  periodStart: z.string(),
  validTo: z.string(),
  nextPaymentAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
});
export type Subscriber = z.infer<typeof subscriberSchema>;

export const subscribersPageSchema = z.object({
  items: z.array(subscriberSchema),
  total: z.number().int(),
});
