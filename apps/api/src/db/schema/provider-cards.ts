import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';
import { paymentMethods } from './wallet.ts';

/**
 * Which account holds which of the provider's cards. The primary key on the issuer's card id is
 * what keeps one card on one account, however many requests race for it.
 */
export const ownCardLinks = pgTable(
  'own_card_links',
  {
    cardId: text('card_id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    paymentMethodId: uuid('payment_method_id')
      .notNull()
      .unique('own_card_links_payment_method_key')
      .references(() => paymentMethods.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('own_card_links_user_idx').on(t.userId)],
);

// The card issuer simulator keeps its own books, as the provider's card system would on its side.

export const simProviderCardStatuses = ['active', 'blocked', 'expired', 'lost'] as const;

export const simProviderCards = pgTable('sim_provider_cards', {
  id: text('id').primaryKey(),
  number: text('number').notNull().unique('sim_provider_cards_number_key'),
  holderName: text('holder_name').notNull(),
  holderEmail: text('holder_email'),
  holderPhone: text('holder_phone'),
  /** The national identity of the holder, when the card was issued after a verification. */
  holderSubject: text('holder_subject'),
  /** sha-256 of the card id and the PIN on the card carrier. */
  pinHash: text('pin_hash').notNull(),
  status: text('status', { enum: simProviderCardStatuses }).notNull().default('active'),
  expMonth: integer('exp_month').notNull(),
  expYear: integer('exp_year').notNull(),
  /** Limits in øre. */
  limitPerPurchase: integer('limit_per_purchase').notNull(),
  limitPerDay: integer('limit_per_day').notNull(),
  /** The key of the issue request that made it: a repeat of the request gets the same card. */
  issueKey: text('issue_key').unique('sim_provider_cards_issue_key'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One-time codes sent to a card's holder. */
export const simProviderCardChallenges = pgTable('sim_provider_card_challenges', {
  id: text('id').primaryKey(),
  cardId: text('card_id').notNull(),
  /** Whoever asked for the code; only they may answer it. */
  reference: text('reference').notNull(),
  channel: text('channel', { enum: ['sms', 'email'] }).notNull(),
  codeHash: text('code_hash').notNull(),
  attempts: integer('attempts').notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** What the simulator "sent" by text message or e-mail, for developers and tests to read. */
export const simProviderCardMessages = pgTable(
  'sim_provider_card_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    channel: text('channel', { enum: ['sms', 'email'] }).notNull(),
    destination: text('destination').notNull(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sim_provider_card_messages_destination_idx').on(t.destination, t.createdAt)],
);
