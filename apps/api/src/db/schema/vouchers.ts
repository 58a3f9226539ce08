import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';
import { payments } from './wallet.ts';

/** One operator order of codes, under its idempotency key, so a repeated order issues nothing. */
export const voucherOrders = pgTable('voucher_orders', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Codes issued by the operator: a PIN or a premium code, each redeemable once. */
export const voucherCodes = pgTable(
  'voucher_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    codeHash: text('code_hash').notNull(),
    codeType: text('code_type', { enum: ['pin', 'premium'] }).notNull(),
    kind: text('kind', { enum: ['value', 'gift_card', 'product'] }).notNull(),
    name: text('name').notNull(),
    /** The name in English, when the operator gave one. */
    nameEn: text('name_en'),
    amount: integer('amount'),
    product: text('product'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    redeemedBy: uuid('redeemed_by').references(() => users.id, { onDelete: 'set null' }),
    redeemedAt: timestamp('redeemed_at', { withTimezone: true }),
    orderKey: text('order_key').references(() => voucherOrders.key),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set while the operator has blocked the code: it cannot be redeemed, nor its balance spent. */
    blockedAt: timestamp('blocked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('voucher_codes_hash_key').on(t.codeHash),
    index('voucher_codes_order_idx').on(t.orderKey),
  ],
);

/** A redeemed voucher in a user's wallet; value vouchers carry a balance. */
export const userVouchers = pgTable(
  'user_vouchers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    voucherCodeId: uuid('voucher_code_id')
      .notNull()
      .references(() => voucherCodes.id),
    kind: text('kind', { enum: ['value', 'gift_card', 'product'] }).notNull(),
    name: text('name').notNull(),
    nameEn: text('name_en'),
    initialAmount: integer('initial_amount'),
    balance: integer('balance'),
    product: text('product'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Its code was blocked after it was redeemed: nothing of it can be spent. */
    blockedAt: timestamp('blocked_at', { withTimezone: true }),
  },
  (t) => [index('user_vouchers_user_idx').on(t.userId, t.expiresAt)],
);

/** Every draw on a voucher balance, keyed so a retried payment draws once. */
export const voucherSpends = pgTable(
  'voucher_spends',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userVoucherId: uuid('user_voucher_id')
      .notNull()
      .references(() => userVouchers.id, { onDelete: 'cascade' }),
    idempotencyKey: text('idempotency_key').notNull(),
    amount: integer('amount').notNull(),
    /** The payment whose card part this draw pays with; a voided payment gives it back. */
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('voucher_spends_key').on(t.userVoucherId, t.idempotencyKey),
    index('voucher_spends_payment_idx').on(t.paymentId),
  ],
);
