import { and, desc, eq, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { chargerNotices, chargerTransactions, chargers, charges } from '../../db/schema/index.ts';

/** The charger transactions and notices: every transaction a charger reports, billed or not. */

export type ChargerTxRow = typeof chargerTransactions.$inferSelect;
export type ChargerTxPatch = Partial<Omit<ChargerTxRow, 'id' | 'chargerId' | 'transactionId'>>;

export async function findTx(db: Db, chargerId: string, transactionId: string) {
  const [row] = await db
    .select()
    .from(chargerTransactions)
    .where(
      and(
        eq(chargerTransactions.chargerId, chargerId),
        eq(chargerTransactions.transactionId, transactionId),
      ),
    );
  return row ?? null;
}

/** Records a transaction once; a repeat (or a twin that won the race) answers the stored row. */
export async function recordTx(
  db: Db,
  row: typeof chargerTransactions.$inferInsert,
): Promise<ChargerTxRow> {
  const [inserted] = await db
    .insert(chargerTransactions)
    .values(row)
    .onConflictDoNothing()
    .returning();
  if (inserted) return inserted;
  const stored = await findTx(db, row.chargerId, row.transactionId);
  if (!stored) throw new Error('charger transaction neither inserted nor found');
  return stored;
}

export async function patchTx(db: Db, id: string, set: ChargerTxPatch) {
  const [row] = await db
    .update(chargerTransactions)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(chargerTransactions.id, id))
    .returning();
  return row ?? null;
}

/**
 * Notes a 2.0.1 event's number (once, however often it is sent); answers whether every number
 * up to the highest has been heard.
 */
export async function noteSeqNo(db: Db, chargerId: string, transactionId: string, seqNo: number) {
  const [row] = await db
    .update(chargerTransactions)
    .set({
      seqNos: sql`case when ${seqNo}::integer = any(${chargerTransactions.seqNos})
        then ${chargerTransactions.seqNos}
        else array_append(${chargerTransactions.seqNos}, ${seqNo}::integer) end`,
    })
    .where(
      and(
        eq(chargerTransactions.chargerId, chargerId),
        eq(chargerTransactions.transactionId, transactionId),
      ),
    )
    .returning({ seqNos: chargerTransactions.seqNos });
  const heard = row?.seqNos ?? [];
  return heard.length === Math.max(-1, ...heard) + 1;
}

/** Marks a stop as asked for, unless one was asked for since `since`; true when this one may go. */
export async function claimStopRequest(db: Db, id: string, now: Date, since: Date) {
  const [row] = await db
    .update(chargerTransactions)
    .set({ stopRequestedAt: now, updatedAt: now })
    .where(
      and(
        eq(chargerTransactions.id, id),
        isNull(chargerTransactions.endedAt),
        or(
          isNull(chargerTransactions.stopRequestedAt),
          lt(chargerTransactions.stopRequestedAt, since),
        ),
      ),
    )
    .returning({ id: chargerTransactions.id });
  return Boolean(row);
}

/** A transaction on a connector that no charge is billed for yet and that has not ended. */
export async function unlinkedOpenTxAt(db: Db, chargerId: string, connectorId: number) {
  const [row] = await db
    .select()
    .from(chargerTransactions)
    .where(
      and(
        eq(chargerTransactions.chargerId, chargerId),
        eq(chargerTransactions.connectorId, connectorId),
        isNull(chargerTransactions.endedAt),
        isNull(chargerTransactions.chargeId),
      ),
    )
    .orderBy(desc(chargerTransactions.startedAt))
    .limit(1);
  return row ?? null;
}

/** Unbilled transactions still running, for the reconciliation to ask their stop again. */
export function runningUnbilled(db: Db, before: Date) {
  return db
    .select({ tx: chargerTransactions, identity: chargers.identity })
    .from(chargerTransactions)
    .innerJoin(chargers, eq(chargers.id, chargerTransactions.chargerId))
    .where(
      and(
        eq(chargerTransactions.billing, 'unbilled'),
        isNull(chargerTransactions.endedAt),
        or(
          isNull(chargerTransactions.stopRequestedAt),
          lt(chargerTransactions.stopRequestedAt, before),
        ),
      ),
    )
    .limit(200);
}

/** The transactions no one is billed for, newest first, for operators. */
/** A page of charger transactions matching `where`, newest first, with the charger's identity. */
async function pageOfTransactions(db: Db, where: SQL | undefined, offset: number, take: number) {
  const items = await db
    .select({ tx: chargerTransactions, identity: chargers.identity })
    .from(chargerTransactions)
    .innerJoin(chargers, eq(chargers.id, chargerTransactions.chargerId))
    .where(where)
    .orderBy(desc(chargerTransactions.startedAt))
    .offset(offset)
    .limit(take);
  const [total] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(chargerTransactions)
    .where(where);
  return { items, total: total?.n ?? 0 };
}

export const listUnbilled = (db: Db, offset: number, take: number) =>
  pageOfTransactions(db, ne(chargerTransactions.billing, 'billed'), offset, take);

/** Every transaction one charger reported, billed or not. */
export const listOfCharger = (db: Db, chargerId: string, offset: number, take: number) =>
  pageOfTransactions(db, eq(chargerTransactions.chargerId, chargerId), offset, take);

/** Charges closed from what was known, for operators to look at. */
export async function listForReview(db: Db, offset: number, take: number) {
  const where = sql`${charges.reviewReason} is not null`;
  const items = await db
    .select({ charge: charges, identity: chargers.identity })
    .from(charges)
    .innerJoin(chargers, eq(chargers.id, charges.chargerId))
    .where(where)
    .orderBy(desc(charges.updatedAt))
    .offset(offset)
    .limit(take);
  const [total] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(charges)
    .where(where);
  return { items, total: total?.n ?? 0 };
}

export async function insertNotice(db: Db, row: typeof chargerNotices.$inferInsert) {
  await db.insert(chargerNotices).values(row);
}

export async function listNotices(db: Db, chargerId: string, take: number) {
  return db
    .select()
    .from(chargerNotices)
    .where(eq(chargerNotices.chargerId, chargerId))
    .orderBy(desc(chargerNotices.at))
    .limit(take);
}

/** A refused 1.6 start sent again: same charger, connector, tag and start time. */
export async function findStart(
  db: Db,
  chargerId: string,
  connectorId: number,
  idTag: string,
  at: Date,
) {
  const [row] = await db
    .select()
    .from(chargerTransactions)
    .where(
      and(
        eq(chargerTransactions.chargerId, chargerId),
        eq(chargerTransactions.connectorId, connectorId),
        eq(chargerTransactions.idTag, idTag),
        eq(chargerTransactions.startedAt, at),
      ),
    )
    .limit(1);
  return row ?? null;
}
