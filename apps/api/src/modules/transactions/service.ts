import {
  decide,
  formatCurrency,
  isFinalState,
  isLocale,
  labelOf,
  localized,
  translateServer,
  type Locale,
  type StationTransaction,
  type StationTransactionService,
  type TransactionEvent,
} from '@stod/domain';
import type { ServiceContext } from '../../platform/context.ts';
import { liveFiguresOf } from '../../platform/live-figures.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { crashPoint } from '../../lib/crash.ts';
import * as payments from '../payments/index.ts';
import { findUserById } from '../users/index.ts';
import * as vouchers from '../vouchers/index.ts';
import { announce } from '../notifications/index.ts';
import * as repo from './repo.ts';
import { releasedOf, settle } from './settle.ts';
import type { TransactionPatch, TransactionRow } from './repo.ts';

/**
 * What every station transaction shares, fuel or wash: the view, the one way a transaction
 * moves (`apply`, which follows `decide` from the domain), the money step that follows each
 * move, the live figures while it runs, and the realtime event of each change.
 */

const iso = (value: Date | null) => value?.toISOString() ?? null;

export function toView(row: TransactionRow, locale?: Locale): StationTransaction {
  const language = locale ?? (isLocale(row.locale) ? row.locale : 'fo');
  const fuel = row.service === 'fuel';
  return {
    id: row.id,
    service: row.service,
    state: row.state,
    label: labelOf(row.state),
    stationId: row.stationId,
    stationName: row.stationName,
    point: row.point,
    product: {
      id: row.productId,
      code: row.productCode,
      name: localized(row.productName, row.productNameEn, language),
      price: row.unitPrice,
    },
    paidWith: row.userVoucherId ? 'voucher' : 'card',
    paymentMethodId: row.paymentMethodId,
    litres: fuel ? Math.round(row.volumeMl ?? 0) / 1000 : null,
    amount: fuel ? row.amount : row.userVoucherId ? 0 : row.unitPrice,
    held: row.held,
    captured: row.captured,
    fromBalance: row.fromBalance,
    released: row.released,
    connectionLost: row.connectionLost,
    deadline: iso(row.deadline),
    countdownEndsAt: iso(row.countdownEndsAt),
    durationSeconds: row.durationSeconds,
    remainingSeconds: row.remainingSeconds,
    errorKey: row.errorKey,
    receiptId: row.receiptId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    finishedAt: iso(row.finishedAt),
  };
}

// ---------------------------------------------------------------------------------------------
// Live figures: litres and seconds arrive twice a second per pump, too often to write each to
// the database. Every process keeps the latest view of each running transaction from the bus
// (which carries every change to every process), and reads overlay it; the database gets the
// figures every few seconds, so a restart shows where a fill stood.

const PERSIST_EVERY_MS = 5_000;
const liveOf = liveFiguresOf<TransactionRow, StationTransaction>(PERSIST_EVERY_MS, (ctx, rows) =>
  repo.writeFigures(ctx.db, rows),
);

/** Listens to every process's changes; answers the function that stops it. */
export function watchTransactions(ctx: ServiceContext) {
  const live = liveOf(ctx);
  const stop = ctx.bus.subscribe('stationTransaction.changed', ({ transaction }) =>
    live.heard(transaction),
  );
  return () => {
    stop();
    // The figures still queued go to the database before it closes.
    void live.close();
  };
}

function withLive(ctx: ServiceContext, view: StationTransaction): StationTransaction {
  const latest = liveOf(ctx).latest.get(view.id);
  if (!latest || latest.state !== view.state || view.finishedAt) return view;
  return {
    ...view,
    litres: latest.litres,
    amount: latest.amount,
    remainingSeconds: latest.remainingSeconds,
    connectionLost: latest.connectionLost,
  };
}

/** The row of a running transaction, from this process's cache or the database. */
export function cachedRow(ctx: ServiceContext, id: string) {
  return liveOf(ctx).row(id, () => repo.find(ctx.db, id));
}

/**
 * A running figure (litres and amount so far, seconds left): published at once, written to the
 * database every few seconds with the other due figures of this process.
 */
export async function progress(ctx: ServiceContext, id: string, set: TransactionPatch) {
  const row = await cachedRow(ctx, id);
  if (!row || row.finishedAt) return;
  const next = { ...row, ...set, updatedAt: ctx.clock.now() };
  liveOf(ctx).reading(next);
  // The connection flag is no running figure: the reconciliation and staff read it, and a
  // queued copy could undo a later loss written elsewhere.
  if (set.connectionLost !== undefined)
    await repo.patchOpen(ctx.db, id, { connectionLost: set.connectionLost });
  await publish(ctx, next);
}

