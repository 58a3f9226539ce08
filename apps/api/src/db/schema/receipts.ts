import type { z } from 'zod';
import type { receiptDataSchema, ReceiptProductType } from '@stod/domain';
import {
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { payments } from './wallet.ts';
import { users } from './users.ts';

/** One receipt per completed purchase; services write, the user reads. */
export const receipts = pgTable(
  'receipts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    paymentId: uuid('payment_id').references(() => payments.id),
    stationName: text('station_name'),
    productType: text('product_type').$type<ReceiptProductType>().notNull(),
    productDescription: text('product_description').notNull(),
    amount: integer('amount').notNull(),
    vatAmount: integer('vat_amount').notNull(),
    currency: text('currency').notNull().default('DKK'),
    quantity: doublePrecision('quantity'),
    unitPrice: integer('unit_price'),
    /** A credit receipt's refund: one receipt per refund, however often it is asked. */
    creditKey: text('credit_key'),
    data: jsonb('data').$type<z.infer<typeof receiptDataSchema>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('receipts_user_created_idx').on(t.userId, t.createdAt),
    // One receipt per payment, whoever writes it and however often.
    uniqueIndex('receipts_payment')
      .on(t.paymentId)
      .where(sql`${t.paymentId} is not null`),
    uniqueIndex('receipts_credit_key')
      .on(t.creditKey)
      .where(sql`${t.creditKey} is not null`),
  ],
);
