import {
  kronerDecimal,
  localized,
  normaliseVoucherCode,
  type Locale,
  type UserVoucher,
  type VoucherIssue,
} from '@stod/domain';
import type { ServiceContext } from '../../platform/context.ts';
import type { Db } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { toCsv } from '../../lib/csv.ts';
import { randomInt, randomUUID } from 'node:crypto';
import { sha256 } from '../../lib/secrets.ts';
import * as repo from './repo.ts';

const TRIES_PER_USER_PER_HOUR = 10;
const TRIES_PER_IP_PER_HOUR = 30;

const toView = (row: repo.UserVoucherRow, locale: Locale): UserVoucher => ({
  id: row.id,
  kind: row.kind,
  name: localized(row.name, row.nameEn, locale),
  balance: row.balance,
  initialAmount: row.initialAmount,
  product: row.product,
  expiresAt: row.expiresAt.toISOString(),
  usedAt: row.usedAt?.toISOString() ?? null,
  redeemedAt: row.createdAt.toISOString(),
});

export async function list(ctx: ServiceContext, userId: string, locale: Locale) {
  const rows = await repo.vouchersOf(ctx.db, userId);
  const now = Date.now();
  const balance = rows
    .filter((r) => r.expiresAt.getTime() > now && r.balance !== null)
    .reduce((sum, r) => sum + (r.balance ?? 0), 0);
  return { balance, items: rows.map((row) => toView(row, locale)) };
}

/**
 * Redeems a code once. The claim is a conditional update, so two redemptions
 * of the same code at the same moment cannot both succeed.
 */
