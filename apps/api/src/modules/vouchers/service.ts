import type { UserVoucher } from '@stod/domain';
import { and, asc, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { userVouchers, voucherCodes, voucherSpends } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { sha256 } from '../../lib/secrets.ts';

const TRIES_PER_USER_PER_HOUR = 10;
const TRIES_PER_IP_PER_HOUR = 30;

type Row = typeof userVouchers.$inferSelect;
const toView = (row: Row): UserVoucher => ({
  id: row.id,
  kind: row.kind,
  name: row.name,
  balance: row.balance,
  initialAmount: row.initialAmount,
  product: row.product,
  expiresAt: row.expiresAt.toISOString(),
  usedAt: row.usedAt?.toISOString() ?? null,
  redeemedAt: row.createdAt.toISOString(),
});

const live = (userId: string) =>
  and(eq(userVouchers.userId, userId), gt(userVouchers.expiresAt, sql`now()`));

export async function list(app: FastifyInstance, userId: string) {
  const rows = await app.db
    .select()
    .from(userVouchers)
    .where(eq(userVouchers.userId, userId))
    .orderBy(desc(userVouchers.createdAt));
  const now = Date.now();
  const balance = rows
    .filter((r) => r.expiresAt.getTime() > now && r.balance !== null)
    .reduce((sum, r) => sum + (r.balance ?? 0), 0);
  return { balance, items: rows.map(toView) };
}

/**
 * Redeems a code once. The claim is a conditional update, so two redemptions
 * of the same code at the same moment cannot both succeed.
 */
export async function redeem(app: FastifyInstance, userId: string, code: string, ip: string) {
  for (const [key, limit] of [
    [`voucher:user:${userId}`, TRIES_PER_USER_PER_HOUR],
    [`voucher:ip:${ip}`, TRIES_PER_IP_PER_HOUR],
  ] as const) {
    const hit = await app.counter.hit(key, limit, 3600);
    if (!hit.allowed) {
      throw new AppError(429, 'RATE_LIMITED', 'error.rateLimited', undefined, {
        'retry-after': String(hit.retryAfterSeconds),
      });
    }
  }
  const codeHash = sha256(code);
  const row = await app.db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(voucherCodes)
      .set({ redeemedBy: userId, redeemedAt: sql`now()` })
      .where(
        and(
          eq(voucherCodes.codeHash, codeHash),
          isNull(voucherCodes.redeemedAt),
          gt(voucherCodes.expiresAt, sql`now()`),
        ),
      )
      .returning();
    if (!claimed) return null;
    const [inserted] = await tx
      .insert(userVouchers)
      .values({
        userId,
        voucherCodeId: claimed.id,
        kind: claimed.kind,
        name: claimed.name,
        initialAmount: claimed.amount,
        balance: claimed.kind === 'product' ? null : claimed.amount,
        product: claimed.product,
        expiresAt: claimed.expiresAt,
      })
      .returning();
    return inserted ?? null;
  });
  if (row) return toView(row);
  const [known] = await app.db
    .select()
    .from(voucherCodes)
    .where(eq(voucherCodes.codeHash, codeHash));
  const fieldErrors = (
    key: 'error.voucherUnknown' | 'error.voucherUsed' | 'error.voucherExpired',
  ) => ({ code: key });
  if (!known)
    throw new AppError(
      422,
      'VOUCHER_UNKNOWN',
      'error.voucherUnknown',
      fieldErrors('error.voucherUnknown'),
    );
  if (known.redeemedAt)
    throw new AppError(422, 'VOUCHER_USED', 'error.voucherUsed', fieldErrors('error.voucherUsed'));
  throw new AppError(
    422,
    'VOUCHER_EXPIRED',
    'error.voucherExpired',
    fieldErrors('error.voucherExpired'),
  );
}

/**
 * Draws up to `amount` øre from the user's value vouchers, soonest expiry first,
 * and answers how much it drew. A repeat of the key draws nothing more and
 * answers the first draw. The payments service charges the card for the rest.
 */
export async function spendBalance(
  db: Db,
  userId: string,
  amount: number,
  key: string,
): Promise<number> {
  return db.transaction(async (tx) => {
    const earlier = await tx
      .select({ amount: voucherSpends.amount })
      .from(voucherSpends)
      .innerJoin(userVouchers, eq(userVouchers.id, voucherSpends.userVoucherId))
      .where(and(eq(userVouchers.userId, userId), eq(voucherSpends.idempotencyKey, key)));
    if (earlier.length > 0) return earlier.reduce((sum, s) => sum + s.amount, 0);
    const sources = await tx
      .select()
      .from(userVouchers)
      .where(and(live(userId), gt(userVouchers.balance, 0)))
      .orderBy(asc(userVouchers.expiresAt))
      .for('update');
    let left = amount;
    for (const source of sources) {
      if (left <= 0) break;
      const take = Math.min(left, source.balance ?? 0);
      await tx
        .update(userVouchers)
        .set({ balance: sql`${userVouchers.balance} - ${take}` })
        .where(eq(userVouchers.id, source.id));
      await tx
        .insert(voucherSpends)
        .values({ userVoucherId: source.id, idempotencyKey: key, amount: take });
      left -= take;
    }
    return amount - left;
  });
}

/** Issues a code; the seed uses it, and so can an operator's tooling. */
export async function issue(
  db: Db,
  input: {
    code: string;
    codeType: 'pin' | 'premium';
    kind: 'value' | 'gift_card' | 'product';
    name: string;
    amount?: number;
    product?: string;
    expiresAt: Date;
  },
) {
  await db
    .insert(voucherCodes)
    .values({
      codeHash: sha256(input.code),
      codeType: input.codeType,
      kind: input.kind,
      name: input.name,
      amount: input.amount ?? null,
      product: input.product ?? null,
      expiresAt: input.expiresAt,
    })
    .onConflictDoNothing();
}
