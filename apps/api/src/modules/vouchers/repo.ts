import { and, asc, desc, eq, gt, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  users,
  userVouchers,
  voucherCodes,
  voucherOrders,
  voucherSpends,
} from '../../db/schema/index.ts';
import { containing } from '../../lib/like.ts';

export type UserVoucherRow = typeof userVouchers.$inferSelect;
export type NewUserVoucher = typeof userVouchers.$inferInsert;
export type NewVoucherCode = typeof voucherCodes.$inferInsert;
export type NewVoucherSpend = typeof voucherSpends.$inferInsert;

// ---------------------------------------------------------------------------------------------
// A user's vouchers.

/** Every voucher of the user, newest first. */
export function vouchersOf(db: Db, userId: string) {
  return db
    .select()
    .from(userVouchers)
    .where(and(eq(userVouchers.userId, userId), isNull(userVouchers.blockedAt)))
    .orderBy(desc(userVouchers.createdAt));
}

export async function insertUserVoucher(tx: Db, values: NewUserVoucher) {
  const [row] = await tx.insert(userVouchers).values(values).returning();
  return row;
}

/**
 * Locks the user's unexpired vouchers that have a balance, soonest expiry first, so two draws of
 * one user run one after the other.
 */
export function lockBalances(tx: Db, userId: string) {
  return tx
    .select()
    .from(userVouchers)
    .where(
      and(
        eq(userVouchers.userId, userId),
        gt(userVouchers.expiresAt, sql`now()`),
        gt(userVouchers.balance, 0),
        isNull(userVouchers.blockedAt),
      ),
    )
    .orderBy(asc(userVouchers.expiresAt))
    .for('update');
}

export async function drawBalance(tx: Db, userVoucherId: string, amount: number) {
  await tx
    .update(userVouchers)
    .set({ balance: sql`${userVouchers.balance} - ${amount}` })
    .where(eq(userVouchers.id, userVoucherId));
}

export async function restoreBalance(tx: Db, userVoucherId: string, amount: number) {
  await tx
    .update(userVouchers)
    .set({ balance: sql`${userVouchers.balance} + ${amount}` })
    .where(eq(userVouchers.id, userVoucherId));
}

/** Locks one product voucher of the user that is for this product, unused and unexpired at `now`. */
export async function lockProductVoucher(
  tx: Db,
  userId: string,
  userVoucherId: string,
  product: string,
  now: Date,
) {
  const [row] = await tx
    .select()
    .from(userVouchers)
    .where(
      and(
        eq(userVouchers.id, userVoucherId),
        eq(userVouchers.userId, userId),
        eq(userVouchers.kind, 'product'),
        eq(userVouchers.product, product),
        isNull(userVouchers.usedAt),
        isNull(userVouchers.blockedAt),
        gt(userVouchers.expiresAt, now),
      ),
    )
    .for('update');
  return row;
}

export async function setVoucherUsed(tx: Db, userVoucherId: string, usedAt: Date) {
  await tx.update(userVouchers).set({ usedAt }).where(eq(userVouchers.id, userVoucherId));
}

export async function clearVoucherUse(db: Db, userId: string, userVoucherId: string) {
  await db
    .update(userVouchers)
    .set({ usedAt: null })
    .where(and(eq(userVouchers.id, userVoucherId), eq(userVouchers.userId, userId)));
}

// ---------------------------------------------------------------------------------------------
// Spends: what a draw took from each voucher.

/** The amounts the user's draws under this key took. */
export function spendsOfKey(tx: Db, userId: string, key: string) {
  return tx
    .select({ amount: voucherSpends.amount })
    .from(voucherSpends)
    .innerJoin(userVouchers, eq(userVouchers.id, voucherSpends.userVoucherId))
    .where(and(eq(userVouchers.userId, userId), eq(voucherSpends.idempotencyKey, key)));
}

export async function insertSpend(tx: Db, values: NewVoucherSpend) {
  await tx.insert(voucherSpends).values(values);
}

/** The spends to give back: those of one user's key, or those that paid with one payment. */
export type SpendsToReturn = { userId: string; key: string } | { paymentId: string };

/** Locks the spends to give back, with the voucher each took from. */
export function lockSpends(tx: Db, which: SpendsToReturn) {
  return tx
    .select({
      id: voucherSpends.id,
      userVoucherId: voucherSpends.userVoucherId,
      amount: voucherSpends.amount,
    })
    .from(voucherSpends)
    .innerJoin(userVouchers, eq(userVouchers.id, voucherSpends.userVoucherId))
    .where(
      'paymentId' in which
        ? eq(voucherSpends.paymentId, which.paymentId)
        : and(eq(userVouchers.userId, which.userId), eq(voucherSpends.idempotencyKey, which.key)),
    )
    .for('update');
}

export async function deleteSpend(tx: Db, id: string) {
  await tx.delete(voucherSpends).where(eq(voucherSpends.id, id));
}

// ---------------------------------------------------------------------------------------------
// Codes and the orders that issued them.

