import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * One row per (user, scope, key) of a request that moves money: the claim that lets one
 * request at a time act on the key, and afterwards the result every repeat answers.
 */
export const idempotencyRecords = pgTable(
  'idempotency_records',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    /** sha256 of the request the key was first used with; another request under it is refused. */
    fingerprint: text('fingerprint').notNull(),
    /** pending while a request works on it; done with a result, or failed with an error. */
    status: text('status', { enum: ['pending', 'done', 'failed'] }).notNull(),
    /** The claim of the request working on it; a crashed request's claim lapses at lockedUntil. */
    owner: text('owner').notNull(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }).notNull(),
    statusCode: integer('status_code'),
    result: jsonb('result'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.scope, t.key] }),
    index('idempotency_records_pending_idx')
      .on(t.lockedUntil)
      .where(sql`${t.status} = 'pending'`),
  ],
);
