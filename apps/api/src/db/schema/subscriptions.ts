import {
  boolean,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { paymentMethods, payments } from './wallet.ts';
import { users } from './users.ts';

/** The plans the operator offers, tiered by index within a type. */
export const subscriptionPlans = pgTable('subscriptions', {
  id: serial('id').primaryKey(),
  type: text('type').notNull(),
  index: integer('index').notNull(),
  productIds: text('product_ids').notNull(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  priceMonthly: integer('price_monthly').notNull(),
  priceYearly: integer('price_yearly').notNull(),
  active: boolean('active').notNull().default(true),
});

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
    /** active, cancelled (usable until validTo), expiring (renewal failed) or replaced (upgraded). */
    status: text('status', { enum: ['active', 'cancelled', 'expiring', 'replaced'] }).notNull(),
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
  ],
);
