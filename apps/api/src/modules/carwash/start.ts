import type { CarwashStart } from '@stod/domain';
import { carwashStartSchema } from '@stod/domain';
import type { ServiceContext } from '../../platform/context.ts';
import type { DelayedJob, Jobs } from '../../platform/jobs.ts';
import { CarwashError, type BayState } from '../../integrations/carwash/port.ts';
import { AppError } from '../../lib/errors.ts';
import { defineStart, holdStep, startedStep } from '../transactions/index.ts';
import { takeProductVoucher } from '../vouchers/index.ts';

/**
 * A wash's start, as steps of the one station workflow: a car-wash voucher taken with the
 * reservation, or the programme's price held on the card (voided if the bay refuses); the
 * programme loaded on the bay (unloaded if a later step is refused); and the wait for the
 * customer's start timed.
 */

export const carwashUnavailable = () =>
  new AppError(409, 'CARWASH_UNAVAILABLE', 'error.carwashUnavailable');
const voucherUnusable = () => new AppError(422, 'VOUCHER_UNUSABLE', 'error.voucherUsed');

export interface TransactionPayload {
  transactionId: string;
}
export interface WashJobs {
  startTimeout: DelayedJob<TransactionPayload>;
  closeStopped: DelayedJob<TransactionPayload>;
}
/** The wash's jobs of each job runner, set when the car-wash module defines them. */
export const washJobs = new WeakMap<Jobs<ServiceContext>, WashJobs>();

async function bayState(ctx: ServiceContext, site: string, bay: number): Promise<BayState> {
  try {
    return (await ctx.carwash.bays(site)).find((b) => b.bay === bay)?.state ?? 'offline';
  } catch (error) {
    if (error instanceof CarwashError) return 'offline';
    throw error;
  }
}

const startSeconds = (ctx: ServiceContext) => ctx.config.CARWASH_START_TIMEOUT_SECONDS;

export const carwashStart = defineStart<CarwashStart>({
  service: 'carwash',
  target: (input) => ({
    stationId: input.stationId,
    point: input.bayNumber,
    productId: input.productId,
  }),
  paymentMethodId: (input) => input.paymentMethodId,
  unavailable: carwashUnavailable,
  isFree: async (ctx, site, bay) => (await bayState(ctx, site, bay)) === 'free',
  take: async (tx, ctx, userId, input) => {
    if (!input.voucherId) return null;
    const voucher = await takeProductVoucher(
      tx,
      userId,
      input.voucherId,
      'carwash',
      ctx.clock.now(),
    );
    if (!voucher) throw voucherUnusable();
    return voucher.id;
  },
  steps: (method) => [
    holdStep(method, 'carwash', (row) => row.unitPrice),
    {
      name: 'load',
      run: async ({ ctx, row }) => {
        await ctx.carwash.load(row.site, row.point, {
          reference: row.id,
          programme: row.productCode,
          durationSeconds: row.durationSeconds ?? 480,
        });
      },
      undo: async ({ ctx, row }) => {
        await ctx.carwash.cancel(row.site, row.point, row.id);
      },
      refusal: (error) =>
        error instanceof CarwashError
          ? { answer: carwashUnavailable(), errorKey: 'error.carwashUnavailable' }
          : null,
    },
    startedStep(async ({ ctx, row }, deadline) => {
      await washJobs
        .get(ctx.jobs)
        ?.startTimeout.at(deadline, { transactionId: row.id }, `${row.id}:start`);
    }, startSeconds),
  ],
  readySeconds: startSeconds,
  readyFrom: ['starting'],
  parse: (stored) => carwashStartSchema.parse(stored),
});

export const startCarwash = carwashStart.start;
