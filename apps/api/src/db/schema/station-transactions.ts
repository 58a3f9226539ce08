import { sql } from 'drizzle-orm';
import type { StationTransactionService, StationTransactionState } from '@stod/domain';
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
import { receipts } from './receipts.ts';
import { stations } from './stations.ts';
import { users } from './users.ts';
import { payments } from './wallet.ts';

/** The final sale as the forecourt controller reported it. */
export interface StoredSale {
  grade: string;
  volumeMl: number;
  unitPrice: number;
  amount: number;
  at: string;
}

/**
 * A refuelling or a wash paid from the phone. Every step is written here before the next one is
 * taken, so a restart finds where each one stands; the unique indexes are the reservations of the
 * money pattern (decision 0012): one unfinished transaction per user, one per pump or bay.
 */
export const stationTransactions = pgTable(
  'station_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    service: text('service').$type<StationTransactionService>().notNull(),
    stationId: integer('station_id')
      .notNull()
      .references(() => stations.id),
    /** The station's pump-system id, as the controllers address it. */
    stationName: text('station_name').notNull(),
    site: text('site').notNull(),
    /** The pump's or the bay's number. */
    point: integer('point').notNull(),
    productId: integer('product_id').notNull(),
    productCode: text('product_code').notNull(),
    productName: text('product_name').notNull(),
    productNameEn: text('product_name_en'),
    /** The language the customer started in: realtime events name the product in it. */
    locale: text('locale').notNull().default('fo'),
    /** Øre per litre (fuel) or per wash. */
    unitPrice: integer('unit_price').notNull(),
    durationSeconds: integer('duration_seconds'),
    paymentMethodId: uuid('payment_method_id'),
    userVoucherId: uuid('user_voucher_id'),
    paymentId: uuid('payment_id').references(() => payments.id),
    /** The claim's payment key (`scope:key`) and what the request asked, to resume it. */
    requestKey: text('request_key').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    request: jsonb('request').notNull(),
    state: text('state').$type<StationTransactionState>().notNull(),
    held: integer('held').notNull().default(0),
    captured: integer('captured').notNull().default(0),
    fromBalance: integer('from_balance').notNull().default(0),
    released: integer('released').notNull().default(0),
    volumeMl: integer('volume_ml'),
    amount: integer('amount').notNull().default(0),
    connectionLost: boolean('connection_lost').notNull().default(false),
    /** Set once the connection was lost: the receipt then also goes out by e-mail. */
    notifyByMail: boolean('notify_by_mail').notNull().default(false),
    deadline: timestamp('deadline', { withTimezone: true }),
    countdownEndsAt: timestamp('countdown_ends_at', { withTimezone: true }),
    remainingSeconds: integer('remaining_seconds'),
    errorKey: text('error_key'),
    sale: jsonb('sale').$type<StoredSale>(),
    receiptId: uuid('receipt_id').references(() => receipts.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('station_transactions_request_key').on(t.userId, t.requestKey),
    // A stopped wash waits for staff on its bay; it does not keep its customer from the pumps.
    uniqueIndex('station_transactions_open_per_user')
      .on(t.userId)
      .where(sql`${t.finishedAt} is null and ${t.state} <> 'stopped'`),
    uniqueIndex('station_transactions_open_per_point')
      .on(t.stationId, t.service, t.point)
      .where(sql`${t.finishedAt} is null`),
    index('station_transactions_open_idx')
      .on(t.updatedAt)
      .where(sql`${t.finishedAt} is null`),
    index('station_transactions_user_idx').on(t.userId, t.createdAt),
  ],
);
