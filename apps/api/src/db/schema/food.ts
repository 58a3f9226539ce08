import type { FoodMode, FoodOrderState, PricedLine } from '@stod/domain';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { receipts } from './receipts.ts';
import { stations } from './stations.ts';
import { users } from './users.ts';
import { payments } from './wallet.ts';

/**
 * A food order: its lines priced from the menu when placed (never from the client), the total
 * held on the card, captured when the kitchen accepts and voided when it rejects or never
 * answers. Each step is written before the next; the receipt is written with the capture.
 */
export const foodOrders = pgTable(
  'food_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    stationId: integer('station_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
    stationName: text('station_name').notNull(),
    /** What the kitchen calls out: 1–999, counted across all orders. */
    number: integer('number').notNull(),
    mode: text('mode').$type<FoodMode>().notNull(),
    pickupAt: timestamp('pickup_at', { withTimezone: true }).notNull(),
    asap: boolean('asap').notNull().default(false),
    state: text('state').$type<FoodOrderState>().notNull(),
    lines: jsonb('lines').$type<PricedLine[]>().notNull(),
    total: integer('total').notNull(),
    menuVersion: text('menu_version').notNull(),
    locale: text('locale').notNull().default('fo'),
    paymentMethodId: uuid('payment_method_id'),
    paymentId: uuid('payment_id').references(() => payments.id),
    requestKey: text('request_key'),
    idempotencyKey: text('idempotency_key'),
    request: jsonb('request'),
    held: integer('held').notNull().default(0),
    captured: integer('captured').notNull().default(0),
    fromBalance: integer('from_balance').notNull().default(0),
    released: integer('released').notNull().default(0),
    readyBy: timestamp('ready_by', { withTimezone: true }),
    rejectReason: text('reject_reason'),
    errorKey: text('error_key'),
    receiptId: uuid('receipt_id').references(() => receipts.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    collectedAt: timestamp('collected_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** When a kitchen display first showed the order: it expires no sooner than a warning after. */
    seenAt: timestamp('seen_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('food_orders_request_key')
      .on(t.userId, t.requestKey)
      .where(sql`${t.requestKey} is not null`),
    index('food_orders_user_idx').on(t.userId, t.createdAt),
    index('food_orders_station_idx').on(t.stationId, t.createdAt),
    index('food_orders_open_idx')
      .on(t.state, t.createdAt)
      .where(sql`${t.state} in ('placing', 'placed', 'accepted', 'ready')`),
  ],
);

/** When a station's kitchen display last asked for its orders: staff are at the screen. */
export const kitchenPresence = pgTable('kitchen_presence', {
  stationId: integer('station_id')
    .primaryKey()
    .references(() => stations.id, { onDelete: 'cascade' }),
  seenAt: timestamp('seen_at', { withTimezone: true }).notNull(),
});

/**
 * What staff marked sold out at a station, over the ERP's menu: until a time, or (no `until`)
 * until they say it is back. The customer's menu shows it unavailable and no order takes it.
 */
export const menuSoldOut = pgTable(
  'menu_sold_out',
  {
    stationId: integer('station_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
    itemId: text('item_id').notNull(),
    since: timestamp('since', { withTimezone: true }).notNull().defaultNow(),
    until: timestamp('until', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.stationId, t.itemId] })],
);
