import type { BeverageFillState } from '@stod/domain';
import { and, desc, eq, gte, inArray, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { beverageFills, beverageMachines, beverages, users } from '../../db/schema/index.ts';

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
