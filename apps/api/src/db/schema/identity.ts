import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** One run of the national identity sign-in, started by a user. */
export const identityVerifications = pgTable(
  'identity_verifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    state: text('state').notNull(),
    nonce: text('nonce').notNull(),
    returnPath: text('return_path').notNull(),
    status: text('status', { enum: ['pending', 'verified', 'failed'] })
      .notNull()
      .default('pending'),
    subject: text('subject'),
    name: text('name'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    /** Set by the first provider card issued on the strength of this verification. */
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [
    index('identity_verifications_state_idx').on(t.state),
    index('identity_verifications_user_idx').on(t.userId),
  ],
);

/** The identity simulator's authorisation codes. */
export const simIdentityCodes = pgTable('sim_identity_codes', {
  code: text('code').primaryKey(),
  subject: text('subject').notNull(),
  name: text('name').notNull(),
  nonce: text('nonce').notNull(),
  clientId: text('client_id').notNull(),
  redirectUri: text('redirect_uri').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});
