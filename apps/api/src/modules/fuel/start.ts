import { FUEL_HOLD_ORE, fuelStartSchema, type FuelStart } from '@stod/domain';
import type { ServiceContext } from '../../platform/context.ts';
import type { DelayedJob, Jobs } from '../../platform/jobs.ts';
import { ForecourtError, type PumpState } from '../../integrations/forecourt/port.ts';
import { AppError } from '../../lib/errors.ts';
import { defineStart, holdStep, startedStep } from '../transactions/index.ts';

/**
 * A refuelling's start, as steps of the one station workflow: the 750 kr. hold (voided if the
 * pump refuses), the pump authorised up to it (cancelled if a later step is refused), and the
 * nozzle's wait timed.
 */

export const pumpUnavailable = () => new AppError(409, 'PUMP_UNAVAILABLE', 'error.pumpUnavailable');
const fuelFunds = () => new AppError(422, 'FUEL_FUNDS', 'error.fuelFunds');

export interface NozzlePayload {
  transactionId: string;
}
/** The nozzle timeout of each job runner, set when the fuel module defines its jobs. */
export const nozzleJobs = new WeakMap<Jobs<ServiceContext>, DelayedJob<NozzlePayload>>();

async function pumpState(ctx: ServiceContext, site: string, pump: number): Promise<PumpState> {
  try {
    const pumps = await ctx.forecourt.pumps(site);
    return pumps.find((p) => p.pump === pump)?.state ?? 'offline';
  } catch (error) {
    if (error instanceof ForecourtError) return 'offline';
    throw error;
  }
}

const nozzleSeconds = (ctx: ServiceContext) => ctx.config.FUEL_NOZZLE_TIMEOUT_SECONDS;

export const fuelStart = defineStart<FuelStart>({
  service: 'fuel',
  target: (input) => ({
    stationId: input.stationId,
    point: input.pumpNumber,
    productId: input.productId,
  }),
  paymentMethodId: (input) => input.paymentMethodId,
  unavailable: pumpUnavailable,
  isFree: async (ctx, site, pump) => (await pumpState(ctx, site, pump)) === 'idle',
  steps: (method) => [
    holdStep(
      method,
      'fuel',
      () => FUEL_HOLD_ORE,
      (error) =>
        error.code === 'NOT_ENOUGH_FUNDS'
          ? { answer: fuelFunds(), errorKey: 'error.fuelFunds' }
          : { answer: error, errorKey: error.messageKey },
    ),
    {
      name: 'authorise',
      run: async ({ ctx, row, hold }) => {
        await ctx.forecourt.authorise(row.site, row.point, {
          reference: row.id,
          limit: hold?.amountHeld ?? 0,
          grade: row.productCode,
          unitPrice: row.unitPrice,
        });
      },
      undo: async ({ ctx, row }) => {
        await ctx.forecourt.cancel(row.site, row.point, row.id);
      },
      refusal: (error) =>
        error instanceof ForecourtError
          ? { answer: pumpUnavailable(), errorKey: 'error.pumpUnavailable' }
          : null,
    },
    startedStep(async ({ ctx, row }, deadline) => {
      await nozzleJobs.get(ctx.jobs)?.at(deadline, { transactionId: row.id }, row.id);
    }, nozzleSeconds),
  ],
  readySeconds: nozzleSeconds,
  readyFrom: ['starting', 'ready'],
  parse: (stored) => fuelStartSchema.parse(stored),
});

export const startFuel = fuelStart.start;
