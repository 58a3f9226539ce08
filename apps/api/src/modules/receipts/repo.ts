import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { prepared } from '../../db/prepared.ts';
import { receipts } from '../../db/schema/index.ts';

export type ReceiptRow = typeof receipts.$inferSelect;

/** A page of the user's receipts with the count of them all in each row. */
const receiptPage = (db: Db) =>
  db
    .select({ receipt: receipts, total: sql<number>`(count(*) over ())::int` })
    .from(receipts)
    .where(eq(receipts.userId, sql.placeholder('userId')))
    .orderBy(desc(receipts.createdAt), desc(receipts.id))
    .offset(sql.placeholder('offset'))
    .limit(sql.placeholder('take'))
    .prepare('receipt_page');

/**
 * A page of the user's receipts, newest first, and how many there are: the count comes with the
 * page's rows, so one prepared query answers both; only a page past the end needs a count of its
 * own.
 */
export async function listReceipts(db: Db, userId: string, offset: number, take: number) {
  const rows = await prepared(db, 'receipt_page', receiptPage).execute({ userId, offset, take });
  const first = rows[0];
  if (first) return { items: rows.map((row) => row.receipt), total: first.total };
  if (offset === 0) return { items: [], total: 0 };
  const [count] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(receipts)
    .where(eq(receipts.userId, userId));
  return { items: [], total: count?.total ?? 0 };
}

export async function findReceipt(db: Db, userId: string, id: string) {
  const [row] = await db
    .select()
    .from(receipts)
    .where(and(eq(receipts.userId, userId), eq(receipts.id, id)));
  return row;
}

/** Writes a receipt; a second one for the same payment is not written (null answers that). */
export async function insertReceipt(db: Db, values: typeof receipts.$inferInsert) {
  const [row] = await db.insert(receipts).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function receiptOfCredit(db: Db, creditKey: string) {
  const [row] = await db.select().from(receipts).where(eq(receipts.creditKey, creditKey));
  return row;
}

export async function receiptOfPayment(db: Db, paymentId: string) {
  const [row] = await db.select().from(receipts).where(eq(receipts.paymentId, paymentId));
  return row;
}
