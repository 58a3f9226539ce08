import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { stations } from './stations.ts';

/**
 * Staff roles. `operator` sees everything; `support` helps customers; `station` and `kitchen`
 * see only the stations they are bound to in user_stations. A customer has none.
 */
export const STAFF_ROLES = ['operator', 'support', 'finance', 'station', 'kitchen'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    name: text('name').notNull(),
    address: text('address').notNull(),
    postCode: text('post_code').notNull(),
    city: text('city').notNull(),
    mobile: text('mobile').notNull(),
    accountType: text('account_type', { enum: ['private', 'business'] })
      .notNull()
      .default('private'),
    pNumber: text('p_number'),
    vNumber: text('v_number'),
    locale: text('locale', { enum: ['fo', 'en'] })
      .notNull()
      .default('fo'),
    emailVerified: boolean('email_verified').notNull().default(false),
    role: text('role', { enum: STAFF_ROLES }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set while the account is disabled (staff) or blocked (a customer): it cannot sign in. */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /** Set when the account is deleted; the row stays, stripped of personal data, for bookkeeping. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    check(
      'users_role_check',
      sql`${t.role} in ('operator', 'support', 'finance', 'station', 'kitchen')`,
    ),
  ],
);

/** The stations a station-bound staff user works at. */
export const userStations = pgTable(
  'user_stations',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    stationId: integer('station_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.stationId] }),
    index('user_stations_station_idx').on(t.stationId),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** sha256 of the opaque token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('sessions_token_hash_key').on(t.tokenHash),
    index('sessions_user_active_idx')
      .on(t.userId)
      .where(sql`${t.revokedAt} is null`),
  ],
);

/** One-time secrets sent by e-mail: password-reset links and e-mail-change codes. */
export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['password_reset', 'email_change'] }).notNull(),
    codeHash: text('code_hash').notNull(),
    targetEmail: text('target_email'),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('one_time_codes_user_purpose_idx').on(t.userId, t.purpose),
    index('one_time_codes_hash_idx').on(t.codeHash),
  ],
);
