import {
  pickupRefusal,
  priceLines,
  type FoodOrder,
  type FoodOrderState,
  type Locale,
  type ParsedOrderLine,
  type PickupRefusal,
} from '@stod/domain';
import type { ServiceContext } from '../../platform/context.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import * as payments from '../payments/index.ts';
import * as wallet from '../wallet/index.ts';
import { stationMenu } from './menus.ts';
import * as repo from './repo.ts';
import type { FoodOrderRow } from './repo.ts';

/**
 * Food orders: priced from the station's menu (a total from the client is never charged), held
 * on the card when placed, captured when the kitchen accepts, voided when it rejects or does not
 * answer in time. Every step is written before the next and keyed, so a retry or a restart
 * repeats nothing.
 */

export const SCOPE = 'food';
const iso = (value: Date | null) => value?.toISOString() ?? null;

export function toView(row: FoodOrderRow): FoodOrder {
  return {
    id: row.id,
    number: row.number,
    stationId: row.stationId,
    stationName: row.stationName,
    state: row.state,
    mode: row.mode,
    pickupAt: row.pickupAt.toISOString(),
    asap: row.asap,
    lines: row.lines,
    total: row.total,
    held: row.held,
    captured: row.captured,
    released: row.released,
    readyBy: iso(row.readyBy),
    rejectReason: row.rejectReason,
    errorKey: row.errorKey,
    receiptId: row.receiptId,
    createdAt: row.createdAt.toISOString(),
    acceptedAt: iso(row.acceptedAt),
    readyAt: iso(row.readyAt),
    collectedAt: iso(row.collectedAt),
    finishedAt: iso(row.finishedAt),
  };
}

export async function publish(ctx: ServiceContext, row: FoodOrderRow) {
  await ctx.bus.publish('foodOrder.changed', {
    userId: row.userId,
    orderId: row.id,
    stationId: row.stationId,
    order: toView(row),
  });
}

const REFUSALS: Record<PickupRefusal, AppError> = {
  closed: new AppError(422, 'RESTAURANT_CLOSED', 'error.restaurantClosed'),
  closesBefore: new AppError(422, 'RESTAURANT_CLOSES_BEFORE', 'error.restaurantClosesBefore'),
  past: new AppError(422, 'PICKUP_PAST', 'error.pickupPast', { pickupAt: 'error.pickupPast' }),
  tooFar: new AppError(422, 'PICKUP_TOO_FAR', 'error.pickupTooFar', {
    pickupAt: 'error.pickupTooFar',
  }),
};

/** The lines priced from the station's menu as it is now, or the refusal of a changed menu. */
async function priced(ctx: ServiceContext, stationId: number, lines: readonly ParsedOrderLine[]) {
  const { station, menu } = await stationMenu(ctx, stationId);
  const result = priceLines(menu, lines);
  if ('code' in result)
    throw result.code === 'ITEM_UNAVAILABLE'
      ? new AppError(409, 'ITEM_UNAVAILABLE', 'error.itemUnavailable')
      : new AppError(409, 'MENU_CHANGED', 'error.menuChanged');
  return { station, menu, ...result };
}

export async function quote(ctx: ServiceContext, stationId: number, lines: ParsedOrderLine[]) {
  const { menu, lines: out, total } = await priced(ctx, stationId, lines);
  return { stationId, menuVersion: menu.version, lines: out, total };
}

export interface PlaceInput {
  stationId: number;
  lines: ParsedOrderLine[];
  mode: FoodOrder['mode'];
  pickupAt: string;
  paymentMethodId: string;
}

