import type { ChargeState, ConnectorStatus } from '@stod/domain';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  chargerConnectors,
  chargers,
  charges,
  idTags,
  installationShares,
  installations,
  ownerCredits,
  users,
} from '../../db/schema/index.ts';

export type InstallationRow = typeof installations.$inferSelect;
export type ChargerRow = typeof chargers.$inferSelect;
export type ConnectorRow = typeof chargerConnectors.$inferSelect;
export type ChargeRow = typeof charges.$inferSelect;
export type NewCharge = typeof charges.$inferInsert;
export type ChargePatch = Partial<Omit<ChargeRow, 'id' | 'userId' | 'createdAt'>>;
export type ShareRow = typeof installationShares.$inferSelect;

// ---------------------------------------------------------------------------------------------
// Installations and chargers.

/** The installations a user may charge at: public ones, the user's own and those shared. */
export function usableInstallations(db: Db, userId: string) {
  const shared = db
    .select({ id: installationShares.installationId })
    .from(installationShares)
    .where(eq(installationShares.userId, userId));
  return db
    .select()
    .from(installations)
    .where(
      or(
        eq(installations.public, true),
        eq(installations.ownerId, userId),
        inArray(installations.id, shared),
      ),
    )
    .orderBy(sql`${installations.ownerId} is distinct from ${userId}`, asc(installations.name));
}

/** The user's share of an installation, if the owner shared it with them. */
export async function shareOf(db: Db, installationId: string, userId: string) {
  const [row] = await db
    .select()
    .from(installationShares)
    .where(
      and(
        eq(installationShares.installationId, installationId),
        eq(installationShares.userId, userId),
      ),
    );
  return row ?? null;
}

export function sharesOfUser(db: Db, userId: string) {
  return db.select().from(installationShares).where(eq(installationShares.userId, userId));
}

/** The energy a user charged at an installation between two instants (the month of a cap). */
export async function energyBetween(
  db: Db,
  installationId: string,
  userId: string,
  from: Date,
  to: Date,
) {
  const [row] = await db
    .select({ wh: sql<number>`coalesce(sum(${charges.energyWh}), 0)::int` })
    .from(charges)
    .where(
      and(
        eq(charges.installationId, installationId),
        eq(charges.userId, userId),
        gte(charges.createdAt, from),
        lt(charges.createdAt, to),
        sql`${charges.state} not in ('cancelled', 'failed')`,
      ),
    );
  return row?.wh ?? 0;
}

export async function findInstallation(db: Db, id: string) {
  const [row] = await db.select().from(installations).where(eq(installations.id, id));
  return row ?? null;
}

/** The chargers in service at these installations: a decommissioned one is gone from the app. */
export function chargersOf(db: Db, installationIds: string[]) {
  if (installationIds.length === 0) return Promise.resolve([] as ChargerRow[]);
  return db
    .select()
    .from(chargers)
    .where(
      and(inArray(chargers.installationId, installationIds), isNull(chargers.decommissionedAt)),
    )
    .orderBy(asc(chargers.identity));
}

export function connectorsOf(db: Db, chargerIds: string[]) {
  if (chargerIds.length === 0) return Promise.resolve([] as ConnectorRow[]);
  return db
    .select()
    .from(chargerConnectors)
    .where(inArray(chargerConnectors.chargerId, chargerIds))
    .orderBy(asc(chargerConnectors.connectorId));
}

export async function findCharger(db: Db, id: string) {
  const [row] = await db.select().from(chargers).where(eq(chargers.id, id));
  return row ?? null;
}

export async function findChargerByIdentity(db: Db, identity: string) {
  const [row] = await db.select().from(chargers).where(eq(chargers.identity, identity));
  return row ?? null;
}

export async function patchCharger(db: Db, id: string, set: Partial<ChargerRow>) {
  await db.update(chargers).set(set).where(eq(chargers.id, id));
}

export async function findConnector(db: Db, chargerId: string, connectorId: number) {
  const [row] = await db
    .select()
    .from(chargerConnectors)
    .where(
      and(
        eq(chargerConnectors.chargerId, chargerId),
        eq(chargerConnectors.connectorId, connectorId),
      ),
    );
  return row ?? null;
}

/** Stores a status unless a later one is stored already (reports can cross on the wire). */
export async function setConnectorStatus(
  db: Db,
  chargerId: string,
  connectorId: number,
  status: ConnectorStatus,
  errorCode: string | null,
  at: Date,
) {
  await db
    .insert(chargerConnectors)
    .values({ chargerId, connectorId, status, errorCode, updatedAt: at })
    .onConflictDoUpdate({
      target: [chargerConnectors.chargerId, chargerConnectors.connectorId],
      set: { status, errorCode, updatedAt: at },
      setWhere: sql`${chargerConnectors.updatedAt} <= ${at.toISOString()}`,
    });
}

export async function findIdTag(db: Db, idTag: string) {
  const [row] = await db.select().from(idTags).where(eq(idTags.idTag, idTag));
  return row ?? null;
}

