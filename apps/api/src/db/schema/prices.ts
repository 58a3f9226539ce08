import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { stationProducts, stations } from './stations.ts';

/**
 * The lowest and highest price an operator may give a product, by its code: the same bounds for
 * Diesel at every station, so one mistyped digit is refused before it reaches a pump.
 */
export const productBounds = pgTable(
  'product_bounds',
  {
    service: text('service').notNull(),
    code: text('code').notNull(),
    minPrice: integer('min_price').notNull(),
    maxPrice: integer('max_price').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.service, t.code] }),
    check('product_bounds_order', sql`${t.minPrice} >= 1 AND ${t.minPrice} <= ${t.maxPrice}`),
  ],
);

/**
 * Every price an operator gave a station's product, now or from a set time: the history of its
 * prices, and the changes still to come (not applied, not cancelled). A change is applied once,
 * whichever process finds it due.
 */
export const priceChanges = pgTable(
  'price_changes',
  {
    id: serial('id').primaryKey(),
    stationProductId: integer('station_product_id')
      .notNull()
      .references(() => stationProducts.id, { onDelete: 'cascade' }),
    price: integer('price').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (t) => [
    index('price_changes_due_idx')
      .on(t.at)
      .where(sql`${t.appliedAt} IS NULL AND ${t.cancelledAt} IS NULL`),
    index('price_changes_product_idx').on(t.stationProductId, t.at),
  ],
);

/**
 * What each station's price sign was last seen to show (its grades and prices), as the site
 * answered: the platform sends it again whenever the station's fuel prices differ from it. The
 * lease lets one process at a time talk to a station's sign and pumps about prices.
 */
export const priceSigns = pgTable('price_signs', {
  stationId: integer('station_id')
    .primaryKey()
    .references(() => stations.id, { onDelete: 'cascade' }),
  /** `[{grade, unitPrice}]`; empty until the sign first answered. */
  prices: jsonb('prices').$type<{ grade: string; unitPrice: number }[]>().notNull().default([]),
  /** False: the site's controller has no sign the platform sets (it answered NotImplemented). */
  hasSign: boolean('has_sign').notNull().default(true),
  shownAt: timestamp('shown_at', { withTimezone: true }),
  leaseUntil: timestamp('lease_until', { withTimezone: true }),
});
