import type { BeverageFillState } from '@stod/domain';
import { and, desc, eq, gte, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  beverageFills,
  beverageMachines,
  beverages,
  stations,
  users,
} from '../../db/schema/index.ts';

export type FillRow = typeof beverageFills.$inferSelect;
export type FillPatch = Partial<Omit<FillRow, 'id' | 'hash' | 'createdAt'>>;

export async function machinesOf(db: Db, stationId: number) {
  return db
    .select()
    .from(beverageMachines)
    .where(eq(beverageMachines.stationId, stationId))
    .orderBy(beverageMachines.createdAt);
}

export async function beverageOf(db: Db, family: string) {
  const [row] = await db.select().from(beverages).where(eq(beverages.beverageFamily, family));
  return row ?? null;
}

export async function insertFill(db: Db, row: typeof beverageFills.$inferInsert) {
  const [inserted] = await db.insert(beverageFills).values(row).returning();
  return inserted ?? null;
}

/** The waiting fill a machine's printed code names. */
export async function pendingFillByCode(db: Db, code: string) {
  const [row] = await db
    .select()
    .from(beverageFills)
    .where(and(eq(beverageFills.code, code), eq(beverageFills.state, 'pending')));
  return row ?? null;
}

/** Whether staff have taken the machine out of service. */
export async function machineClosed(db: Db, machineId: string) {
  const [row] = await db
    .select({ closed: sql<boolean>`${beverageMachines.outOfServiceAt} is not null` })
    .from(beverageMachines)
    .where(eq(beverageMachines.id, machineId));
  return row?.closed ?? false;
}

/**
 * Takes one of a station's machines out of service or back, in one transaction with the state it
 * had before; null for no such machine at the station. It keeps the time it was first taken out.
 */
export async function setMachineOutOfService(
  db: Db,
  stationId: number,
  machineId: string,
  out: boolean,
) {
  return db.transaction(async (tx) => {
    const at = and(eq(beverageMachines.id, machineId), eq(beverageMachines.stationId, stationId));
    const [before] = await tx
      .select({ since: beverageMachines.outOfServiceAt })
      .from(beverageMachines)
      .where(at)
      .for('update');
    if (!before) return null;
    const [after] = await tx
      .update(beverageMachines)
      .set({
        outOfServiceAt: out ? sql`coalesce(${beverageMachines.outOfServiceAt}, now())` : null,
      })
      .where(at)
      .returning({ since: beverageMachines.outOfServiceAt });
    return { before: before.since, after: after?.since ?? null };
  });
}

export async function fillByHash(db: Db, hash: string) {
  const [row] = await db.select().from(beverageFills).where(eq(beverageFills.hash, hash));
  return row ?? null;
}

export async function findFill(db: Db, id: string) {
  const [row] = await db.select().from(beverageFills).where(eq(beverageFills.id, id));
  return row ?? null;
}

/** Takes a pending fill for this user: one request wins, however many race. */
export async function claim(db: Db, id: string, set: FillPatch) {
  const [row] = await db
    .update(beverageFills)
    .set(set)
    .where(and(eq(beverageFills.id, id), eq(beverageFills.state, 'pending')))
    .returning();
  return row ?? null;
}

export async function moveFill(
  db: Db,
  id: string,
  from: readonly BeverageFillState[],
  set: FillPatch,
) {
  const [row] = await db
    .update(beverageFills)
    .set(set)
    .where(and(eq(beverageFills.id, id), inArray(beverageFills.state, [...from])))
    .returning();
  return row ?? null;
}

/** The user's latest cup poured on a subscription since `since`, for fair use. */
export async function lastSubscriptionCup(db: Db, userId: string, since: Date) {
  const [row] = await db
    .select({ at: beverageFills.startedAt })
    .from(beverageFills)
    .where(
      and(
        eq(beverageFills.userId, userId),
        eq(beverageFills.kind, 'subscription'),
        inArray(beverageFills.state, ['pouring', 'poured']),
        isNotNull(beverageFills.startedAt),
        gte(beverageFills.startedAt, since),
      ),
    )
    .orderBy(desc(beverageFills.startedAt))
    .limit(1);
  return row?.at ?? null;
}

/** Holds the user's row until the transaction ends: one pour decision at a time per user. */
export async function lockUser(tx: Db, userId: string) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
}

/** Holds a fill until the transaction ends: one purchase decision at a time per code. */
export async function lockFill(tx: Db, id: string) {
  const [row] = await tx.select().from(beverageFills).where(eq(beverageFills.id, id)).for('update');
  return row ?? null;
}

export async function patchFill(db: Db, id: string, set: FillPatch) {
  const [row] = await db.update(beverageFills).set(set).where(eq(beverageFills.id, id)).returning();
  return row ?? null;
}

/** The fill a purchase request reserved, by the request's key. */
export async function fillOfRequest(db: Db, userId: string, requestKey: string) {
  const [row] = await db
    .select()
    .from(beverageFills)
    .where(and(eq(beverageFills.userId, userId), eq(beverageFills.requestKey, requestKey)));
  return row ?? null;
}

export async function fillOfSession(db: Db, gatewaySessionId: string) {
  const [row] = await db
    .select()
    .from(beverageFills)
    .where(eq(beverageFills.gatewaySessionId, gatewaySessionId));
  return row ?? null;
}

/** Names the payment of a purchase once: only while it waits for one. */
export async function setPayment(db: Db, id: string, paymentId: string) {
  const [row] = await db
    .update(beverageFills)
    .set({ paymentId })
    .where(
      and(
        eq(beverageFills.id, id),
        eq(beverageFills.state, 'paying'),
        isNull(beverageFills.paymentId),
      ),
    )
    .returning();
  return row ?? null;
}

/** Notes that the machine took the pour: from now on the cup is owed its price. */
export async function markPoured(db: Db, id: string, at: Date) {
  const [row] = await db
    .update(beverageFills)
    .set({ startedAt: at })
    .where(
      and(
        eq(beverageFills.id, id),
        inArray(beverageFills.state, ['pouring', 'poured']),
        isNull(beverageFills.startedAt),
      ),
    )
    .returning();
  return row ?? null;
}

/** Purchases without their receipt yet, chosen before `before`: for the reconciliation. */
export function openPurchases(db: Db, before: Date) {
  return db
    .select()
    .from(beverageFills)
    .where(
      and(
        sql`${beverageFills.kind} = 'purchase' and ${beverageFills.receiptId} is null`,
        inArray(beverageFills.state, ['paying', 'pouring', 'poured']),
        lt(beverageFills.createdAt, before),
      ),
    )
    .orderBy(beverageFills.createdAt)
    .limit(200);
}

/**
 * Cups pouring since before `before` whose end was never heard (the machine's "done" lost with a
 * crash or a dropped connection). A purchase still without its receipt is the purchase
 * reconciliation's to finish first.
 */
export function pouringSince(db: Db, before: Date) {
  return db
    .select()
    .from(beverageFills)
    .where(
      and(
        eq(beverageFills.state, 'pouring'),
        lt(beverageFills.startedAt, before),
        sql`(${beverageFills.kind} = 'subscription' or ${beverageFills.receiptId} is not null)`,
      ),
    )
    .orderBy(beverageFills.startedAt)
    .limit(200);
}

/** The name of the station a machine stands at, for the receipt. */
export async function stationNameOf(db: Db, machineId: string) {
  const [row] = await db
    .select({ name: stations.name })
    .from(beverageMachines)
    .innerJoin(stations, eq(stations.id, beverageMachines.stationId))
    .where(eq(beverageMachines.id, machineId));
  return row?.name ?? null;
}
