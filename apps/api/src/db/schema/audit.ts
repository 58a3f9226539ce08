import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Every staff action, as it was asked and how it ended: who (their role then), when, which
 * route with what, the answer's status, and the reason given. Append-only: triggers refuse
 * every UPDATE, DELETE and TRUNCATE (migrations 0031, 0032). No foreign key, so a staff member
 * who leaves keeps their history.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: uuid('actor_id').notNull(),
    actorRole: text('actor_role').notNull(),
    /** `POST /api/admin/vouchers`: the method and the route's pattern. */
    action: text('action').notNull(),
    /** The route's parameters: what the action was done to. */
    target: jsonb('target').$type<Record<string, string>>().notNull(),
    /** The body as sent, with secrets masked. */
    request: jsonb('request'),
    status: integer('status').notNull(),
    reason: text('reason'),
    /** What the action changed, as it stood before and after (an edit's fields); null if not told. */
    before: jsonb('before'),
    after: jsonb('after'),
    requestId: text('request_id'),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at),
    index('audit_log_actor_idx').on(t.actorId, t.at),
    index('audit_log_action_idx').on(t.action, t.at),
  ],
);
