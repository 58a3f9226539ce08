import type { StationTransactionService, StationTransactionState } from '@stod/domain';
import { and, asc, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  payments,
  stationPoints,
  stations,
  stationTransactions,
  users,
} from '../../db/schema/index.ts';

export type TransactionRow = typeof stationTransactions.$inferSelect;
export type NewTransaction = typeof stationTransactions.$inferInsert;
export type TransactionPatch = Partial<
  Omit<TransactionRow, 'id' | 'userId' | 'service' | 'createdAt'>
>;

export async function find(db: Db, id: string) {
  const [row] = await db.select().from(stationTransactions).where(eq(stationTransactions.id, id));
  return row ?? null;
}

export async function findOwned(db: Db, userId: string, id: string) {
  const [row] = await db
    .select()
    .from(stationTransactions)
    .where(and(eq(stationTransactions.id, id), eq(stationTransactions.userId, userId)));
  return row ?? null;
}

export async function findByRequestKey(db: Db, userId: string, requestKey: string) {
  const [row] = await db
    .select()
    .from(stationTransactions)
    .where(
      and(eq(stationTransactions.userId, userId), eq(stationTransactions.requestKey, requestKey)),
    );
  return row ?? null;
}

/**
 * The user's unfinished transaction: the one that runs, else a stopped wash waiting for staff
 * (what the user may start beside either is the domain's `startRefusal`).
 */
export async function openOfUser(db: Db, userId: string) {
  const [row] = await db
    .select()
    .from(stationTransactions)
    .where(and(eq(stationTransactions.userId, userId), isNull(stationTransactions.finishedAt)))
    .orderBy(sql`${stationTransactions.state} = 'stopped'`, desc(stationTransactions.createdAt))
    .limit(1);
  return row ?? null;
}

export async function openAtPoint(
  db: Db,
  stationId: number,
  service: StationTransactionService,
  point: number,
) {
  const [row] = await db
    .select()
    .from(stationTransactions)
    .where(
      and(
        eq(stationTransactions.stationId, stationId),
        eq(stationTransactions.service, service),
        eq(stationTransactions.point, point),
        isNull(stationTransactions.finishedAt),
      ),
    );
  return row ?? null;
}

/** The fill a pump delivers now, found by the site's own name for the station. */
export async function fuellingAtPump(db: Db, site: string, pump: number) {
  const [row] = await db
    .select()
    .from(stationTransactions)
    .where(
      and(
        eq(stationTransactions.site, site),
        eq(stationTransactions.service, 'fuel'),
        eq(stationTransactions.point, pump),
        eq(stationTransactions.state, 'fuelling'),
        isNull(stationTransactions.finishedAt),
      ),
    );
  return row ?? null;
}

export function openAtStation(db: Db, stationId: number) {
  return db
    .select()
    .from(stationTransactions)
    .where(
      and(eq(stationTransactions.stationId, stationId), isNull(stationTransactions.finishedAt)),
    );
}

/**
 * Serialises a user's station requests: the reservation checks run one at a time per user. No
 * key update, because the claim's own insert already holds a key-share lock on the user's row
 * (its foreign key): a full update lock there deadlocks parallel claims on PostgreSQL.
 */
export async function lockUser(tx: Db, userId: string) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
}

/** Inserts the reservation; null when the pump or bay (or the user) already has an open one. */
export async function insertReservation(tx: Db, row: NewTransaction) {
  const [inserted] = await tx
    .insert(stationTransactions)
    .values(row)
    .onConflictDoNothing()
    .returning();
  return inserted ?? null;
}

/**
 * Moves a transaction on only from one of `from` (and only while it is open, unless it is
 * being closed from 'stopped'): the one guard against two processes or a late event moving it
 * twice. Answers the row as moved, or null when something else moved it first.
 */
export async function transition(
  db: Db,
  id: string,
  from: readonly StationTransactionState[],
  set: TransactionPatch,
) {
  const [row] = await db
    .update(stationTransactions)
    .set({ ...set, updatedAt: new Date() })
    .where(
      and(
        eq(stationTransactions.id, id),
        inArray(stationTransactions.state, [...from]),
        isNull(stationTransactions.finishedAt),
      ),
    )
    .returning();
  return row ?? null;
}

