import { boolean, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Minimum app versions per platform; rows here override the environment's defaults. */
export const appVersions = pgTable('app_versions', {
  platform: text('platform', { enum: ['ios', 'android', 'web'] }).primaryKey(),
  minVersion: text('min_version').notNull(),
  /** The newest version out: an older one is told an update is there, without being stopped. */
  latestVersion: text('latest_version'),
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

/**
 * Certificate authorities the API signs with when none is configured (outside production): made
 * once, here, so every process signs with the same one.
 */
export const pkiAuthorities = pgTable('pki_authorities', {
  name: text('name').primaryKey(),
  certificatePem: text('certificate_pem').notNull(),
  privateKeyPem: text('private_key_pem').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