export async function redeem(
  ctx: ServiceContext,
  userId: string,
  code: string,
  ip: string,
  locale: Locale,
) {
  for (const [key, limit] of [
    [`voucher:user:${userId}`, TRIES_PER_USER_PER_HOUR],
    [`voucher:ip:${ip}`, TRIES_PER_IP_PER_HOUR],
  ] as const) {
    const hit = await ctx.counter.hit(key, limit, 3600);
    if (!hit.allowed) {
      throw new AppError(429, 'RATE_LIMITED', 'error.rateLimited', undefined, {
        'retry-after': String(hit.retryAfterSeconds),
      });
    }
  }
  const codeHash = sha256(code);
  const row = await ctx.db.transaction(async (tx) => {
    const claimed = await repo.claimCode(tx, codeHash, userId);
    if (!claimed) return null;
    const inserted = await repo.insertUserVoucher(tx, {
      userId,
      voucherCodeId: claimed.id,
      kind: claimed.kind,
      name: claimed.name,
      nameEn: claimed.nameEn,
      initialAmount: claimed.amount,
      balance: claimed.kind === 'product' ? null : claimed.amount,
      product: claimed.product,
      expiresAt: claimed.expiresAt,
    });
    return inserted ?? null;
  });
  if (row) return toView(row, locale);
  const known = await repo.findCode(ctx.db, codeHash);
  const fieldErrors = (
    key:
      | 'error.voucherUnknown'
      | 'error.voucherUsed'
      | 'error.voucherExpired'
      | 'error.voucherBlocked',
  ) => ({ code: key });
  if (!known)
    throw new AppError(
      422,
      'VOUCHER_UNKNOWN',
      'error.voucherUnknown',
      fieldErrors('error.voucherUnknown'),
    );
  if (known.blockedAt)
    throw new AppError(
      422,
      'VOUCHER_BLOCKED',
      'error.voucherBlocked',
      fieldErrors('error.voucherBlocked'),
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
  link: { paymentId?: string } = {},
): Promise<number> {
  return db.transaction(async (tx) => {
    // The balance rows are locked before anything is read, so two draws of one user (or two
    // repeats of one key) run one after the other and the second sees the first's spends.
    const sources = await repo.lockBalances(tx, userId);
    const earlier = await repo.spendsOfKey(tx, userId, key);
    if (earlier.length > 0) return earlier.reduce((sum, s) => sum + s.amount, 0);
    let left = amount;
    for (const source of sources) {
      if (left <= 0) break;
      const take = Math.min(left, source.balance ?? 0);
      await repo.drawBalance(tx, source.id, take);
      await repo.insertSpend(tx, {
        userVoucherId: source.id,
        idempotencyKey: key,
        amount: take,
        paymentId: link.paymentId ?? null,
      });
      left -= take;
    }
    return amount - left;
  });
}

/**
 * Gives back what `spendBalance` drew under `key`, for a purchase that did not go through. A
 * second call finds nothing left to give back.
 */
export function returnBalance(db: Db, userId: string, key: string): Promise<number> {
  return giveBack(db, { userId, key });
}

/** Gives back every draw that paid with a payment the reconciliation voided or refunded. */
export function returnBalanceOfPayment(db: Db, paymentId: string): Promise<number> {
  return giveBack(db, { paymentId });
}

async function giveBack(db: Db, which: repo.SpendsToReturn): Promise<number> {
  return db.transaction(async (tx) => {
    const spends = await repo.lockSpends(tx, which);
    for (const spend of spends) {
      await repo.restoreBalance(tx, spend.userVoucherId, spend.amount);
      await repo.deleteSpend(tx, spend.id);
    }
    return spends.reduce((sum, s) => sum + s.amount, 0);
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
    nameEn?: string;
    amount?: number;
    product?: string;
    expiresAt: Date;
  },
) {
  await repo.insertCode(db, {
    codeHash: sha256(input.code),
    codeType: input.codeType,
    kind: input.kind,
    name: input.name,
    nameEn: input.nameEn ?? null,
    amount: input.amount ?? null,
    product: input.product ?? null,
    expiresAt: input.expiresAt,
  });
}

/** Letters and digits that cannot be mistaken for each other when read aloud or typed. */
const PREMIUM_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A new code as a person reads it: `8421 0937` (PIN) or `K7QM-4TZP-9HWA` (premium). */
export function newVoucherCode(codeType: 'pin' | 'premium'): string {
  const pick = (alphabet: string, n: number) =>
    Array.from({ length: n }, () => alphabet[randomInt(alphabet.length)]).join('');
  if (codeType === 'pin') return `${pick('0123456789', 4)} ${pick('0123456789', 4)}`;
  return [0, 1, 2].map(() => pick(PREMIUM_ALPHABET, 4)).join('-');
}

/**
 * Issues an operator's order of codes and answers each code once: only their hashes are
 * stored. The order is kept under its key first, so a repeat of the key (an answer lost on the
 * way) issues nothing and answers 409. A generated code that happens to exist already is drawn
 * again; a chosen one that exists is refused with 409 and nothing is issued.
 */
export async function issueCodes(db: Db, order: VoucherIssue, orderKey: string = randomUUID()) {
  const expiresAt = new Date(order.expiresAt);
  return db.transaction(async (tx) => {
    const placed = await repo.insertOrder(tx, orderKey, order.count);
    if (!placed) throw new AppError(409, 'VOUCHER_ORDER_ISSUED', 'error.voucherOrderIssued');
    const issued: { id: string; code: string }[] = [];
    while (issued.length < order.count) {
      const code = order.code ?? newVoucherCode(order.codeType);
      const row = await repo.insertCode(tx, {
        codeHash: sha256(normaliseVoucherCode(code)),
        codeType: order.codeType,
        kind: order.kind,
        name: order.name,
        nameEn: order.nameEn ?? null,
        amount: order.kind === 'product' ? null : (order.amount ?? null),
        product: order.kind === 'product' ? (order.product ?? null) : null,
        expiresAt,
        orderKey,
      });
      if (row) issued.push({ id: row.id, code });
      else if (order.code) throw new AppError(409, 'VOUCHER_CODE_TAKEN', 'error.voucherCodeTaken');
    }
    return issued;
  });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * What a staff search means: `q` is a code as printed (found by its hash, never stored), a
 * code's id, or words of its name or batch; `batch` one order's codes.
 */
function filterOf(query: { q?: string | undefined; batch?: string | undefined }): repo.CodeFilter {
  const q = query.q?.trim() ?? '';
  return {
    ...(q
      ? {
          codeHash: sha256(normaliseVoucherCode(q)),
          text: q,
          ...(UUID.test(q) ? { id: q } : {}),
        }
      : {}),
    ...(query.batch ? { batch: query.batch } : {}),
  };
}

type CodeRow = Awaited<ReturnType<typeof repo.pageOfCodes>>[number];

/** A code as staff see it: never the code itself, which is not kept. */
const codeView = ({ code: r, redeemerName, redeemerEmail }: CodeRow) => ({
  id: r.id,
  codeType: r.codeType,
  kind: r.kind,
  name: r.name,
  nameEn: r.nameEn,
  amount: r.amount,
  product: r.product,
  expiresAt: r.expiresAt.toISOString(),
  redeemedAt: r.redeemedAt?.toISOString() ?? null,
  redeemedBy:
    r.redeemedBy && redeemerEmail
      ? { id: r.redeemedBy, name: redeemerName ?? '', email: redeemerEmail }
      : null,
  blockedAt: r.blockedAt?.toISOString() ?? null,
  batch: r.orderKey,
  createdAt: r.createdAt.toISOString(),
});

/** The codes on issue, newest first: who redeemed each and when, and whether it is blocked. */
export async function listCodes(
  db: Db,
  query: { q?: string | undefined; batch?: string | undefined },
  offset: number,
  take: number,
) {
  const filter = filterOf(query);
  const [rows, [count]] = await Promise.all([
    repo.pageOfCodes(db, filter, offset, take),
    repo.countCodes(db, filter),
  ]);
  return { total: count?.n ?? 0, items: rows.map(codeView) };
}

/** One code, named by what was printed or by its id. */
const oneCode = (codeOrId: string): repo.CodeFilter =>
  UUID.test(codeOrId) ? { id: codeOrId } : { codeHash: sha256(normaliseVoucherCode(codeOrId)) };

/**
 * Blocks a code (named by what was printed, or by its id) or lets it go again: a blocked code
 * cannot be redeemed, and a voucher already redeemed from it can no longer be spent. Answers the
 * code as it was and as it is; 404 for no such code.
 */
export async function blockCode(db: Db, codeOrId: string, blocked: boolean) {
  const filter = oneCode(codeOrId);
  const [before] = await repo.pageOfCodes(db, filter, 0, 1);
  if (!before) throw notFound();
  await repo.setCodeBlocked(db, before.code.id, blocked);
  const [after] = await repo.pageOfCodes(db, { id: before.code.id }, 0, 1);
  if (!after) throw notFound();
  return { before: codeView(before), after: codeView(after) };
}

/** One batch's codes as CSV for the operator's books: never the codes, which are not kept. */
export async function batchCsv(db: Db, batch: string) {
  const page = await listCodes(db, { batch }, 0, 10_000);
  if (page.total === 0) throw notFound();
  return toCsv(
    [
      'id',
      'kind',
      'name',
      'amount_kr',
      'product',
      'expires_at',
      'redeemed_at',
      'redeemed_by',
      'blocked_at',
    ],
    page.items.map((i) => [
      i.id,
      i.kind,
      i.name,
      i.amount === null ? '' : kronerDecimal(i.amount, '.'),
      i.product ?? '',
      i.expiresAt,
      i.redeemedAt ?? '',
      i.redeemedBy?.email ?? '',
      i.blockedAt ?? '',
    ]),
  );
}

/**
 * Takes one of the user's product vouchers (say, a car wash) for a purchase, in the caller's
 * transaction: the row is locked and marked used, so a second purchase cannot take it too.
 * Answers false when the voucher is not the user's, not for this product, used or expired.
 */
export async function takeProductVoucher(
  tx: Db,
  userId: string,
  userVoucherId: string,
  product: string,
  now: Date,
): Promise<{ id: string; name: string; nameEn: string | null } | null> {
  const row = await repo.lockProductVoucher(tx, userId, userVoucherId, product, now);
  if (!row) return null;
  await repo.setVoucherUsed(tx, row.id, now);
  return { id: row.id, name: row.name, nameEn: row.nameEn };
}

/** Gives a product voucher back when the purchase it was taken for did not happen. */
export async function returnProductVoucher(db: Db, userId: string, userVoucherId: string) {
  await repo.clearVoucherUse(db, userId, userVoucherId);
}

/**
 * The gift-card and voucher liability (`GET /api/admin/reports/liability`): what customers may
 * still spend, redeemed and not yet redeemed, by kind, in øre.
 */
export async function liability(ctx: ServiceContext) {
  const now = ctx.clock.now();
  const { wallets, codes } = await repo.liabilityAt(ctx.db, now);
  const kinds = ['gift_card', 'value'] as const;
  const of = (rows: typeof wallets, kind: string) => {
    const row = rows.find((r) => r.kind === kind);
    return { amount: Number(row?.amount ?? 0), count: row?.count ?? 0 };
  };
  const byKind = kinds.map((kind) => {
    const redeemed = of(wallets, kind);
    const unredeemed = of(codes, kind);
    return {
      kind,
      redeemed: redeemed.amount,
      redeemedCount: redeemed.count,
      unredeemed: unredeemed.amount,
      unredeemedCount: unredeemed.count,
      total: redeemed.amount + unredeemed.amount,
    };
  });
  return {
    asOf: now.toISOString(),
    byKind,
    total: byKind.reduce((sum, k) => sum + k.total, 0),
  };
}