// ---------------------------------------------------------------------------------------------
// Charges.

/** The one charge the conditions name (they name at most one), or null. */
async function oneCharge(db: Db, ...conditions: SQL[]) {
  const [row] = await db
    .select()
    .from(charges)
    .where(and(...conditions))
    .limit(1);
  return row ?? null;
}

export const findCharge = (db: Db, id: string) => oneCharge(db, eq(charges.id, id));

export const findOwnedCharge = (db: Db, userId: string, id: string) =>
  oneCharge(db, eq(charges.id, id), eq(charges.userId, userId));

export const findByRequestKey = (db: Db, userId: string, requestKey: string) =>
  oneCharge(db, eq(charges.userId, userId), eq(charges.requestKey, requestKey));

export const openChargeOfUser = (db: Db, userId: string) =>
  oneCharge(db, eq(charges.userId, userId), isNull(charges.finishedAt));

export const openChargeAt = (db: Db, chargerId: string, connectorId: number) =>
  oneCharge(
    db,
    eq(charges.chargerId, chargerId),
    eq(charges.connectorId, connectorId),
    isNull(charges.finishedAt),
  );

/** The open charge at a charger that the backend (or a card) started with this tag. */
export const openChargeWithTag = (db: Db, chargerId: string, idTag: string) =>
  oneCharge(
    db,
    eq(charges.chargerId, chargerId),
    eq(charges.idTag, idTag),
    isNull(charges.finishedAt),
  );

/** The open charge at a charger started with a registered tag of this group, or null. */
export const openChargeOfGroup = (db: Db, chargerId: string, group: string) =>
  oneCharge(
    db,
    eq(charges.chargerId, chargerId),
    isNull(charges.finishedAt),
    inArray(
      charges.idTag,
      db.select({ idTag: idTags.idTag }).from(idTags).where(eq(idTags.parentIdTag, group)),
    ),
  );

/** The charges running at an installation, with their chargers, oldest first. */
export function runningAtInstallation(db: Db, installationId: string) {
  return db
    .select({ charge: charges, charger: chargers })
    .from(charges)
    .innerJoin(chargers, eq(chargers.id, charges.chargerId))
    .where(
      and(
        eq(charges.installationId, installationId),
        eq(charges.state, 'charging'),
        isNotNull(charges.ocppTx),
        isNull(charges.finishedAt),
      ),
    )
    .orderBy(charges.startedAt);
}

/** Installations with a power limit and a charge running there. */
export async function limitedInstallationsRunning(db: Db) {
  const rows = await db
    .selectDistinct({ id: installations.id })
    .from(installations)
    .innerJoin(charges, eq(charges.installationId, installations.id))
    .where(
      and(
        isNotNull(installations.powerLimitKw),
        eq(charges.state, 'charging'),
        isNull(charges.finishedAt),
      ),
    );
  return rows.map((r) => r.id);
}

export async function setPowerLimit(db: Db, installationId: string, powerLimitKw: number | null) {
  const [row] = await db
    .update(installations)
    .set({ powerLimitKw })
    .where(eq(installations.id, installationId))
    .returning();
  return row ?? null;
}

/** The share a running charge was told, written only while it runs. */
export async function setChargePowerLimit(db: Db, chargeId: string, powerLimitW: number | null) {
  await db
    .update(charges)
    .set({ powerLimitW })
    .where(and(eq(charges.id, chargeId), isNull(charges.finishedAt)));
}

export function openChargesOfCharger(db: Db, chargerId: string) {
  return db
    .select()
    .from(charges)
    .where(and(eq(charges.chargerId, chargerId), isNull(charges.finishedAt)));
}

/** The open charge whose remote start carried this id (2.0.1 names a start by it alone). */
export const openChargeByRemoteStart = (db: Db, chargerId: string, remoteStartId: number) =>
  oneCharge(
    db,
    eq(charges.chargerId, chargerId),
    eq(charges.remoteStartId, remoteStartId),
    isNull(charges.finishedAt),
  );

export const chargeByTx = (db: Db, chargerId: string, ocppTx: string) =>
  oneCharge(db, eq(charges.chargerId, chargerId), eq(charges.ocppTx, ocppTx));

/** A repeated StartTransaction: same charger, connector, tag and start time. */
export const chargeByStart = (
  db: Db,
  chargerId: string,
  connectorId: number,
  idTag: string,
  at: Date,
) =>
  oneCharge(
    db,
    eq(charges.chargerId, chargerId),
    eq(charges.connectorId, connectorId),
    eq(charges.idTag, idTag),
    eq(charges.txStartedAt, at),
  );

export async function insertCharge(tx: Db, row: NewCharge) {
  const [inserted] = await tx.insert(charges).values(row).onConflictDoNothing().returning();
  return inserted ?? null;
}

