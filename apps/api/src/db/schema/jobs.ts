import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The runs of the job registry (platform/jobs.ts). A scheduled job is one row, keyed by its name,
 * that moves on after each run; a delayed run is a row of its own, deleted once it succeeds.
 * A process claims a row by writing its lease; a process that dies loses it when the lease lapses.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** Makes a run unique: the job's name for a scheduled job, the caller's key for a delayed one. */
    key: text('key').unique('jobs_key_key'),
    payload: jsonb('payload'),
    /** waiting to run, or failed for good (a delayed run out of attempts). */
    status: text('status', { enum: ['waiting', 'failed'] })
      .notNull()
      .default('waiting'),
    runAt: timestamp('run_at', { withTimezone: true }).notNull(),
    /** Set for a scheduled job: its next run is this long after the last one ended. */
    everyMs: integer('every_ms'),
    leaseMs: integer('lease_ms').notNull(),
    /** The claim of the run in progress; it lapses at lockedUntil unless the run renews it. */
    lockedBy: text('locked_by'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('jobs_due_idx')
      .on(t.runAt)
      .where(sql`${t.status} = 'waiting'`),
  ],
);
