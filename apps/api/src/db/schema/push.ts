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
import { sessions, users } from './users.ts';

export const PUSH_PLATFORMS = ['web', 'ios', 'android'] as const;

/**
 * A device's push token, registered by the app after the user allowed notifications. One row a
 * device and user: a repeat replaces the token. The row belongs to the session that registered
 * it, so signing out (or a revoked session) stops the pushes to that device.
 */
export const pushTokens = pgTable(
  'push_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: uuid('session_id').references(() => sessions.id, { onDelete: 'cascade' }),
    deviceId: text('device_id').notNull(),
    /** FCM or APNs device token, or the Web Push subscription as JSON. */
    token: text('token').notNull(),
    platform: text('platform', { enum: PUSH_PLATFORMS }).notNull(),
    name: text('name'),
    osVersion: text('os_version').notNull(),
    model: text('model').notNull(),
    isVirtual: boolean('is_virtual').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('push_tokens_user_device_key').on(t.userId, t.deviceId),
    index('push_tokens_token_idx').on(t.token),
    index('push_tokens_session_idx').on(t.sessionId),
  ],
);

/** A user's switch for one kind of message; a kind without a row has its default. */
export const pushPreferences = pgTable(
  'push_preferences',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    enabled: boolean('enabled').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

/**
 * One message to one device, keyed by the event and the token so an event announced twice (a
 * retry, a second process) sends once. Sent by a job, retried with back-off; the development
 * outbox (/api/dev/push-outbox) lists these rows.
 */
export const pushMessages = pgTable(
  'push_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    key: text('key').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenId: uuid('token_id').references(() => pushTokens.id, { onDelete: 'set null' }),
    platform: text('platform', { enum: PUSH_PLATFORMS }).notNull(),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** The screen a tap opens, an app path such as /charging/{id}. */
    url: text('url').notNull(),
    state: text('state', { enum: ['pending', 'sent', 'failed', 'dead'] })
      .notNull()
      .default('pending'),
    provider: text('provider'),
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
    data: jsonb('data').$type<Record<string, string>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('push_messages_key').on(t.key),
    index('push_messages_user_idx').on(t.userId, t.createdAt),
    index('push_messages_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.state} = 'pending'`),
  ],
);
