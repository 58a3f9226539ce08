import { boolean, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Minimum app versions per platform; rows here override the environment's defaults. */
export const appVersions = pgTable('app_versions', {
  platform: text('platform', { enum: ['ios', 'android', 'web'] }).primaryKey(),
  minVersion: text('min_version').notNull(),
  locked: boolean('locked').notNull().default(false),
  storeUrl: text('store_url'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Operator switches such as maintenance mode, shared by every API process. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Mail kept in the database when no SMTP server is configured (the dev outbox). */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('outbox_to_created_idx').on(t.to, t.createdAt)],
);