export async function placeOrder(
  ctx: ServiceContext,
  userId: string,
  input: PlaceInput,
  idempotencyKey: string,
  locale: Locale,
) {
  const requestKey = payments.paymentKeyOf(SCOPE, idempotencyKey);
  const done = await repo.findByRequestKey(ctx.db, userId, requestKey);
  if (done && done.state !== 'placing') {
    // A repeat answers as the first time, even after closing time or a menu change; the same key
    // with another order is refused (the record's fingerprint), and nothing runs again.
    await payments.runIdempotent(
      ctx.db,
      { userId, scope: SCOPE, key: idempotencyKey, request: input },
      {
        act: () => Promise.reject(new AppError(409, 'ILLEGAL_STATE', 'error.conflict')),
        finish: (_tx, _claim, id: string) => Promise.resolve({ id }),
      },
    );
    return toView(done);
  }
  const { station, menu, lines, total } = await priced(ctx, input.stationId, input.lines);
  // A first request only: a retry of one already under way answers as that one does.
  if (!done && station.kitchenPausedAt)
    throw new AppError(409, 'KITCHEN_PAUSED', 'error.kitchenPaused');
  const now = ctx.clock.now();
  const asap = input.pickupAt === 'asap';
  // The station's own preparation time: the earliest the food can be ready.
  const prep = station.kitchenPrepMinutes;
  const pickupAt = asap ? new Date(now.getTime() + prep * 60_000) : new Date(input.pickupAt);
  const refusal = pickupRefusal(station.openingHours, now, asap ? 'asap' : pickupAt, prep);
  if (refusal) throw REFUSALS[refusal];
  const method = await wallet.findMethod(ctx.db, userId, input.paymentMethodId);
  if (!method) throw notFound();
  const card = wallet.toView(method, now);
  if (!card.isActive || !card.products.includes('food'))
    throw new AppError(422, 'CARD_NOT_ALLOWED', 'error.cardNotAllowed');

  await payments.runIdempotent(
    ctx.db,
    { userId, scope: SCOPE, key: idempotencyKey, request: input },
    {
      reserve: async (tx, claim) => {
        if (await repo.findByRequestKey(tx, userId, claim.paymentKey)) return;
        await repo.insertOrder(tx, {
          userId,
          stationId: station.id,
          stationName: station.name,
          number: await repo.nextNumber(tx),
          mode: input.mode,
          pickupAt,
          asap,
          state: 'placing',
          lines,
          total,
          menuVersion: menu.version,
          locale,
          paymentMethodId: method.id,
          requestKey: claim.paymentKey,
          idempotencyKey: claim.key,
          request: input,
        });
      },
      act: async (claim) => {
        const row = await repo.findByRequestKey(ctx.db, userId, claim.paymentKey);
        if (!row) throw notFound();
        if (row.state !== 'placing') return row.id;
        const held = await payments.authorise(ctx, {
          userId,
          paymentMethodId: method.id,
          token: method.token,
          amount: row.total,
          purpose: 'food',
          reference: row.id,
          idempotencyKey: claim.paymentKey,
        });
        if (held.status !== 'authorised') {
          await repo.patchOrder(ctx.db, row.id, { errorKey: 'error.paymentUnsuccessful' });
          throw new AppError(422, 'PAYMENT_UNSUCCESSFUL', 'error.paymentUnsuccessful');
        }
        await payments.markServiceStarted(ctx, held.id);
        await repo.patchOrder(ctx.db, row.id, { paymentId: held.id, held: held.amountHeld });
        return row.id;
      },
      finish: async (tx, _claim, id) => {
        await repo.transition(tx, id, ['placing'], { state: 'placed' });
        return { id };
      },
      release: (tx, claim) => releasePlacing(tx, userId, claim.paymentKey),
    },
  );
  const row = await repo.findByRequestKey(ctx.db, userId, requestKey);
  if (!row) throw notFound();
  await publish(ctx, row);
  ctx.log.info(
    { orderId: row.id, stationId: row.stationId, total: row.total },
    'a food order was placed',
  );
  return toView(row);
}

async function releasePlacing(
  tx: Parameters<typeof repo.insertOrder>[0],
  userId: string,
  key: string,
) {
  const row = await repo.findByRequestKey(tx, userId, key);
  if (!row || row.state !== 'placing') return;
  await repo.transition(tx, row.id, ['placing'], {
    state: 'failed',
    finishedAt: new Date(),
    errorKey: row.errorKey ?? 'error.approvePayment',
  });
}
payments.registerRelease(SCOPE, (tx, claim) => releasePlacing(tx, claim.userId, claim.paymentKey));

export async function getOrder(ctx: ServiceContext, userId: string, id: string) {
  const row = await repo.findOwnedOrder(ctx.db, userId, id);
  if (!row || row.state === 'placing') throw notFound();
  return toView(row);
}

export async function listOrders(
  ctx: ServiceContext,
  userId: string,
  offset: number,
  take: number,
) {
  const page = await repo.ordersOfUser(ctx.db, userId, offset, take);
  return { items: page.items.map(toView), total: page.total };
}

export const isOpenOrder = (state: FoodOrderState) =>
  state === 'placed' || state === 'accepted' || state === 'ready';