/** Moves a charge only from the states given; null if it was elsewhere (or finished). */
export async function transition(
  db: Db,
  id: string,
  from: readonly ChargeState[],
  set: ChargePatch,
) {
  const [row] = await db
    .update(charges)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(charges.id, id), inArray(charges.state, [...from]), isNull(charges.finishedAt)))
    .returning();
  return row ?? null;
}

/**
 * Marks a running charge as stopped by the zero-energy watchdog, once: only the process whose
 * update takes it goes on to stop the charge and tell its customer.
 */
export async function markIdle(db: Db, id: string, idleSince: Date) {
  const [row] = await db
    .update(charges)
    .set({ idleSince, errorKey: 'error.noEnergy', reviewReason: 'noEnergy', updatedAt: new Date() })
    .where(
      and(
        eq(charges.id, id),
        eq(charges.state, 'charging'),
        isNull(charges.idleSince),
        isNull(charges.finishedAt),
      ),
    )
    .returning();
  return row ?? null;
}

export async function patchCharge(db: Db, id: string, set: ChargePatch) {
  const [row] = await db
    .update(charges)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(charges.id, id))
    .returning();
  return row ?? null;
}

export async function lockCharge(tx: Db, id: string) {
  const [row] = await tx.select().from(charges).where(eq(charges.id, id)).for('update');
  return row ?? null;
}

export async function lockUser(tx: Db, userId: string) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
}

export async function deleteCharge(db: Db, id: string) {
  await db.delete(charges).where(eq(charges.id, id));
}

export async function listCharges(db: Db, userId: string, offset: number, take: number) {
  const items = await db
    .select()
    .from(charges)
    .where(eq(charges.userId, userId))
    .orderBy(desc(charges.createdAt))
    .offset(offset)
    .limit(take);
  const [total] = await db.select({ n: count() }).from(charges).where(eq(charges.userId, userId));
  return { items, total: total?.n ?? 0 };
}

/** Unfinished charges untouched since `before`, for the reconciliation. */
export function staleOpenCharges(db: Db, before: Date) {
  return db
    .select()
    .from(charges)
    .where(and(isNull(charges.finishedAt), lt(charges.updatedAt, before)))
    .orderBy(asc(charges.updatedAt))
    .limit(200);
}

export async function nextTransactionId(db: Db) {
  const [row] = await db
    .select({ id: sql<string>`nextval('charge_ocpp_tx_seq')::text` })
    .from(sql`(values (1)) as one (x)`);
  if (!row) throw new Error('no transaction id');
  return row.id;
}

export async function insertOwnerCredit(tx: Db, row: typeof ownerCredits.$inferInsert) {
  await tx.insert(ownerCredits).values(row).onConflictDoNothing();
}

/** Every unfinished charge, oldest change first, for the reconciliation. */
export function openCharges(db: Db) {
  return db
    .select()
    .from(charges)
    .where(isNull(charges.finishedAt))
    .orderBy(asc(charges.updatedAt))
    .limit(500);
}

/** Charges that ended without a sale and whose hold is not yet voided (a crash in between). */
export function unreleasedHolds(db: Db) {
  return db
    .select()
    .from(charges)
    .where(
      and(
        inArray(charges.state, ['cancelled', 'failed']),
        sql`${charges.paymentId} is not null`,
        sql`${charges.held} > ${charges.released}`,
      ),
    )
    .limit(200);
}

/**
 * The meter columns of running charges, many in one statement (readings are gathered for a
 * second). It never moves a state, never touches a finished or settling charge, and never puts
 * back a reading older than the stored one (another process may hold the charger by now).
 */
export async function writeMeterReadings(db: Db, rows: readonly ChargeRow[]) {
  if (rows.length === 0) return;
  // The ids again as a list: PGlite keeps no statistics, and without it the planner reads every
  // open charge (through the bloated charges_open_idx) for each batch instead of each by its key.
  const ids = rows.map((r) => r.id);
  const values = sql.join(
    rows.map(
      (r) =>
        sql`(${r.id}::uuid, ${r.meterStart}::numeric, ${r.meterLast}::numeric, ${r.meterLastAt?.toISOString() ?? null}::timestamptz, ${r.energyWh}::numeric, ${r.energyRoseAt?.toISOString() ?? null}::timestamptz, ${r.powerW}::integer)`,
    ),
    sql`, `,
  );
  await db.execute(sql`
    update ${charges} set meter_start = v.meter_start, meter_last = v.meter_last,
      meter_last_at = v.meter_last_at, energy_wh = v.energy_wh,
      energy_rose_at = v.energy_rose_at, power_w = v.power_w, updated_at = now()
    from (values ${values}) as v (id, meter_start, meter_last, meter_last_at, energy_wh,
      energy_rose_at, power_w)
    where ${charges.id} = v.id and ${inArray(charges.id, ids)}
      and ${charges.state} in ('charging', 'stopping') and ${charges.finishedAt} is null
      and (${charges.meterLastAt} is null or ${charges.meterLastAt} <= v.meter_last_at)`);
}
