import type { ServiceContext } from '../../platform/context.ts';
import { GatewayError } from '../../integrations/payments/port.ts';
import { crashPoint } from '../../lib/crash.ts';
import { AppError } from '../../lib/errors.ts';
import * as payments from '../payments/index.ts';
import { createReceipt } from '../receipts/index.ts';
import {
  expired,
  freed,
  MACHINE_ERROR_KEYS,
  MACHINE_REFUSALS,
  publish,
  refusalOf,
} from './fills.ts';
import * as repo from './repo.ts';
import type { FillRow } from './repo.ts';

/**
 * The money of a cup bought once. The hold comes first (a saved card, or the gateway's payment
 * page); then the machine pours; then the price is captured (never more than the hold) and the
 * receipt written. Every step is persisted and keyed by the fill, so a crash anywhere in between
 * is resumed by a retry or the reconciliation, and a refused pour voids the hold: nothing charged.
 */

const illegal = () => new AppError(409, 'ILLEGAL_STATE', 'error.conflict');
const reread = async (ctx: ServiceContext, row: FillRow) =>
  (await repo.findFill(ctx.db, row.id)) ?? row;

/** Ends a paid fill without a cup: the hold goes back and the fill says why. */
async function undo(
  ctx: ServiceContext,
  row: FillRow,
  paymentId: string,
  end: { state: 'failed' | 'expired'; errorKey: string },
) {
  await payments.voidHold(ctx, paymentId, `${row.id}:void`);
  const moved = await repo.moveFill(ctx.db, row.id, ['paying', 'pouring'], {
    ...end,
    startedAt: null,
  });
  if (moved) await publish(ctx, moved);
}

/** Captures the price of a cup poured and writes its receipt, each once. */
async function charge(ctx: ServiceContext, row: FillRow, paymentId: string) {
  await payments.capture(ctx, paymentId, row.price, `${row.id}:capture`);
  crashPoint('beverage.after-capture');
  const stationName = await repo.stationNameOf(ctx.db, row.machineId);
  const written = await ctx.db.transaction(async (tx) => {
    const locked = await repo.lockFill(tx, row.id);
    if (!locked?.userId || locked.receiptId) return null;
    // The receipt types are the spec's four (§3); a drink is a line of the Food layout.
    const receipt = await createReceipt(tx, {
      userId: locked.userId,
      paymentId,
      stationName,
      productType: 'Food',
      productDescription: locked.name,
      amount: locked.price,
      quantity: 1,
      unitPrice: locked.price,
      data: {
        items: [
          {
            type: 'product',
            uuid: locked.id,
            amount: 1,
            totalAmount: locked.price,
            product: { name: locked.name, price: locked.price },
          },
        ],
      },
    });
    await repo.patchFill(tx, locked.id, { receiptId: receipt.id });
    return { userId: locked.userId, receiptId: receipt.id };
  });
  if (written) await ctx.bus.publish('receipt.created', written);
  return reread(ctx, row);
}

/**
 * Pours a paid fill, captures its price and writes its receipt; resumes wherever a crash left
 * it. Answers the fill; a refused pour (the hold voided) or a code that expired before the pour
 * throws its §8 refusal.
 */
export async function settlePaid(ctx: ServiceContext, fillId: string): Promise<FillRow> {
  let row = await repo.findFill(ctx.db, fillId);
  if (!row?.paymentId) throw illegal();
  if (row.receiptId) return row;
  const paymentId = row.paymentId;
  if (row.state === 'paying') {
    if (row.expiresAt.getTime() <= ctx.clock.now().getTime()) {
      await undo(ctx, row, paymentId, { state: 'expired', errorKey: 'error.beverageExpired' });
      throw expired();
    }
    // From here the hold is in use: the payments reconciliation leaves it to this module.
    await payments.markServiceStarted(ctx, paymentId);
    row = (await repo.moveFill(ctx.db, row.id, ['paying'], { state: 'pouring' })) ?? row;
    row = await reread(ctx, row);
  }
  if (row.state === 'pouring' && !row.startedAt) {
    // The port repeats 'pouring' for the cup it pours already, so a resumed pour is safe.
    const answer = await ctx.beverageMachines
      .pour(row.machineId, row.id)
      .catch(() => 'unreachable' as const);
    if (answer !== 'pouring') {
      await undo(ctx, row, paymentId, {
        state: 'failed',
        errorKey: MACHINE_ERROR_KEYS[answer],
      });
      throw MACHINE_REFUSALS[answer]();
    }
    row = (await repo.markPoured(ctx.db, row.id, ctx.clock.now())) ?? (await reread(ctx, row));
    await publish(ctx, row);
    ctx.log.info({ fillId: row.id, machineId: row.machineId }, 'a cup bought once poured');
  }
  if (row.state !== 'pouring' && row.state !== 'poured') throw refusalOf(row);
  return charge(ctx, row, paymentId);
}

/**
 * Brings a purchase on the payment page up to what the gateway says: paid, it pours (or, when
 * the code went another way meanwhile, the hold goes back); failed or expired, the code is
 * free again while it lasts; still open, nothing changes.
 */
export async function settleHosted(ctx: ServiceContext, row: FillRow): Promise<FillRow> {
  const userId = row.userId;
  if (!row.gatewaySessionId || !userId || row.receiptId) return row;
  const hosted = await payments.hostedPaymentOf(ctx, userId, 'beverages', row.gatewaySessionId);
  if (hosted.status === 'open') return row;
  const payment = hosted.payment;
  if (!payment) {
    const back = await repo.moveFill(ctx.db, row.id, ['paying'], freed(row, ctx.clock.now()));
    if (back) await publish(ctx, back, userId);
    return back ?? reread(ctx, row);
  }
  if (row.paymentId !== payment.id) {
    const named = await repo.setPayment(ctx.db, row.id, payment.id);
    if (!named && (await reread(ctx, row)).paymentId !== payment.id) {
      if (payment.status === 'authorised')
        await payments.voidHold(ctx, payment.id, `${row.id}:unused`);
      return reread(ctx, row);
    }
  }
  return settlePaid(ctx, row.id);
}

/** As settleHosted, for a caller that only wants the fill as it now stands. */
export async function settleQuietly(ctx: ServiceContext, row: FillRow): Promise<FillRow> {
  try {
    return await settleHosted(ctx, row);
  } catch (error) {
    if (!(error instanceof AppError || error instanceof GatewayError)) throw error;
    ctx.log.warn({ err: error, fillId: row.id }, 'a purchase could not be settled now');
    return reread(ctx, row);
  }
}
