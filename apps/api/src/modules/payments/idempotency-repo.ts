import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { idempotencyRecords } from '../../db/schema/index.ts';

export type RecordRow = typeof idempotencyRecords.$inferSelect;

interface RecordKey {
  userId: string;
  scope: string;
  key: string;
}

const byKey = (k: RecordKey) =>
  and(
    eq(idempotencyRecords.userId, k.userId),
    eq(idempotencyRecords.scope, k.scope),
    eq(idempotencyRecords.key, k.key),
  );

const leaseEnd = (leaseMs: number) => sql`now() + ${`${String(leaseMs)} milliseconds`}::interval`;

/** Inserts a pending record owned by `owner`, or locks the one already there; answers the row. */
export async function insertOrLock(
  tx: Db,
  input: RecordKey & { fingerprint: string; owner: string; leaseMs: number },
): Promise<RecordRow> {
  const [inserted] = await tx
    .insert(idempotencyRecords)
    .values({
      userId: input.userId,
      scope: input.scope,
      key: input.key,
      fingerprint: input.fingerprint,
      status: 'pending',
      owner: input.owner,
      lockedUntil: leaseEnd(input.leaseMs),
    })
    .onConflictDoNothing()
    .returning();
  if (inserted) return inserted;
  const [existing] = await tx.select().from(idempotencyRecords).where(byKey(input)).for('update');
  if (!existing) throw new Error('idempotency record vanished under its lock');
  return existing;
}

export async function takeOver(tx: Db, k: RecordKey, owner: string, leaseMs: number) {
  await tx
    .update(idempotencyRecords)
    .set({ owner, lockedUntil: leaseEnd(leaseMs), updatedAt: sql`now()` })
    .where(byKey(k));
}

/** Locks the record if it is still pending under this owner. */
export async function lockOwned(tx: Db, k: RecordKey, owner: string) {
  const rows = await tx
    .select({ owner: idempotencyRecords.owner })
    .from(idempotencyRecords)
    .where(
      and(byKey(k), eq(idempotencyRecords.status, 'pending'), eq(idempotencyRecords.owner, owner)),
    )
    .for('update');
  return rows.length > 0;
}

export async function settle(
  tx: Db,
  k: RecordKey,
  owner: string,
  status: 'done' | 'failed',
  statusCode: number,
  result: unknown,
): Promise<RecordRow> {
  const [row] = await tx
    .update(idempotencyRecords)
    .set({ status, statusCode, result, updatedAt: sql`now()` })
    .where(and(byKey(k), eq(idempotencyRecords.owner, owner)))
    .returning();
  if (!row) throw new Error('idempotency record lost its owner while settled');
  return row;
}

/** Lets a retry resume at once: the request gave up without a definite answer. */
export async function lapse(db: Db, k: RecordKey, owner: string) {
  await db
    .update(idempotencyRecords)
    .set({ lockedUntil: sql`now()`, updatedAt: sql`now()` })
    .where(
      and(byKey(k), eq(idempotencyRecords.status, 'pending'), eq(idempotencyRecords.owner, owner)),
    );
}

/** Keeps a claim this request still works on for another `leaseMs`. */
export async function renew(db: Db, k: RecordKey, owner: string, leaseMs: number) {
  await db
    .update(idempotencyRecords)
    .set({ lockedUntil: leaseEnd(leaseMs) })
    .where(
      and(byKey(k), eq(idempotencyRecords.status, 'pending'), eq(idempotencyRecords.owner, owner)),
    );
}

export async function find(db: Db, k: RecordKey) {
  const [row] = await db.select().from(idempotencyRecords).where(byKey(k));
  return row;
}

/**
 * Takes a lapsed claim for the reconciliation, only if nobody has resumed it since it was read:
 * still pending, still the old owner's, and lapsed before `before`.
 */
export async function seize(
  db: Db,
  row: RecordRow,
  owner: string,
  leaseMs: number,
  before: Date,
): Promise<boolean> {
  const taken = await db
    .update(idempotencyRecords)
    .set({ owner, lockedUntil: leaseEnd(leaseMs), updatedAt: sql`now()` })
    .where(
      and(
        byKey(row),
        eq(idempotencyRecords.status, 'pending'),
        eq(idempotencyRecords.owner, row.owner),
        lt(idempotencyRecords.lockedUntil, before),
      ),
    )
    .returning({ owner: idempotencyRecords.owner });
  return taken.length > 0;
}

/** Pending records whose claim lapsed before `before`: their request died and nobody resumed. */
export function stale(db: Db, before: Date) {
  return db
    .select()
    .from(idempotencyRecords)
    .where(
      and(eq(idempotencyRecords.status, 'pending'), lt(idempotencyRecords.lockedUntil, before)),
    )
    .limit(200);
}
