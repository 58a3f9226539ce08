import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { prepared } from '../../db/prepared.ts';
import { oneTimeCodes, users } from '../../db/schema/index.ts';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
type Purpose = (typeof oneTimeCodes.$inferInsert)['purpose'];

const userById = (db: Db) =>
  db
    .select()
    .from(users)
    .where(and(eq(users.id, sql.placeholder('id')), isNull(users.deletedAt)))
    .limit(1)
    .prepare('user_by_id');

/** The signed-in user, read on most requests: a prepared statement. */
export async function findUserById(db: Db, id: string) {
  const [row] = await prepared(db, 'user_by_id', userById).execute({ id });
  return row;
}

export async function findUserByEmail(db: Db, email: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.email, email), isNull(users.deletedAt)))
    .limit(1);
  return row;
}

export async function insertUser(db: Db, values: NewUser) {
  const [row] = await db.insert(users).values(values).returning();
  if (!row) throw new Error('user insert returned nothing');
  return row;
}

export async function updateUser(db: Db, id: string, values: Partial<NewUser>) {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .returning();
  return row;
}

/** Strips personal data but keeps the row, so records that point at it stay whole. */
export async function anonymiseUser(db: Db, id: string) {
  await db
    .update(users)
    .set({
      email: `deleted-${id}@deleted.invalid`,
      passwordHash: null,
      name: '',
      address: '',
      postCode: '',
      city: '',
      mobile: '',
      pNumber: null,
      vNumber: null,
      emailVerified: false,
      deletedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, id));
  await db.delete(oneTimeCodes).where(eq(oneTimeCodes.userId, id));
}

/** Voids the unused codes of a purpose, so none of them works any more. */
export async function retireCodes(db: Db, userId: string, purpose: Purpose) {
  await db
    .update(oneTimeCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(oneTimeCodes.userId, userId),
        eq(oneTimeCodes.purpose, purpose),
        isNull(oneTimeCodes.usedAt),
      ),
    );
}

/** Issues a code and retires the earlier unused codes of the same purpose. */
export async function insertCode(
  db: Db,
  values: {
    userId: string;
    purpose: Purpose;
    codeHash: string;
    targetEmail?: string;
    expiresAt: Date;
  },
) {
  await retireCodes(db, values.userId, values.purpose);
  await db.insert(oneTimeCodes).values(values);
}

/**
 * Takes one try of the live code in a single conditional update, and returns the code; a
 * code whose tries are used up is not returned. Parallel tries are each counted, none lost.
 */
export async function claimCodeTry(db: Db, userId: string, purpose: Purpose, maxAttempts: number) {
  const rows = await db
    .update(oneTimeCodes)
    .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
    .where(
      and(
        eq(oneTimeCodes.userId, userId),
        eq(oneTimeCodes.purpose, purpose),
        isNull(oneTimeCodes.usedAt),
        gt(oneTimeCodes.expiresAt, sql`now()`),
        lt(oneTimeCodes.attempts, maxAttempts),
      ),
    )
    .returning();
  // insertCode leaves one live code per purpose; should two meet, the newest counts.
  return rows.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0];
}

/**
 * Marks a live code used and returns it; a second caller with the same code gets
 * nothing, so a link or code works exactly once even under concurrent requests.
 */
export async function consumeCodeByHash(db: Db, purpose: Purpose, codeHash: string) {
  const [row] = await db
    .update(oneTimeCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(oneTimeCodes.codeHash, codeHash),
        eq(oneTimeCodes.purpose, purpose),
        isNull(oneTimeCodes.usedAt),
        gt(oneTimeCodes.expiresAt, sql`now()`),
      ),
    )
    .returning();
  return row;
}

export async function consumeCodeById(db: Db, id: string) {
  const [row] = await db
    .update(oneTimeCodes)
    .set({ usedAt: sql`now()` })
    .where(and(eq(oneTimeCodes.id, id), isNull(oneTimeCodes.usedAt)))
    .returning({ id: oneTimeCodes.id });
  return row;
}
