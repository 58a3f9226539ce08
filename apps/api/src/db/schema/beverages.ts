import type { BeverageFillState } from '@stod/domain';
import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { receipts } from './receipts.ts';
import { stations } from './stations.ts';
import { userSubscriptions } from './subscriptions.ts';
import { users } from './users.ts';
import { payments } from './wallet.ts';

/** A coffee machine at a station; its id is the installation id its codes carry. */
export const beverageMachines = pgTable('beverage_machines', {
  id: uuid('id').primaryKey().defaultRandom(),
  stationId: integer('station_id')
    .notNull()
    .references(() => stations.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** Set while staff have taken the machine out of service: it issues no codes and pours none. */
  outOfServiceAt: timestamp('out_of_service_at', { withTimezone: true }),
});

/**
 * One drink chosen on a machine: the one-time hash its QR code shows, then who poured it and
 * how (on a subscription, or bought once). The hash pours at most once.
 */
export const beverageFills = pgTable(
  'beverage_fills',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    hash: text('hash').notNull(),
    /** The short code printed under the QR code (FILL_CODE_ALPHABET), unique while pending. */
    code: text('code'),
    machineId: uuid('machine_id')
      .notNull()
      .references(() => beverageMachines.id, { onDelete: 'cascade' }),
    beverageFamily: text('beverage_family').notNull(),
    name: text('name').notNull(),
    price: integer('price').notNull(),
    state: text('state').$type<BeverageFillState>().notNull().default('pending'),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind').$type<'subscription' | 'purchase'>(),
    userSubscriptionId: uuid('user_subscription_id').references(() => userSubscriptions.id),
    paymentId: uuid('payment_id').references(() => payments.id),
    receiptId: uuid('receipt_id').references(() => receipts.id),
    errorKey: text('error_key'),
    /** A one-time purchase: the request that bought it (`beverages:<Idempotency-Key>`), as sent. */
    requestKey: text('request_key'),
    idempotencyKey: text('idempotency_key'),
    request: jsonb('request'),
    /** A purchase without a saved card: the gateway's hosted payment page. */
    gatewaySessionId: text('gateway_session_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    pouredAt: timestamp('poured_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('beverage_fills_hash').on(t.hash),
    uniqueIndex('beverage_fills_pending_code')
      .on(t.code)
      .where(sql`${t.state} = 'pending'`),
    index('beverage_fills_user_idx').on(t.userId, t.startedAt),
    index('beverage_fills_machine_idx').on(t.machineId, t.createdAt),
    uniqueIndex('beverage_fills_request_key').on(t.userId, t.requestKey),
    uniqueIndex('beverage_fills_gateway_session').on(t.gatewaySessionId),
    // Purchases not yet settled (no receipt), for the reconciliation.
    index('beverage_fills_open_purchase_idx')
      .on(t.createdAt)
      .where(sql`${t.kind} = 'purchase' and ${t.receiptId} is null`),
    // Cups pouring, for the reconciliation of pours whose end was never heard.
    index('beverage_fills_pouring_idx')
      .on(t.startedAt)
      .where(sql`${t.state} = 'pouring'`),
  ],
);
