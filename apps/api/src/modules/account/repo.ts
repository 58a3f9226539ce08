import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
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
  await db
    .update(oneTimeCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(oneTimeCodes.userId, values.userId),
        eq(oneTimeCodes.purpose, values.purpose),
        isNull(oneTimeCodes.usedAt),
      ),
    );
  await db.insert(oneTimeCodes).values(values);
}

export async function findLiveCode(db: Db, userId: string, purpose: Purpose, maxAttempts: number) {
  const [row] = await db
    .select()
    .from(oneTimeCodes)
    .where(
      and(
        eq(oneTimeCodes.userId, userId),
        eq(oneTimeCodes.purpose, purpose),
        isNull(oneTimeCodes.usedAt),
        gt(oneTimeCodes.expiresAt, sql`now()`),
        lt(oneTimeCodes.attempts, maxAttempts),
      ),
    )
    .orderBy(desc(oneTimeCodes.createdAt))
    .limit(1);
  return row;
}

export async function countCodeAttempt(db: Db, id: string) {
  await db
    .update(oneTimeCodes)
    .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
    .where(eq(oneTimeCodes.id, id));
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