export async function publish(ctx: ServiceContext, row: TransactionRow) {
  liveOf(ctx).published(row);
  await ctx.bus.publish('stationTransaction.changed', {
    userId: row.userId,
    transactionId: row.id,
    transaction: toView(row),
  });
}

// ---------------------------------------------------------------------------------------------
// Handlers: what only the fuel or the wash service knows (its device), registered by them.

export interface ServiceHandler {
  /** Withdraws the device's authorisation or programme and ends the transaction as cancelled. */
  cancel(ctx: ServiceContext, row: TransactionRow): Promise<TransactionRow>;
  /** Brings one open transaction to the truth of its device and its payment. */
  reconcile(ctx: ServiceContext, row: TransactionRow): Promise<void>;
}

const handlers = new Map<StationTransactionService, ServiceHandler>();

export function registerHandler(service: StationTransactionService, handler: ServiceHandler) {
  handlers.set(service, handler);
}

export function handlerOf(service: StationTransactionService): ServiceHandler {
  const handler = handlers.get(service);
  if (!handler) throw new Error(`no station transaction handler for ${service}`);
  return handler;
}

// ---------------------------------------------------------------------------------------------
// Moving a transaction.

export const illegalState = () => new AppError(409, 'ILLEGAL_STATE', 'error.conflict');

/**
 * Moves a transaction by an event, as `decide` says, then takes the money step that follows.
 * Answers the row as it ends up, or null when the event does nothing in the row's state (a
 * repeat, a late event, or another process moved it first).
 */
export async function apply(
  ctx: ServiceContext,
  row: TransactionRow,
  event: TransactionEvent,
  extra: TransactionPatch = {},
): Promise<TransactionRow | null> {
  const decision = decide(row.service, row.state, event, row.held);
  if (!decision) return null;
  const final = isFinalState(decision.state);
  const set: TransactionPatch = {
    state: decision.state,
    ...(decision.error ? { errorKey: decision.error } : {}),
    ...(final ? { finishedAt: ctx.clock.now(), deadline: null } : {}),
    ...extra,
  };
  const voucherId = row.userVoucherId;
  // A wash that ends without starting gives its voucher back; one that ran keeps it spent.
  const moved =
    decision.money.kind === 'void' && voucherId
      ? // A voucher taken for a wash that never started goes back with the same write.
        await ctx.db.transaction(async (tx) => {
          const done = await repo.transition(tx, row.id, [row.state], set);
          if (done) await vouchers.returnProductVoucher(tx, row.userId, voucherId);
          return done;
        })
      : await repo.transition(ctx.db, row.id, [row.state], set);
  if (!moved) return null;
  crashPoint('transaction.after-move');
  await publish(ctx, moved);
  return settleMoney(ctx, moved);
}

/** The card payment of a transaction, if it has one. */
async function paymentOf(ctx: ServiceContext, row: TransactionRow) {
  if (!row.paymentId) return null;
  return payments.paymentByKey(ctx, row.userId, row.requestKey);
}

const CAPTURED_STATES = ['settling', 'countdown', 'washing', 'stopped', 'completed'] as const;

/**
 * The money step that follows a transaction's state, keyed by the transaction so it runs once
 * whoever repeats it (the request, an event, the reconciliation after a crash):
 * - ended without a sale: the hold is voided;
 * - a fuel sale: the sold amount is captured (at most the hold; the voucher balance pays first),
 *   the rest released, and the receipt written in the same write that completes it;
 * - a wash that started: its price is captured and the receipt written.
 */