/** Marks an unredeemed, unexpired code redeemed by the user; answers it, or nothing. */
export async function claimCode(tx: Db, codeHash: string, userId: string) {
  const [row] = await tx
    .update(voucherCodes)
    .set({ redeemedBy: userId, redeemedAt: sql`now()` })
    .where(
      and(
        eq(voucherCodes.codeHash, codeHash),
        isNull(voucherCodes.redeemedAt),
        isNull(voucherCodes.blockedAt),
        gt(voucherCodes.expiresAt, sql`now()`),
      ),
    )
    .returning();
  return row;
}

export async function findCode(db: Db, codeHash: string) {
  const [row] = await db.select().from(voucherCodes).where(eq(voucherCodes.codeHash, codeHash));
  return row;
}

/** Inserts a code unless its hash exists; answers its id, or nothing when it existed. */
export async function insertCode(db: Db, values: NewVoucherCode) {
  const [row] = await db
    .insert(voucherCodes)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: voucherCodes.id });
  return row;
}

/** Keeps an order under its key; answers nothing when the key was kept already. */
export async function insertOrder(tx: Db, key: string, count: number) {
  const [row] = await tx
    .insert(voucherOrders)
    .values({ key, count })
    .onConflictDoNothing()
    .returning({ key: voucherOrders.key });
  return row;
}

/** Which codes a staff search means: one code, one id, words of the name, one batch. */
export interface CodeFilter {
  codeHash?: string;
  id?: string;
  text?: string;
  batch?: string;
}

function codeWhere(filter: CodeFilter): SQL | undefined {
  const anyOf = [
    filter.codeHash ? eq(voucherCodes.codeHash, filter.codeHash) : undefined,
    filter.id ? eq(voucherCodes.id, filter.id) : undefined,
    filter.text ? ilike(voucherCodes.name, containing(filter.text)) : undefined,
    filter.text ? ilike(voucherCodes.orderKey, containing(filter.text)) : undefined,
  ].filter((c) => c !== undefined);
  return and(
    anyOf.length > 0 ? or(...anyOf) : undefined,
    filter.batch ? eq(voucherCodes.orderKey, filter.batch) : undefined,
  );
}

/** A page of the codes, newest first, each with who redeemed it. */
export function pageOfCodes(db: Db, filter: CodeFilter, offset: number, take: number) {
  return db
    .select({
      code: voucherCodes,
      redeemerName: users.name,
      redeemerEmail: users.email,
    })
    .from(voucherCodes)
    .leftJoin(users, eq(users.id, voucherCodes.redeemedBy))
    .where(codeWhere(filter))
    .orderBy(desc(voucherCodes.createdAt), desc(voucherCodes.id))
    .offset(offset)
    .limit(take);
}

/** How many codes the filter holds, as one row. */
export function countCodes(db: Db, filter: CodeFilter) {
  return db
    .select({ n: sql<number>`count(*)::int` })
    .from(voucherCodes)
    .where(codeWhere(filter));
}

/**
 * Blocks a code or lets it go again, with the voucher a customer may have redeemed from it, in
 * one transaction; a code blocked twice keeps the time it was first blocked. Null: no such code.
 */
export async function setCodeBlocked(db: Db, id: string, blocked: boolean) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(voucherCodes)
      .set({ blockedAt: blocked ? sql`coalesce(${voucherCodes.blockedAt}, now())` : null })
      .where(eq(voucherCodes.id, id))
      .returning({ id: voucherCodes.id, blockedAt: voucherCodes.blockedAt });
    if (!row) return null;
    await tx
      .update(userVouchers)
      .set({ blockedAt: row.blockedAt })
      .where(eq(userVouchers.voucherCodeId, row.id));
    return row;
  });
}

/**
 * What the network owes on its gift cards and value vouchers at `now`, by kind: the balances left
 * in customers' wallets, and the amounts of codes sold or given that nobody has redeemed yet.
 * Blocked and expired ones are owed nothing.
 */
export async function liabilityAt(db: Db, now: Date) {
  const [wallets, codes] = await Promise.all([
    db
      .select({
        kind: userVouchers.kind,
        amount: sql<string>`coalesce(sum(${userVouchers.balance}), 0)::bigint`,
        count: sql<number>`count(*)::int`,
      })
      .from(userVouchers)
      .where(
        and(
          gt(userVouchers.balance, 0),
          gt(userVouchers.expiresAt, now),
          isNull(userVouchers.blockedAt),
        ),
      )
      .groupBy(userVouchers.kind),
    db
      .select({
        kind: voucherCodes.kind,
        amount: sql<string>`coalesce(sum(${voucherCodes.amount}), 0)::bigint`,
        count: sql<number>`count(*)::int`,
      })
      .from(voucherCodes)
      .where(
        and(
          isNull(voucherCodes.redeemedAt),
          isNull(voucherCodes.blockedAt),
          gt(voucherCodes.expiresAt, now),
          gt(voucherCodes.amount, 0),
        ),
      )
      .groupBy(voucherCodes.kind),
  ]);
  return { wallets, codes };
}