/** Writes what does not move the state (progress, the connection flag) while it is open. */
export async function patchOpen(db: Db, id: string, set: TransactionPatch) {
  const [row] = await db
    .update(stationTransactions)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(stationTransactions.id, id), isNull(stationTransactions.finishedAt)))
    .returning();
  return row ?? null;
}

/** Writes the money of a settled transaction, whatever its state; the steps are keyed. */
export async function patch(db: Db, id: string, set: TransactionPatch) {
  const [row] = await db
    .update(stationTransactions)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(stationTransactions.id, id))
    .returning();
  return row ?? null;
}

export async function lock(tx: Db, id: string) {
  const [row] = await tx
    .select()
    .from(stationTransactions)
    .where(eq(stationTransactions.id, id))
    .for('update');
  return row ?? null;
}

/** Open transactions not touched since `before`, oldest first, for the reconciliation. */
export function openSince(db: Db, before: Date, limit = 200) {
  return db
    .select()
    .from(stationTransactions)
    .where(and(isNull(stationTransactions.finishedAt), lt(stationTransactions.updatedAt, before)))
    .orderBy(asc(stationTransactions.updatedAt))
    .limit(limit);
}

/** The open transactions of one site, for the journal query after it reconnects. */
export function openAtSite(db: Db, site: string, limit = 200) {
  return db
    .select()
    .from(stationTransactions)
    .where(and(isNull(stationTransactions.finishedAt), eq(stationTransactions.site, site)))
    .orderBy(asc(stationTransactions.updatedAt))
    .limit(limit);
}

/**
 * Transactions whose money step did not follow their state: a hold still open although the
 * transaction ended or its service began (a crash between the two writes).
 */
export function moneyBehind(db: Db, limit = 200) {
  return db
    .select({ tx: stationTransactions })
    .from(stationTransactions)
    .innerJoin(payments, eq(payments.id, stationTransactions.paymentId))
    .where(
      and(
        eq(payments.status, 'authorised'),
        sql`${stationTransactions.state} in ('settling', 'countdown', 'washing', 'stopped', 'completed', 'cancelled', 'expired', 'failed')`,
      ),
    )
    .limit(limit);
}

/**
 * The running figures (litres, amount, seconds left) of open transactions, many in one
 * statement (they are gathered for a second); each only while its transaction is still open in
 * the state the figure was read in, so a late batch never undoes a sale or a state's own write.
 */
export async function writeFigures(db: Db, rows: readonly TransactionRow[]) {
  if (rows.length === 0) return;
  // The ids again as a list, so that each row is found by its key (see writeMeterReadings).
  const ids = rows.map((r) => r.id);
  const values = sql.join(
    rows.map(
      (r) =>
        sql`(${r.id}::uuid, ${r.state}::text, ${r.volumeMl}::integer, ${r.amount}::integer, ${r.remainingSeconds}::integer)`,
    ),
    sql`, `,
  );
  await db.execute(sql`
    update ${stationTransactions} set volume_ml = v.volume_ml, amount = v.amount,
      remaining_seconds = v.remaining_seconds, updated_at = now()
    from (values ${values}) as v (id, state, volume_ml, amount, remaining_seconds)
    where ${stationTransactions.id} = v.id and ${inArray(stationTransactions.id, ids)}
      and ${stationTransactions.state} = v.state
      and ${stationTransactions.finishedAt} is null`);
}

/** Whether a pump-system id names one of the installation's stations (a site that may connect). */
export async function siteExists(db: Db, site: string) {
  const [row] = await db
    .select({ id: stations.id })
    .from(stations)
    .where(eq(stations.tokheimStationId, site))
    .limit(1);
  return row !== undefined;
}

/** The pumps (fuel) or bays (carwash) of a station that staff took out of service. */
export async function closedPoints(db: Db, stationId: number, service: StationTransactionService) {
  const rows = await db
    .select({ number: stationPoints.number })
    .from(stationPoints)
    .where(
      and(
        eq(stationPoints.stationId, stationId),
        eq(stationPoints.kind, service === 'fuel' ? 'pump' : 'bay'),
        sql`${stationPoints.outOfServiceAt} is not null`,
      ),
    );
  return new Set(rows.map((r) => r.number));
}
