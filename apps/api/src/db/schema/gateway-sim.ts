import {
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

// The card gateway simulator keeps its own books, as a real gateway would on its side.

/** Hosted sessions: `card` ones save a card, `payment` ones hold an amount on the card entered. */
export const simGatewaySessions = pgTable('sim_gateway_sessions', {
  id: text('id').primaryKey(),
  kind: text('kind', { enum: ['card', 'payment'] })
    .notNull()
    .default('card'),
  reference: text('reference').notNull(),
  returnUrl: text('return_url').notNull(),
  status: text('status', { enum: ['open', 'completed', 'failed', 'expired'] })
    .notNull()
    .default('open'),
  token: text('token'),
  failure: text('failure'),
  amount: integer('amount'),
  description: text('description'),
  authorizationId: text('authorization_id'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const simGatewayCards = pgTable('sim_gateway_cards', {
  token: text('token').primaryKey(),
  brand: text('brand').notNull(),
  last4: text('last4').notNull(),
  expMonth: integer('exp_month').notNull(),
  expYear: integer('exp_year').notNull(),
  /** How the test card behaves: ok, declined, insufficient_funds or expired_card. */
  behaviour: text('behaviour').notNull(),
});

export const simGatewayAuthorizations = pgTable(
  'sim_gateway_authorizations',
  {
    id: text('id').primaryKey(),
    token: text('token').notNull(),
    status: text('status', {
      enum: ['authorised', 'captured', 'voided', 'refunded', 'expired'],
    }).notNull(),
    amount: integer('amount').notNull(),
    captured: integer('captured').notNull().default(0),
    refunded: integer('refunded').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sim_gateway_auth_token_idx').on(t.token)],
);

/** Idempotency: the first answer to each (operation, key), replayed on repeats. */
export const simGatewayRequests = pgTable(
  'sim_gateway_requests',
  {
    operation: text('operation').notNull(),
    key: text('key').notNull(),
    response: jsonb('response').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sim_gateway_requests_key').on(t.operation, t.key)],
);

/**
 * The money that moved: every capture and refund, once, with the key it was asked under, as a
 * real gateway's settlement report lists them.
 */
export const simGatewayMovements = pgTable(
  'sim_gateway_movements',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: ['capture', 'refund'] }).notNull(),
    key: text('key').notNull(),
    authorizationId: text('authorization_id').notNull(),
    amount: integer('amount').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sim_gateway_movements_at_idx').on(t.createdAt)],
);
