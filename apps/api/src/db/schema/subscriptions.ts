import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  uniqueIndex,
  pgTable,
  serial,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { paymentMethods, payments } from './wallet.ts';
import { users } from './users.ts';

/** The plans the operator offers, tiered by index within a type. */
export const subscriptionPlans = pgTable(
  'subscriptions',
  {
    id: serial('id').primaryKey(),
    type: text('type').notNull(),
    index: integer('index').notNull(),
    productIds: text('product_ids').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    /** The English of name and description; without it, English readers get the Faroese. */
    nameEn: text('name_en'),
    descriptionEn: text('description_en'),
    priceMonthly: integer('price_monthly').notNull(),
    priceYearly: integer('price_yearly').notNull(),
    active: boolean('active').notNull().default(true),
    /** Fair use: the least minutes between two cups poured on this plan; null for none. */
    fairUseMinutes: integer('fair_use_minutes'),
  },
  // One plan per tier of a type: an upgrade goes to the next tier up.
  (t) => [uniqueIndex('subscriptions_type_index_key').on(t.type, t.index)],
);

export const userSubscriptions = pgTable(
  'user_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => subscriptionPlans.id),
    interval: text('interval', { enum: ['monthly', 'yearly'] }).notNull(),
    paymentMethodId: uuid('payment_method_id').references(() => paymentMethods.id),
    /**
     * pending (reserved while its first payment runs), active, cancelled (usable until validTo),
     * expiring (renewal failed), replaced (upgraded) or ended (past validTo, superseded).
     */
    status: text('status', {
      enum: ['pending', 'active', 'cancelled', 'expiring', 'replaced', 'ended'],
    }).notNull(),
    /** The plan's type, kept here so the database can hold one usable subscription per type. */
    planType: text('plan_type').notNull(),
    /** The idempotency record (scope:key) of the request that made it. */
    requestKey: text('request_key'),
    /** The subscription this one upgraded; each is replaced at most once. */
    replacesId: uuid('replaces_id'),
    /** The upgrade request that holds this subscription while its payment runs. */
    upgradeKey: text('upgrade_key'),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    validTo: timestamp('valid_to', { withTimezone: true }).notNull(),
    nextPaymentAt: timestamp('next_payment_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    lastPaymentId: uuid('last_payment_id').references(() => payments.id),
    /** The price paid for the current period, for crediting an upgrade. */
    periodPrice: integer('period_price').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('user_subscriptions_user_idx').on(t.userId, t.validTo),
    index('user_subscriptions_due_idx').on(t.status, t.nextPaymentAt),
    uniqueIndex('user_subscriptions_replaces_key').on(t.replacesId),
    uniqueIndex('user_subscriptions_request_key').on(t.userId, t.requestKey),
    // One subscription of each type that is, or is about to be, usable.
    uniqueIndex('user_subscriptions_one_per_type')
      .on(t.userId, t.planType)
      .where(sql`${t.status} in ('pending', 'active', 'cancelled', 'expiring')`),
  ],
);
