import { z } from 'zod';
import { idField, strict } from './fields.ts';
import { orderLinesSchema, pricedLineSchema } from './food-prices.ts';
import { minutesOpenLeft, type OpeningHours } from './stations.ts';

// Food orders at the stations (spec §1, §5): when one may be placed, how it is placed, and the
// order as the customer and the kitchen see it. The menu is in food-menu.ts, the order's lines
// and their prices in food-prices.ts.

/** The kitchen's least time to make an order; a pickup must leave it before closing. */
export const FOOD_PREP_MINUTES = 10;
/** How far ahead a pickup time may be chosen. */
export const FOOD_PICKUP_AHEAD_HOURS = 12;

export const foodModes = ['dine-in', 'take-out'] as const;
export type FoodMode = (typeof foodModes)[number];

export const foodOrderCreateSchema = strict({
  stationId: idField,
  lines: orderLinesSchema,
  mode: z.enum(foodModes, { error: 'validation.invalid' }),
  pickupAt: z.union([z.literal('asap'), z.iso.datetime({ offset: true })], {
    error: 'validation.invalid',
  }),
  paymentMethodId: z.uuid({ error: 'validation.invalid' }),
  /** The total the app showed; never charged, only compared. */
  total: z.number().int().optional(),
});
export type FoodOrderCreate = z.input<typeof foodOrderCreateSchema>;

// ---------------------------------------------------------------------------------------------
// When an order may be placed (§5): the restaurant must be open now and stay open until the
// pickup, with the kitchen's preparation time before it closes.

export type PickupRefusal = 'closed' | 'closesBefore' | 'past' | 'tooFar';

export function pickupRefusal(
  hours: OpeningHours,
  now: Date,
  pickupAt: Date | 'asap',
  prepMinutes = FOOD_PREP_MINUTES,
): PickupRefusal | null {
  const open = minutesOpenLeft(hours, now);
  if (open <= 0) return 'closed';
  const prepMs = prepMinutes * 60_000;
  const ready = pickupAt === 'asap' ? now.getTime() + prepMs : pickupAt.getTime();
  if (pickupAt !== 'asap' && ready < now.getTime() + prepMs - 60_000) return 'past';
  if (ready - now.getTime() > FOOD_PICKUP_AHEAD_HOURS * 3_600_000) return 'tooFar';
  if (open !== Infinity && ready > now.getTime() + open * 60_000) return 'closesBefore';
  return null;
}

/**
 * The pickup times the app offers after 'as soon as possible': every `step` minutes from the
 * kitchen's preparation time on (the station's own, `prepMinutes`), as far ahead as allowed,
 * each one the rule above accepts.
 */
export function pickupSlots(
  hours: OpeningHours,
  now: Date,
  step = 15,
  prepMinutes = FOOD_PREP_MINUTES,
): Date[] {
  const stepMs = step * 60_000;
  const first = Math.ceil((now.getTime() + prepMinutes * 60_000) / stepMs) * stepMs;
  const last = now.getTime() + FOOD_PICKUP_AHEAD_HOURS * 3_600_000;
  const out: Date[] = [];
  for (let at = first; at <= last; at += stepMs) {
    const slot = new Date(at);
    if (pickupRefusal(hours, now, slot, prepMinutes) === null) out.push(slot);
    else if (out.length > 0) break;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Orders as the customer and the kitchen see them.

export const foodOrderStates = [
  'placing',
  'placed',
  'accepted',
  'ready',
  'collected',
  'rejected',
  'expired',
  'failed',
] as const;
export type FoodOrderState = (typeof foodOrderStates)[number];
export const OPEN_FOOD_ORDER_STATES: readonly FoodOrderState[] = [
  'placing',
  'placed',
  'accepted',
  'ready',
];

export const foodOrderSchema = z.object({
  id: z.string(),
  /** What the kitchen calls out, 1–999. */
  number: z.number().int(),
  stationId: z.number().int(),
  stationName: z.string(),
  state: z.enum(foodOrderStates),
  mode: z.enum(foodModes),
  pickupAt: z.string(),
  asap: z.boolean(),
  lines: z.array(pricedLineSchema),
  total: z.number().int(),
  held: z.number().int(),
  captured: z.number().int(),
  released: z.number().int(),
  readyBy: z.string().nullable(),
  rejectReason: z.string().nullable(),
  errorKey: z.string().nullable(),
  receiptId: z.string().nullable(),
  createdAt: z.string(),
  acceptedAt: z.string().nullable(),
  readyAt: z.string().nullable(),
  collectedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type FoodOrder = z.infer<typeof foodOrderSchema>;
export const foodOrderListSchema = z.object({
  items: z.array(foodOrderSchema),
  total: z.number().int(),
});

/**
 * A kitchen display shows an order at least this long before it can expire unanswered: the last
 * minute, in red and with a warning sound, is never cut short by a display that saw it late.
 */
export const KITCHEN_EXPIRY_WARNING_SECONDS = 60;

/**
 * The kitchen's view adds who to call (the customer's first name) and, while an order waits for
 * an answer, when it expires unanswered (or is accepted, where the station accepts by itself).
 */
export const kitchenOrderSchema = foodOrderSchema.extend({
  customer: z.string(),
  expiresAt: z.string().nullable(),
  /** The station accepts an unanswered order at `expiresAt` instead of expiring it. */
  autoAccept: z.boolean(),
});
export type KitchenOrder = z.infer<typeof kitchenOrderSchema>;
export const kitchenOrderListSchema = z.object({ items: z.array(kitchenOrderSchema) });

export const KITCHEN_READY_MINUTES_MAX = 180;
export const kitchenAcceptSchema = strict({
  readyInMinutes: z
    .number({ error: 'validation.invalid' })
    .int('validation.invalid')
    .min(1, 'validation.invalid')
    .max(KITCHEN_READY_MINUTES_MAX, 'validation.invalid'),
});
export const kitchenRejectSchema = strict({
  reason: z
    .string({ error: 'validation.invalid' })
    .trim()
    .min(1, 'validation.required')
    .max(200, 'validation.tooLong'),
});