export async function settleMoney(ctx: ServiceContext, row: TransactionRow) {
  const payment = await paymentOf(ctx, row);
  if (['cancelled', 'expired', 'failed'].includes(row.state)) {
    if (payment?.status === 'authorised') {
      await payments.voidHold(ctx, payment.id, `${row.id}:void`);
      const voided = await repo.patch(ctx.db, row.id, { released: row.held, captured: 0 });
      if (voided) await publish(ctx, voided);
      return voided ?? row;
    }
    return row;
  }
  if (!(CAPTURED_STATES as readonly string[]).includes(row.state)) return row;
  if (row.receiptId) return row;
  if (row.service === 'fuel' && row.state !== 'settling') return row;

  const amount = row.service === 'fuel' ? Math.min(row.sale?.amount ?? 0, row.held) : row.held;
  const done = row.service === 'fuel';
  const settled = await settle(ctx, {
    key: row.id,
    paymentId: payment?.id ?? null,
    amount,
    balanceFirst: true,
    crashAt: 'transaction.after-capture',
    lock: async (tx) => {
      const locked = await repo.lock(tx, row.id);
      return locked && !locked.receiptId ? locked : null;
    },
    receipt: (locked) => ({
      userId: locked.userId,
      paymentId: locked.paymentId,
      stationName: locked.stationName,
      ...(locked.service === 'fuel'
        ? {
            productType: 'Fuel' as const,
            productDescription: locked.productCode,
            amount,
            quantity: (locked.sale?.volumeMl ?? locked.volumeMl ?? 0) / 1000,
            unitPrice: locked.sale?.unitPrice ?? locked.unitPrice,
          }
        : {
            productType: 'Carwash' as const,
            productDescription: locked.productName,
            ...(locked.productNameEn ? { data: { descriptionEn: locked.productNameEn } } : {}),
            // A wash paid with a voucher costs nothing on the receipt.
            amount: locked.userVoucherId ? 0 : amount,
          }),
    }),
    complete: (tx, locked, paid) =>
      repo.patch(tx, locked.id, {
        receiptId: paid.receiptId,
        captured: paid.fromCard,
        fromBalance: paid.fromBalance,
        released: releasedOf(locked.held, paid.fromCard),
        ...(done
          ? {
              state: 'completed' as const,
              finishedAt: ctx.clock.now(),
              amount,
              volumeMl: locked.sale?.volumeMl ?? locked.volumeMl,
              connectionLost: false,
            }
          : {}),
      }),
  });
  if (!settled) return (await repo.find(ctx.db, row.id)) ?? row;
  await publish(ctx, settled);
  if (settled.notifyByMail && settled.receiptId) {
    await mailReceipt(ctx, settled);
    await announce.fuelReceipt(ctx, {
      id: settled.id,
      userId: settled.userId,
      receiptId: settled.receiptId,
      stationName: settled.stationName,
      volumeMl: settled.volumeMl ?? 0,
      amount: settled.amount,
    });
  }
  return settled;
}

/** After a lost connection the customer may have driven off: the receipt follows by e-mail. */
async function mailReceipt(ctx: ServiceContext, row: TransactionRow) {
  try {
    const user = await findUserById(ctx.db, row.userId);
    if (!user) return;
    const params = {
      station: row.stationName,
      product: localized(row.productName, row.productNameEn, user.locale),
      litres: ((row.volumeMl ?? 0) / 1000).toFixed(2).replace('.', ','),
      amount: formatCurrency(row.amount),
    };
    await ctx.mailer.send({
      to: user.email,
      subject: translateServer('mail.fuelReceipt.subject', user.locale, params),
      text: translateServer('mail.fuelReceipt.text', user.locale, params),
    });
  } catch (error) {
    ctx.log.warn({ err: error, transactionId: row.id }, 'receipt mail failed');
  }
}

// ---------------------------------------------------------------------------------------------
// Reading.

export async function getOne(ctx: ServiceContext, userId: string, id: string, locale: Locale) {
  const row = await repo.findOwned(ctx.db, userId, id);
  if (!row) throw notFound();
  return withLive(ctx, toView(row, locale));
}

export async function active(ctx: ServiceContext, userId: string, locale: Locale) {
  const row = await repo.openOfUser(ctx.db, userId);
  return { transaction: row ? withLive(ctx, toView(row, locale)) : null };
}

export async function cancel(ctx: ServiceContext, userId: string, id: string, locale: Locale) {
  const row = await repo.findOwned(ctx.db, userId, id);
  if (!row) throw notFound();
  if (row.state === 'cancelled') return toView(row, locale);
  if (row.state !== 'starting' && row.state !== 'ready') throw illegalState();
  const cancelled = await handlerOf(row.service).cancel(ctx, row);
  return toView(cancelled, locale);
}

/** Every open transaction of a station, for the staff screen. */
export async function openAtStation(ctx: ServiceContext, stationId: number) {
  const rows = await repo.openAtStation(ctx.db, stationId);
  return rows.map((row) => withLive(ctx, toView(row)));
}

export { repo };
