import {
  isLocale,
  KITCHEN_EXPIRY_WARNING_SECONDS,
  receiptItemsOf,
  translateServer,
  type KitchenOrder,
} from '@stod/domain';
import type { ServiceContext } from '../../platform/context.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import * as payments from '../payments/index.ts';
import type { StationScope } from '../admin/index.ts';
import { announce } from '../notifications/index.ts';
import { releasedOf, settle } from '../transactions/index.ts';
import * as repo from './repo.ts';
import type { FoodOrderRow } from './repo.ts';
import { publish, toView } from './service.ts';

/**
 * The kitchen's side of an order: accept with a ready-by time (the hold is captured and the
 * receipt written, once, however often the accept is repeated), mark ready (the customer is
 * told), collected, or reject with a reason (the hold is voided). Orders nobody accepts in time
 * expire and are voided too. Staff reach only their own stations' orders.
 */

const illegalState = () => new AppError(409, 'ILLEGAL_STATE', 'error.conflict');
/** Finished orders stay on the display this long, so staff see what just went. */
const RECENT_MS = 2 * 3_600_000;

function inScope(scope: StationScope, stationId: number) {
  return scope === 'all' || scope.includes(stationId);
}

/**
 * When an order still waiting for an answer expires (or is accepted, at a station that accepts by
 * itself): the accept time after it was placed, and never sooner than the warning after a display
 * first showed it.
 */
function expiryOf(ctx: ServiceContext, row: FoodOrderRow): Date | null {
  if (row.state !== 'placed') return null;
  const timeout = row.updatedAt.getTime() + ctx.config.FOOD_ACCEPT_TIMEOUT_SECONDS * 1000;
  const warned = row.seenAt ? row.seenAt.getTime() + KITCHEN_EXPIRY_WARNING_SECONDS * 1000 : 0;
  return new Date(Math.max(timeout, warned));
}

function viewOf(
  ctx: ServiceContext,
  row: FoodOrderRow,
  customer: string,
  autoAccept: boolean,
): KitchenOrder {
  return {
    ...toView(row),
    customer: customer.split(' ')[0] ?? '',
    expiresAt: expiryOf(ctx, row)?.toISOString() ?? null,
    autoAccept,
  };
}

async function kitchenView(ctx: ServiceContext, row: FoodOrderRow): Promise<KitchenOrder> {
  const [name, station] = await Promise.all([
    repo.customerOf(ctx.db, row.userId),
    repo.findStation(ctx.db, row.stationId),
  ]);
  return viewOf(ctx, row, name, station?.kitchenAutoAccept ?? false);
}

/**
 * The station's orders for its display; asking marks the kitchen as staffed, and the orders
 * waiting for an answer as seen: none of them expires within the warning from now.
 */
export async function stationOrders(ctx: ServiceContext, stationId: number, scope: StationScope) {
  const station = await repo.findStation(ctx.db, stationId);
  if (!station || !inScope(scope, stationId) || !station.services.includes('food'))
    throw notFound();
  const now = ctx.clock.now();
  await repo.touchPresence(ctx.db, stationId, now);
  await repo.markSeen(ctx.db, stationId, now);
  const rows = await repo.ordersOfStation(ctx.db, stationId, new Date(now.getTime() - RECENT_MS));
  return {
    items: rows.map(({ order, customer }) =>
      viewOf(ctx, order, customer, station.kitchenAutoAccept),
    ),
  };
}

async function scoped(ctx: ServiceContext, id: string, scope: StationScope) {
  const row = await repo.findOrder(ctx.db, id);
  if (!row || row.state === 'placing' || !inScope(scope, row.stationId)) throw notFound();
  return row;
}

export async function accept(
  ctx: ServiceContext,
  id: string,
  readyInMinutes: number,
  scope: StationScope,
) {
  const row = await scoped(ctx, id, scope);
  if (row.state === 'placed') {
    const now = ctx.clock.now();
    const moved = await repo.transition(ctx.db, row.id, ['placed'], {
      state: 'accepted',
      acceptedAt: now,
      readyBy: new Date(now.getTime() + readyInMinutes * 60_000),
    });
    if (moved) await announce.foodAccepted(ctx, moved);
  } else if (!['accepted', 'ready', 'collected'].includes(row.state)) throw illegalState();
  const settled = await settleAccepted(ctx, (await repo.findOrder(ctx.db, row.id)) ?? row);
  return kitchenView(ctx, settled);
}

/**
 * The money of an accepted order: the hold captured (keyed by the order, so once), the receipt
 * written with it. Safe to repeat after a crash anywhere in between.
 */
export async function settleAccepted(ctx: ServiceContext, row: FoodOrderRow) {
  if (row.receiptId || !row.paymentId || !['accepted', 'ready', 'collected'].includes(row.state))
    return row;
  const settled = await settle(ctx, {
    key: row.id,
    paymentId: row.paymentId,
    amount: row.total,
    balanceFirst: true,
    crashAt: 'food.after-capture',
    lock: async (tx) => {
      const locked = await repo.lockOrder(tx, row.id);
      return locked && !locked.receiptId ? locked : null;
    },
    receipt: (locked) => ({
      userId: locked.userId,
      paymentId: locked.paymentId,
      stationName: locked.stationName,
      productType: 'Food',
      productDescription: locked.stationName,
      amount: locked.total,
      quantity: 1,
      unitPrice: locked.total,
      data: { items: receiptItemsOf(locked.lines, (n) => `${locked.id}-${String(n)}`) },
    }),
    complete: (tx, locked, paid) =>
      repo.patchOrder(tx, locked.id, {
        receiptId: paid.receiptId,
        captured: paid.fromCard,
        fromBalance: paid.fromBalance,
        released: releasedOf(locked.held, paid.fromCard),
      }),
  });
  if (!settled) return (await repo.findOrder(ctx.db, row.id)) ?? row;
  await publish(ctx, settled);
  return settled;
}

