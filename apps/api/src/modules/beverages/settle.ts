import type { ServiceContext } from '../../platform/context.ts';
import type { PourAnswer } from '../../integrations/beverage-machine/port.ts';
import { GatewayError } from '../../integrations/payments/port.ts';
import { AppError } from '../../lib/errors.ts';
import * as payments from '../payments/index.ts';
import { runSteps, settle, type Refusal, type Step } from '../transactions/index.ts';
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

/** Captures the price of a cup poured and writes its receipt, each once. */
async function charge(ctx: ServiceContext, row: FillRow, paymentId: string) {
  const stationName = await repo.stationNameOf(ctx.db, row.machineId);
  await settle(ctx, {
    key: row.id,
    paymentId,
    amount: row.price,
    // A cup bought once is the card's alone: the voucher balance is not drawn for it.
    balanceFirst: false,
    crashAt: 'beverage.after-capture',
    lock: async (tx) => {
      const locked = await repo.lockFill(tx, row.id);
      return locked?.userId && !locked.receiptId ? { ...locked, userId: locked.userId } : null;
    },
    // The receipt types are the spec's four (§3); a drink is a line of the Food layout.
    receipt: (locked) => ({
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
    }),
    complete: async (tx, locked, paid) => {
      await repo.patchFill(tx, locked.id, { receiptId: paid.receiptId });
      return locked;
    },
  });
  return reread(ctx, row);
}

/** What the steps of one paid cup share while they run. */
interface PourRun {
  ctx: ServiceContext;
  row: FillRow;
  paymentId: string | null;
}

/**
 * A refusal of a paid cup, and how the fill ends with it: the code expired before the pour, or
 * the machine did not pour. A declined card ends nothing: the claim's release frees the code.
 */
interface Refused extends Refusal {
  ending?: 'failed' | 'expired';
}

class CodeExpired extends Error {}
class MachineRefused extends Error {
  readonly answer: Exclude<PourAnswer, 'pouring'>;
  constructor(answer: Exclude<PourAnswer, 'pouring'>) {
    super(answer);
    this.answer = answer;
  }
}

/** A card to hold the price on, when the fill has no hold yet. */
export interface CardHold {
  method: { id: string; token: string };
  claim: payments.Claim;
}

/**
 * A cup bought once, as steps: the price held (on the saved card, or already by the payment
 * page), voided if a later step is refused; the hold put to use while the code still lasts; the
 * machine's pour; the capture and the receipt.
 */
function steps(card: CardHold | null): Step<PourRun, Refused>[] {
  return [
    {
      name: 'hold',
      run: async (run) => {
        if (run.row.paymentId) {
          run.paymentId = run.row.paymentId;
          return;
        }
        if (!card || run.row.state !== 'paying') throw illegal();
        const held = await payments.authorise(run.ctx, {
          userId: card.claim.userId,
          paymentMethodId: card.method.id,
          token: card.method.token,
          amount: run.row.price,
          purpose: 'beverages',
          reference: run.row.id,
          idempotencyKey: card.claim.paymentKey,
        });
        if (held.status !== 'authorised')
          throw new AppError(422, 'PAYMENT_UNSUCCESSFUL', 'error.paymentUnsuccessful');
        await repo.setPayment(run.ctx.db, run.row.id, held.id);
        run.paymentId = held.id;
      },
      undo: async ({ ctx, row, paymentId }) => {
        if (paymentId) await payments.voidHold(ctx, paymentId, `${row.id}:void`);
      },
      refusal: (error) =>
        error instanceof AppError && error.statusCode < 500
          ? { answer: error, errorKey: error.messageKey }
          : null,
    },
    {
      name: 'begin',
      run: async (run) => {
        if (run.row.state !== 'paying') return;
        if (run.row.expiresAt.getTime() <= run.ctx.clock.now().getTime()) throw new CodeExpired();
        // From here the hold is in use: the payments reconciliation leaves it to this module.
        await payments.markServiceStarted(run.ctx, run.paymentId ?? '');
        const moved = await repo.moveFill(run.ctx.db, run.row.id, ['paying'], {
          state: 'pouring',
        });
        run.row = await reread(run.ctx, moved ?? run.row);
      },
      refusal: (error) =>
        error instanceof CodeExpired
          ? { answer: expired(), errorKey: 'error.beverageExpired', ending: 'expired' }
          : null,
    },
    {
      name: 'pour',
      run: async (run) => {
        const { ctx, row } = run;
        if (row.state !== 'pouring' || row.startedAt) return;
        // The port repeats 'pouring' for the cup it pours already, so a resumed pour is safe.
        const answer = await ctx.beverageMachines
          .pour(row.machineId, row.id)
          .catch(() => 'unreachable' as const);
        if (answer !== 'pouring') throw new MachineRefused(answer);
        run.row =
          (await repo.markPoured(ctx.db, row.id, ctx.clock.now())) ?? (await reread(ctx, row));
        await publish(ctx, run.row);
        ctx.log.info({ fillId: row.id, machineId: row.machineId }, 'a cup bought once poured');
      },
      refusal: (error) =>
        error instanceof MachineRefused
          ? {
              answer: MACHINE_REFUSALS[error.answer](),
              errorKey: MACHINE_ERROR_KEYS[error.answer],
              ending: 'failed',
            }
          : null,
    },
    {
      name: 'charge',
      run: async (run) => {
        if (run.row.state !== 'pouring' && run.row.state !== 'poured') throw refusalOf(run.row);
        run.row = await charge(run.ctx, run.row, run.paymentId ?? '');
      },
    },
  ];
}

/**
 * Holds (with `card`, when the fill has no hold yet), pours, captures and writes the receipt of
 * a cup bought once; resumes wherever a crash left it. Answers the fill; a refused pour (the
 * hold voided) or a code that expired before the pour throws its §8 refusal.
 */
export async function settlePaid(
  ctx: ServiceContext,
  fillId: string,
  card: CardHold | null = null,
): Promise<FillRow> {
  const row = await repo.findFill(ctx.db, fillId);
  if (!row || (!row.paymentId && !card)) throw illegal();
  if (row.receiptId) return row;
  const run: PourRun = { ctx, row, paymentId: null };
  await runSteps('beverage', steps(card), run, async (refused) => {
    if (!refused.ending) return;
    const moved = await repo.moveFill(ctx.db, row.id, ['paying', 'pouring'], {
      state: refused.ending,
      errorKey: refused.errorKey,
      startedAt: null,
    });
    if (moved) await publish(ctx, moved);
  });
  return run.row;
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
