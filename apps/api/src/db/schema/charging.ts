import { sql } from 'drizzle-orm';
import type { ChargeState, ConnectorStatus, IdTagStatus, TariffType } from '@stod/domain';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { receipts } from './receipts.ts';
import { users } from './users.ts';
import { payments } from './wallet.ts';

/** Energy in Wh, kept exactly to the milli-Wh and read as a number. */
const wh = (name: string) => numeric(name, { precision: 16, scale: 3, mode: 'number' });

/** A place with chargers: public, or a user's own (ownerId). */
export const installations = pgTable('installations', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  lat: doublePrecision('lat').notNull(),
  lng: doublePrecision('lng').notNull(),
  public: boolean('public').notNull().default(true),
  ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
  /**
   * The most its charging connectors may draw together, in kW (a house's main fuse, a site's grid
   * contract), shared among the running charges; none: each charger's own.
   */
  powerLimitKw: doublePrecision('power_limit_kw'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A charger that connects over OCPP-J as `/ocpp/{identity}`. Its password (security profile 1)
 * is kept hashed. `node` names the process that holds its connection, so a command raised on any
 * process reaches it.
 */
export const chargers = pgTable(
  'chargers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    identity: text('identity').notNull(),
    passwordHash: text('password_hash'),
    /**
     * The OCPP security profile it must connect with: 1 HTTP Basic, 2 Basic over TLS, 3 TLS with
     * a client certificate named for it.
     */
    securityProfile: integer('security_profile').notNull().default(1),
    installationId: uuid('installation_id')
      .notNull()
      .references(() => installations.id, { onDelete: 'cascade' }),
    connectors: integer('connectors').notNull(),
    maxPowerKw: doublePrecision('max_power_kw').notNull(),
    tariffType: text('tariff_type').$type<TariffType>().notNull(),
    tariffPrice: integer('tariff_price').notNull(),
    /** Øre once per charge in which energy flowed. */
    startFee: integer('start_fee').notNull().default(0),
    /** Øre per minute a car stays after its energy stopped, past `idleGraceMinutes`. */
    idleFee: integer('idle_fee').notNull().default(0),
    idleGraceMinutes: integer('idle_grace_minutes').notNull().default(0),
    protocol: text('protocol'),
    vendor: text('vendor'),
    model: text('model'),
    firmware: text('firmware'),
    bootCount: integer('boot_count').notNull().default(0),
    lastBootAt: timestamp('last_boot_at', { withTimezone: true }),
    connected: boolean('connected').notNull().default(false),
    node: text('node'),
    connectedAt: timestamp('connected_at', { withTimezone: true }),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    /** The local authorization list the charger last accepted: its version, size and time. */
    localListVersion: integer('local_list_version').notNull().default(0),
    localListSize: integer('local_list_size'),
    localListAt: timestamp('local_list_at', { withTimezone: true }),
    /** Taken out of the network: refused at connect, gone from the app, kept for its history. */
    decommissionedAt: timestamp('decommissioned_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('chargers_identity').on(t.identity),
    index('chargers_installation_idx').on(t.installationId),
  ],
);

/** Each connector's last reported status (OCPP 1.6 names; 2.0.1's mapped onto them). */
export const chargerConnectors = pgTable(
  'charger_connectors',
  {
    chargerId: uuid('charger_id')
      .notNull()
      .references(() => chargers.id, { onDelete: 'cascade' }),
    connectorId: integer('connector_id').notNull(),
    status: text('status').$type<ConnectorStatus>().notNull().default('Available'),
    errorCode: text('error_code'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.chargerId, t.connectorId] })],
);

