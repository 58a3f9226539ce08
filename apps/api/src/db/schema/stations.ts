import type { OpeningHours, StationService } from '@stod/domain';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

export const stations = pgTable(
  'stations',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    address: text('address').notNull(),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    /** The pump system's id of the station; the payment provider keys its list by it. */
    tokheimStationId: text('tokheim_station_id').notNull(),
    services: jsonb('services').$type<StationService[]>().notNull(),
    openingHours: jsonb('opening_hours').$type<OpeningHours>().notNull(),
    /** Set while staff have paused the kitchen: no new food orders are taken. */
    kitchenPausedAt: timestamp('kitchen_paused_at', { withTimezone: true }),
    /** An order nobody answers in time is accepted for the kitchen rather than expired. */
    kitchenAutoAccept: boolean('kitchen_auto_accept').notNull().default(false),
    /** Minutes the kitchen takes for an order: the first pickup time the app offers. */
    kitchenPrepMinutes: integer('kitchen_prep_minutes').notNull().default(10),
  },
  (t) => [uniqueIndex('stations_tokheim_key').on(t.tokheimStationId)],
);

/** What a station sells: fuel grades per litre, wash programmes, food. */
export const stationProducts = pgTable(
  'station_products',
  {
    id: serial('id').primaryKey(),
    stationId: integer('station_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
    service: text('service', { enum: ['fuel', 'carwash', 'food'] }).notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    /** The name in English; without it, English readers get the Faroese. */
    nameEn: text('name_en'),
    /** Integer øre per unit, VAT included. */
    price: integer('price').notNull(),
    unit: text('unit', { enum: ['litre', 'wash', 'item'] }).notNull(),
    /** A wash programme's length. */
    durationSeconds: integer('duration_seconds'),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('station_products_station_idx').on(t.stationId, t.sort)],
);

/** Fuel pumps and car-wash bays, by number. */
export const stationPoints = pgTable(
  'station_points',
  {
    id: serial('id').primaryKey(),
    stationId: integer('station_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['pump', 'bay'] }).notNull(),
    number: integer('number').notNull(),
    /** Set while staff have taken the pump or bay out of service: the app cannot start it. */
    outOfServiceAt: timestamp('out_of_service_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('station_points_key').on(t.stationId, t.kind, t.number)],
);

export const productColors = pgTable('product_colors', {
  code: text('code').primaryKey(),
  color: text('color').notNull(),
});

export const beverages = pgTable('beverages', {
  id: serial('id').primaryKey(),
  beverageFamily: text('beverage_family').notNull(),
  name: text('name').notNull(),
  nameEn: text('name_en'),
  price: integer('price').notNull(),
});
