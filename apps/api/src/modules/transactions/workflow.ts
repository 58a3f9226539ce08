import type {
  Locale,
  PaymentProduct,
  StationTransaction,
  StationTransactionService,
  StationTransactionState,
} from '@stod/domain';
import type { Db } from '../../db/client.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { AppError } from '../../lib/errors.ts';
import * as payments from '../payments/index.ts';
import * as repo from './repo.ts';
import type { TransactionRow } from './repo.ts';
import { getOne, illegalState, publish } from './service.ts';
import {
  busyWithAnother,
  firstAttempt,
  holdFor,
  payingMethod,
  refuse,
  registerStartScope,
  releaseReservation,
  reservation,
  refuseClosed,
  resolveTarget,
  resumeStart,
  refuseBeside,
} from './start.ts';
import { runSteps, type Refusal, type Step } from './steps.ts';

/**
 * The one workflow of a station transaction's start, fuel or wash, run under decision 0012's
 * pattern for money requests: a first attempt asks the pump or bay before any money moves; the
 * claim reserves the point (undone by releasing it); then the service's steps run (the hold,
 * the device, the start), each undone when a later one is refused; the transaction then waits
 * for the customer. A start that died half way is run again by the reconciliation with its own
 * key and request, and finishes or undoes itself by the same steps.
 */

type Method = Awaited<ReturnType<typeof payingMethod>>;

/** What the steps of one start share while they run. */
export interface StartRun {
  ctx: ServiceContext;
  row: TransactionRow;
  /** The hold, once the hold step has taken it. */
  hold: { id: string; amountHeld: number } | null;
  /** What the undone steps gave back to the card. */
  released: number;
}

export interface StationStart<I> {
  service: StationTransactionService & PaymentProduct;
  /** The station, pump or bay, and product a request points at. */
  target: (input: I) => { stationId: number; point: number; productId: number };
  paymentMethodId: (input: I) => string | null | undefined;
  /** The answer when the pump or bay cannot take the start. */
  unavailable: () => AppError;
  /** Whether the pump or bay is free for a new start; asked only on a first attempt. */
  isFree: (ctx: ServiceContext, site: string, point: number) => Promise<boolean>;
  /** What the reservation takes besides the point, in its write: a voucher's id, or null. */
  take?: (tx: Db, ctx: ServiceContext, userId: string, input: I) => Promise<string | null>;
  /** The steps after the reservation, in order. */
  steps: (method: Method | null) => Step<StartRun>[];
  /** How long the ready pump or bay waits for the customer. */
  readySeconds: (ctx: ServiceContext) => number;
  /** The states the start may finish from: a repeated fuel start finds its row already ready. */
  readyFrom: readonly StationTransactionState[];
  /** Reads a stored request back in the shape the route gave it. */
  parse: (stored: unknown) => I;
}

const deadlineOf = (ctx: ServiceContext, seconds: number) =>
  new Date(ctx.clock.now().getTime() + seconds * 1000);

/** The hold on the customer's card for `amount`, voided if a later step is refused. */
export function holdStep(
  method: Method | null,
  purpose: PaymentProduct,
  amount: (row: TransactionRow) => number,
  refusal: (error: AppError) => Refusal = (error) => ({
    answer: error,
    errorKey: error.messageKey,
  }),
): Step<StartRun> {
  return {
    name: 'hold',
    run: async (run) => {
      if (!method) {
        // Paid with a voucher: nothing is held.
        await repo.patch(run.ctx.db, run.row.id, { held: 0 });
        return;
      }
      const held = await holdFor(run.ctx, run.row, method, amount(run.row), purpose);
      run.hold = { id: held.id, amountHeld: held.amountHeld };
    },
    undo: async (run) => {
      if (!run.hold) return;
      await payments.voidHold(run.ctx, run.hold.id, `${run.row.id}:void`);
      run.released += run.hold.amountHeld;
    },
    refusal: (error) =>
      error instanceof AppError && error.statusCode < 500 ? refusal(error) : null,
  };
}

