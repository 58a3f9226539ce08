import type { InvitationState } from '@stod/domain';
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { installations } from './charging.ts';
import { users } from './users.ts';

/**
 * A user's access to an installation that another user owns, with the owner's limits: an end
 * date, a kWh cap per calendar month and a price per kWh (0 is free). Removing the access deletes
 * the row; the user's charges stay with the installation.
 */
export const installationShares = pgTable(
  'installation_shares',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    installationId: uuid('installation_id')
      .notNull()
      .references(() => installations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    invitationId: uuid('invitation_id'),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    monthlyKwhCap: integer('monthly_kwh_cap'),
    pricePerKwh: integer('price_per_kwh').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('installation_shares_user').on(t.installationId, t.userId),
    index('installation_shares_user_idx').on(t.userId),
  ],
);

/**
 * An owner's invitation by e-mail. Its token (kept hashed) is in the e-mail's link and proves
 * the address to an account whose e-mail is not verified; one pending invitation per address.
 */
export const installationInvitations = pgTable(
  'installation_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    installationId: uuid('installation_id')
      .notNull()
      .references(() => installations.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    invitedBy: uuid('invited_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    state: text('state').$type<InvitationState>().notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('installation_invitations_pending')
      .on(t.installationId, t.email)
      .where(sql`${t.state} = 'pending'`),
    index('installation_invitations_email_idx').on(t.email),
    index('installation_invitations_installation_idx').on(t.installationId, t.createdAt),
  ],
);

/** A month's earnings of an installation, closed after the month ends and paid to its owner. */
export const ownerPayouts = pgTable(
  'owner_payouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    installationId: uuid('installation_id')
      .notNull()
      .references(() => installations.id, { onDelete: 'cascade' }),
    month: text('month').notNull(),
    energyWh: integer('energy_wh').notNull(),
    amount: integer('amount').notNull(),
    state: text('state').$type<'scheduled' | 'paid'>().notNull().default('scheduled'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** Who approved the transfer, and when; a payout is marked paid only once approved. */
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    approvedBy: uuid('approved_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [uniqueIndex('owner_payouts_month').on(t.installationId, t.month)],
);