/** RFID tags with which a user starts a charge at the charger itself. */
export const idTags = pgTable('id_tags', {
  idTag: text('id_tag').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The operator's word on it; an expiry date past makes an Accepted tag Expired. */
  status: text('status').$type<IdTagStatus>().notNull().default('Accepted'),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  /** Its group (OCPP 1.6 parentIdTag, 2.0.1 groupIdToken). */
  parentIdTag: text('parent_id_tag'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A charge: opened in the app at a connector (source 'app') or started at the charger with a tag
 * (source 'tag'). Every step is written before the next is taken; the unique indexes keep one
 * unfinished charge per user and per connector, and one per charger transaction.
 */
export const charges = pgTable(
  'charges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    installationId: uuid('installation_id')
      .notNull()
      .references(() => installations.id, { onDelete: 'cascade' }),
    installationName: text('installation_name').notNull(),
    chargerId: uuid('charger_id')
      .notNull()
      .references(() => chargers.id, { onDelete: 'cascade' }),
    connectorId: integer('connector_id').notNull(),
    source: text('source').$type<'app' | 'tag'>().notNull().default('app'),
    own: boolean('own').notNull().default(false),
    /** The installation's owner, credited when another user charges at a public installation. */
    ownerId: uuid('owner_id'),
    /** The share the charge runs under, when the owner shared the installation with the user. */
    shareId: uuid('share_id'),
    /** The energy the share's monthly cap leaves this charge, in Wh; it stops there. */
    energyCapWh: integer('energy_cap_wh'),
    tariffType: text('tariff_type').$type<TariffType>().notNull(),
    tariffPrice: integer('tariff_price').notNull(),
    /** The charger's fees when the charge opened (none at the user's own or a shared one). */
    startFee: integer('start_fee').notNull().default(0),
    idleFee: integer('idle_fee').notNull().default(0),
    idleGraceMinutes: integer('idle_grace_minutes').notNull().default(0),
    state: text('state').$type<ChargeState>().notNull(),
    locale: text('locale').notNull().default('fo'),
    paymentMethodId: uuid('payment_method_id'),
    paymentId: uuid('payment_id').references(() => payments.id),
    requestKey: text('request_key'),
    idempotencyKey: text('idempotency_key'),
    request: jsonb('request'),
    held: integer('held').notNull().default(0),
    captured: integer('captured').notNull().default(0),
    fromBalance: integer('from_balance').notNull().default(0),
    released: integer('released').notNull().default(0),
    /** The tag the backend sends with its remote start, or the tag the charger reported. */
    idTag: text('id_tag').notNull(),
    /** The charger's transaction id: 1.6's integer as text, or 2.0.1's string. */
    ocppTx: text('ocpp_tx'),
    txStartedAt: timestamp('tx_started_at', { withTimezone: true }),
    /** Energy registers and the energy delivered, in Wh to the milli-Wh: chargers send decimals. */
    meterStart: wh('meter_start'),
    meterLast: wh('meter_last'),
    meterLastAt: timestamp('meter_last_at', { withTimezone: true }),
    energyWh: wh('energy_wh').notNull().default(0),
    /** When a reading last showed energy flowing (none yet: since the start). */
    energyRoseAt: timestamp('energy_rose_at', { withTimezone: true }),
    /** The share of its installation's power limit the charger was last told, in W. */
    powerLimitW: integer('power_limit_w'),
    /**
     * Set when the zero-energy watchdog stopped the charge: the moment energy last flowed (or the
     * start). A minute tariff bills until then.
     */
    idleSince: timestamp('idle_since', { withTimezone: true }),
    powerW: integer('power_w').notNull().default(0),
    amount: integer('amount').notNull().default(0),
    startedAt: timestamp('started_at', { withTimezone: true }),
    stoppedAt: timestamp('stopped_at', { withTimezone: true }),
    stopReason: text('stop_reason'),
    errorKey: text('error_key'),
    /** The id the backend's remote start carried: a 2.0.1 charger may name the start by it alone. */
    remoteStartId: integer('remote_start_id'),
    /** Why an operator should look at this charge (it was closed from what was known). */
    reviewReason: text('review_reason'),
    receiptId: uuid('receipt_id').references(() => receipts.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('charges_request_key')
      .on(t.userId, t.requestKey)
      .where(sql`${t.requestKey} is not null`),
    uniqueIndex('charges_open_per_user')
      .on(t.userId)
      .where(sql`${t.finishedAt} is null`),
    uniqueIndex('charges_open_per_connector')
      .on(t.chargerId, t.connectorId)
      .where(sql`${t.finishedAt} is null`),
    uniqueIndex('charges_ocpp_tx')
      .on(t.chargerId, t.ocppTx)
      .where(sql`${t.ocppTx} is not null`),
    index('charges_remote_start_idx')
      .on(t.chargerId, t.remoteStartId)
      .where(sql`${t.finishedAt} is null and ${t.remoteStartId} is not null`),
    index('charges_open_idx')
      .on(t.updatedAt)
      .where(sql`${t.finishedAt} is null`),
    index('charges_user_idx').on(t.userId, t.createdAt),
    index('charges_installation_idx').on(t.installationId, t.createdAt),
  ],
);

/** The ledger of the owners' earnings: 0.2 kr. per kWh another user charged (spec §9). */
export const ownerCredits = pgTable(
  'owner_credits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    installationId: uuid('installation_id')
      .notNull()
      .references(() => installations.id, { onDelete: 'cascade' }),
    chargeId: uuid('charge_id')
      .notNull()
      .references(() => charges.id, { onDelete: 'cascade' }),
    energyWh: wh('energy_wh').notNull(),
    amount: integer('amount').notNull(),
    /** 'public': 0.2 kr. per kWh from another user; 'share': what a shared user paid. */
    kind: text('kind').$type<'public' | 'share'>().notNull().default('public'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('owner_credits_charge').on(t.chargeId),
    index('owner_credits_owner_idx').on(t.ownerId),
    index('owner_credits_installation_idx').on(t.installationId, t.createdAt),
  ],
);

/**
 * Every transaction a charger reports, billed or not: the charge it is billed to, or why none is.
 * 'pending': a 2.0.1 transaction that has named no token yet (the cable came first); 'billed':
 * linked to a charge; 'unbilled': no one can be billed for it, so it is stopped remotely and shown
 * to operators. An ended one is remembered, so a repeated end is answered without acting.
 */
export const chargerTransactions = pgTable(
  'charger_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    chargerId: uuid('charger_id')
      .notNull()
      .references(() => chargers.id, { onDelete: 'cascade' }),
    transactionId: text('transaction_id').notNull(),
    connectorId: integer('connector_id'),
    idTag: text('id_tag'),
    remoteStartId: integer('remote_start_id'),
    chargeId: uuid('charge_id').references(() => charges.id, { onDelete: 'set null' }),
    billing: text('billing')
      .$type<'pending' | 'billed' | 'unbilled'>()
      .notNull()
      .default('pending'),
    meterStart: wh('meter_start'),
    meterLast: wh('meter_last'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    stopReason: text('stop_reason'),
    stopRequestedAt: timestamp('stop_requested_at', { withTimezone: true }),
    /** The 2.0.1 event numbers heard: at the end, a number missing is an event still to come. */
    seqNos: integer('seq_nos')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('charger_transactions_tx').on(t.chargerId, t.transactionId),
    index('charger_transactions_unbilled_idx')
      .on(t.updatedAt)
      .where(sql`${t.billing} <> 'billed'`),
  ],
);

/**
 * What a charger reported for the record: security events, log uploads, firmware states, charging
 * limits, a car's charging needs, answers to report requests, reservation ends.
 */
export const chargerNotices = pgTable(
  'charger_notices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    chargerId: uuid('charger_id')
      .notNull()
      .references(() => chargers.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    type: text('type').notNull(),
    detail: jsonb('detail').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('charger_notices_charger_idx').on(t.chargerId, t.at)],
);

/**
 * Every OCPP call an operator sent to a charger (`POST /api/admin/chargers/{identity}/ocpp/…`),
 * who sent it, and what came of it: the charger's result or error, no answer, or no charger.
 */
export const chargerCommands = pgTable(
  'charger_commands',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    chargerId: uuid('charger_id')
      .notNull()
      .references(() => chargers.id, { onDelete: 'cascade' }),
    protocol: text('protocol').notNull(),
    action: text('action').notNull(),
    payload: jsonb('payload').notNull(),
    sentBy: uuid('sent_by').references(() => users.id, { onDelete: 'set null' }),
    requestId: text('request_id'),
    outcome: text('outcome')
      .$type<'sent' | 'result' | 'error' | 'timeout' | 'offline'>()
      .notNull()
      .default('sent'),
    response: jsonb('response'),
    error: jsonb('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
  },
  (t) => [index('charger_commands_charger_idx').on(t.chargerId, t.createdAt)],
);

/**
 * A driver's ISO 15118 contract (Plug & Charge): its eMAID, the certificate the PKI issued for
 * it, and the car's provisioning certificate id (PCID) it is installed on. The eMAID is also the
 * driver's id tag, so a charge it starts is billed as a tag's.
 */
export const evContracts = pgTable(
  'ev_contracts',
  {
    emaid: text('emaid').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    pcid: text('pcid'),
    certificatePem: text('certificate_pem').notNull(),
    serialNumber: text('serial_number').notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ev_contracts_pcid')
      .on(t.pcid)
      .where(sql`${t.pcid} is not null`),
    uniqueIndex('ev_contracts_serial').on(t.serialNumber),
    index('ev_contracts_user_idx').on(t.userId),
  ],
);