/**
 * The last step: the hold is in use from here (the payments reconciliation leaves it to this
 * module), and the pump or bay's wait for the customer is timed.
 */
export function startedStep(
  schedule: (run: StartRun, deadline: Date) => Promise<void>,
  seconds: (ctx: ServiceContext) => number,
): Step<StartRun> {
  return {
    name: 'started',
    run: async (run) => {
      if (run.hold) await payments.markServiceStarted(run.ctx, run.hold.id);
      await schedule(run, deadlineOf(run.ctx, seconds(run.ctx)));
    },
  };
}

/** The start and the reconciliation's resume of one service, over the one workflow. */
export function defineStart<I>(spec: StationStart<I>) {
  const scope = spec.service;
  registerStartScope(scope);

  async function start(
    ctx: ServiceContext,
    userId: string,
    input: I,
    idempotencyKey: string,
    locale: Locale,
  ): Promise<StationTransaction> {
    const where = spec.target(input);
    const target = await resolveTarget(ctx, spec.service, where, locale, spec.unavailable);
    const methodId = spec.paymentMethodId(input);
    const method = methodId ? await payingMethod(ctx, userId, methodId, spec.service) : null;
    const site = target.station.tokheim_station_id;
    const requestKey = payments.paymentKeyOf(scope, idempotencyKey);

    // A first attempt asks the pump or bay before any money moves: one that cannot serve leaves
    // no hold at all. A repeat of the key skips this; its answer is the first one's.
    if (await firstAttempt(ctx.db, userId, requestKey, spec.service)) {
      await refuseClosed(ctx, spec.service, target.station.id, where.point);
      const free = await spec.isFree(ctx, site, where.point);
      if (!free && (await busyWithAnother(ctx.db, userId, requestKey))) throw spec.unavailable();
    }

    await payments.runIdempotent(
      ctx.db,
      { userId, scope, key: idempotencyKey, request: input },
      {
        reserve: async (tx, claim) => {
          await repo.lockUser(tx, userId);
          if (await repo.findByRequestKey(tx, userId, claim.paymentKey)) return;
          refuseBeside(await repo.openOfUser(tx, userId), spec.service);
          const userVoucherId = spec.take ? await spec.take(tx, ctx, userId, input) : null;
          const pay = { paymentMethodId: method?.id ?? null, userVoucherId };
          const row = reservation(
            ctx,
            spec.service,
            userId,
            target,
            where.point,
            claim,
            input,
            locale,
            pay,
          );
          if (!(await repo.insertReservation(tx, row))) throw spec.unavailable();
        },
        act: async (claim) => {
          const row = await repo.findByRequestKey(ctx.db, userId, claim.paymentKey);
          if (!row) throw illegalState();
          if (row.state !== 'starting') return row.id;
          const run: StartRun = { ctx, row, hold: null, released: 0 };
          await runSteps(scope, spec.steps(method), run, (refusal) =>
            refuse(ctx, row, refusal.errorKey, run.released),
          );
          return row.id;
        },
        finish: async (tx, _claim, id) => {
          await repo.transition(tx, id, spec.readyFrom, {
            state: 'ready',
            deadline: deadlineOf(ctx, spec.readySeconds(ctx)),
          });
          return { id };
        },
        release: (tx, claim) => releaseReservation(tx, userId, claim.paymentKey),
      },
    );
    const row = await repo.findByRequestKey(ctx.db, userId, requestKey);
    if (!row) throw illegalState();
    if (row.state === 'ready' && !row.finishedAt) await publish(ctx, row);
    return getOne(ctx, userId, row.id, locale);
  }

  /** Runs a start that died after its reservation again, as the customer's retry would. */
  const resume = (ctx: ServiceContext, row: TransactionRow) =>
    resumeStart(ctx, row, spec.parse, start);

  return { start, resume };
}