export async function markReady(ctx: ServiceContext, id: string, scope: StationScope) {
  const row = await scoped(ctx, id, scope);
  if (row.state === 'ready') return kitchenView(ctx, row);
  const moved = await repo.transition(ctx.db, row.id, ['accepted'], {
    state: 'ready',
    readyAt: ctx.clock.now(),
  });
  if (!moved) throw illegalState();
  await publish(ctx, moved);
  await tellReady(ctx, moved);
  await announce.foodReady(ctx, moved);
  return kitchenView(ctx, moved);
}

export async function markCollected(ctx: ServiceContext, id: string, scope: StationScope) {
  const row = await scoped(ctx, id, scope);
  if (row.state === 'collected') return kitchenView(ctx, row);
  const now = ctx.clock.now();
  const moved = await repo.transition(ctx.db, row.id, ['accepted', 'ready'], {
    state: 'collected',
    collectedAt: now,
    readyAt: row.readyAt ?? now,
    finishedAt: now,
  });
  if (!moved) throw illegalState();
  await publish(ctx, moved);
  return kitchenView(ctx, moved);
}

/**
 * Brings a collected order back to Ready: handed over by a mistaken tap, or the customer came
 * back. The money is as it was (captured at the accept); asked again, changes nothing.
 */
export async function recall(ctx: ServiceContext, id: string, scope: StationScope) {
  const row = await scoped(ctx, id, scope);
  if (row.state === 'ready') return kitchenView(ctx, row);
  const moved = await repo.transition(ctx.db, row.id, ['collected'], {
    state: 'ready',
    collectedAt: null,
    finishedAt: null,
  });
  if (!moved) throw illegalState();
  await publish(ctx, moved);
  return kitchenView(ctx, moved);
}

export async function reject(ctx: ServiceContext, id: string, reason: string, scope: StationScope) {
  const row = await scoped(ctx, id, scope);
  if (row.state === 'rejected') return kitchenView(ctx, row);
  const moved = await repo.transition(ctx.db, row.id, ['placed'], {
    state: 'rejected',
    rejectReason: reason,
    finishedAt: ctx.clock.now(),
  });
  if (!moved) throw illegalState();
  return kitchenView(ctx, await voidHold(ctx, moved));
}

/** Gives the hold back, keyed by the order: a repeat voids nothing twice. */
async function voidHold(ctx: ServiceContext, row: FoodOrderRow) {
  let out = row;
  if (row.paymentId && row.released < row.held) {
    await payments.voidHold(ctx, row.paymentId, `${row.id}:void`);
    out = (await repo.patchOrder(ctx.db, row.id, { released: row.held, captured: 0 })) ?? row;
  }
  await publish(ctx, out);
  return out;
}

async function tellReady(ctx: ServiceContext, row: FoodOrderRow) {
  const user = await repo.contactOf(ctx.db, row.userId);
  if (!user) return;
  const locale = isLocale(row.locale) ? row.locale : 'fo';
  const vars = { number: String(row.number), station: row.stationName };
  try {
    await ctx.mailer.send({
      to: user.email,
      subject: translateServer('mail.foodReady.subject', locale, vars),
      text: translateServer('mail.foodReady.text', locale, vars),
    });
  } catch (error) {
    ctx.log.warn({ err: error, orderId: row.id }, 'the order-ready e-mail was not sent');
  }
}

// ---------------------------------------------------------------------------------------------
// Jobs.

/**
 * Orders the kitchen did not answer within the time: expired and their holds voided, or, at a
 * station that accepts by itself, accepted with the usual preparation time. An order a display
 * showed late waits out its warning first (`expiryOf`).
 */
export async function expireUnanswered(ctx: ServiceContext) {
  const now = ctx.clock.now();
  const before = new Date(now.getTime() - ctx.config.FOOD_ACCEPT_TIMEOUT_SECONDS * 1000);
  let expired = 0;
  for (const { order, autoAccept, prepMinutes } of await repo.unanswered(ctx.db, before)) {
    if ((expiryOf(ctx, order)?.getTime() ?? 0) > now.getTime()) continue;
    if (autoAccept) {
      try {
        await accept(ctx, order.id, prepMinutes, 'all');
        ctx.log.info({ orderId: order.id }, 'an unanswered food order was accepted by the station');
      } catch (error) {
        // Staff rejected it a moment before: their answer stands.
        if (!(error instanceof AppError && error.statusCode === 409)) throw error;
      }
      continue;
    }
    const moved = await repo.transition(ctx.db, order.id, ['placed'], {
      state: 'expired',
      finishedAt: now,
    });
    if (!moved) continue;
    await voidHold(ctx, moved);
    expired += 1;
  }
  // An accept whose capture or receipt a crash cut off is finished here.
  for (const row of await repo.acceptedUnsettled(ctx.db)) await settleAccepted(ctx, row);
  // A rejected or expired order whose void a crash cut off.
  for (const row of await repo.unreleased(ctx.db)) await voidHold(ctx, row);
  if (expired > 0) ctx.log.info({ expired }, 'food orders expired unanswered');
  return expired;
}
