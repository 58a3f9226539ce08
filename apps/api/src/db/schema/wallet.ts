import type { PaymentProduct } from '@stod/domain';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

const now = (name: string) => timestamp(name, { withTimezone: true }).notNull().defaultNow();

/** Payment cards and the provider's own cards of a user. */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['card', 'own_card'] }).notNull(),
    /** The gateway's token for the card; the card number never reaches us. */
    token: text('token').notNull(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month'),
    expYear: integer('exp_year'),
    name: text('name'),
    isFavourite: boolean('is_favourite').notNull().default(false),
    products: jsonb('products').$type<PaymentProduct[]>().notNull(),
    activeFrom: now('active_from'),
    createdAt: now('created_at'),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('payment_methods_user_idx')
      .on(t.userId)
      .where(sql`${t.deletedAt} is null`),
    uniqueIndex('payment_methods_one_favourite')
      .on(t.userId)
      .where(sql`${t.isFavourite} and ${t.deletedAt} is null`),
  ],
);

/** A hosted card-entry session started by a user. */
export const cardSessions = pgTable(
  'card_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    gatewaySessionId: text('gateway_session_id').notNull(),
    name: text('name'),
    returnPath: text('return_path').notNull(),
    status: text('status', { enum: ['open', 'completed', 'failed', 'expired'] })
      .notNull()
      .default('open'),
    paymentMethodId: uuid('payment_method_id'),
    /** Why a closed session saved no card, as the gateway said: `cancelled`, a refusal, or null. */
    failure: text('failure'),
    createdAt: now('created_at'),
  },
  (t) => [uniqueIndex('card_sessions_gateway_key').on(t.gatewaySessionId)],
);

export const paymentAgreements = pgTable('payment_agreements', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  fullName: text('full_name').notNull(),
  email: text('email').notNull(),
  phone: text('phone').notNull(),
  registrationNumber: text('registration_number').notNull(),
  accountNumber: text('account_number').notNull(),
  createdAt: now('created_at'),
  updatedAt: now('updated_at'),
});

export const paymentStatuses = [
  'created',
  'authorised',
  'captured',
  'voided',
  'refunded',
  'expired',
  'failed',
] as const;

/** One payment: a hold, then a capture of the real amount, or a void. */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    paymentMethodId: uuid('payment_method_id').references(() => paymentMethods.id),
    purpose: text('purpose').notNull(),
    reference: text('reference').notNull(),
    /** The caller's idempotency key for creating this payment. */
    idempotencyKey: text('idempotency_key').notNull(),
    status: text('status', { enum: paymentStatuses }).notNull(),
    failure: text('failure'),
    amountHeld: integer('amount_held').notNull(),
    amountCaptured: integer('amount_captured').notNull().default(0),
    amountRefunded: integer('amount_refunded').notNull().default(0),
    currency: text('currency').notNull().default('DKK'),
    gatewayAuthorizationId: text('gateway_authorization_id'),
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }),
    serviceStartedAt: timestamp('service_started_at', { withTimezone: true }),
    createdAt: now('created_at'),
    updatedAt: now('updated_at'),
  },
  (t) => [
    uniqueIndex('payments_user_key').on(t.userId, t.idempotencyKey),
    index('payments_status_idx').on(t.status, t.createdAt),
  ],
);

/** Every step taken on a payment, keyed for idempotency. */
export const paymentSteps = pgTable(
  'payment_steps',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    kind: text('kind', {
      enum: ['authorise', 'capture', 'void', 'refund', 'expire', 'sync'],
    }).notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    amount: integer('amount').notNull().default(0),
    createdAt: now('created_at'),
  },
  (t) => [uniqueIndex('payment_steps_key').on(t.paymentId, t.kind, t.idempotencyKey)],
);
