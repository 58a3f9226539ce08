import type { Locale } from '@stod/domain';
import type { ServiceContext } from '../../platform/context.ts';
import type { Jobs } from '../../platform/jobs.ts';
import { CarwashError, type CarwashEvent } from '../../integrations/carwash/port.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import {
  apply,
  cachedRow,
  getOne,
  pointsOf,
  illegalState,
  progress,
  publish,
  registerHandler,
  settleMoney,
  toView,
  findOwnedTransaction,
  findTransaction,
  moveTransaction,
  patchOpenTransaction,
  type TransactionRow,
} from '../transactions/index.ts';
import { carwashStart, carwashUnavailable, washJobs, type TransactionPayload } from './start.ts';

/**
 * A wash paid from the phone: a hold for the programme's price (or a car-wash voucher), the
 * programme loaded on the bay, the customer's start (the price captured then), the countdown,
 * the wash, and a stop that only staff can undo. The bay is reached through the car-wash port.
 */

const carwashStartFailed = () => new AppError(409, 'CARWASH_START', 'error.carwashStart');

const at = (ctx: ServiceContext, seconds: number) =>
  new Date(ctx.clock.now().getTime() + seconds * 1000);

/** The bays of a station as the selection screen shows them. */
export const baysOf = (ctx: ServiceContext, stationId: number, locale: Locale) =>
  pointsOf(ctx, stationId, locale, 'carwash', {
    read: async (site) =>
      (await ctx.carwash.bays(site)).map((b) => ({ number: b.bay, state: b.state })),
    free: 'free',
    unavailable: ['fault', 'offline'],
    isRefusal: (error) => error instanceof CarwashError,
  });

async function owned(ctx: ServiceContext, userId: string, id: string) {
  const row = await findOwnedTransaction(ctx.db, userId, id);
  if (!row || row.service !== 'carwash') throw notFound();
  return row;
}

/** The customer starts the loaded programme: the countdown begins and the price is captured. */
export async function startWash(ctx: ServiceContext, userId: string, id: string, locale: Locale) {
  const row = await owned(ctx, userId, id);
  if (['countdown', 'washing'].includes(row.state)) return getOne(ctx, userId, id, locale);
  if (row.state !== 'ready') throw illegalState();
  try {
    await ctx.carwash.start(row.site, row.point, row.id);
  } catch (error) {
    if (!(error instanceof CarwashError)) throw error;
    await apply(ctx, row, { type: 'startFailed' });
    throw carwashStartFailed();
  }
  const moved = await apply(ctx, row, { type: 'start' }, { deadline: null });
  if (!moved) {
    // The bay's own countdown event moved it first and is capturing: the answer waits for the
    // same keyed capture, so a started wash is never answered as not yet paid.
    const fresh = await findTransaction(ctx.db, id);
    if (fresh) await settleMoney(ctx, fresh);
  }
  return getOne(ctx, userId, id, locale);
}

export async function stopWash(ctx: ServiceContext, userId: string, id: string, locale: Locale) {
  const row = await owned(ctx, userId, id);
  if (row.state === 'stopped') return getOne(ctx, userId, id, locale);
  if (row.state !== 'countdown' && row.state !== 'washing') throw illegalState();
  try {
    await ctx.carwash.stop(row.site, row.point, row.id);
  } catch (error) {
    if (error instanceof CarwashError) throw carwashUnavailable();
    throw error;
  }
  await stopped(ctx, row, { type: 'stop' });
  return getOne(ctx, userId, id, locale);
}

/** Why a wash stopped when its bay failed (a stop the customer held has none). */
const BAY_FAULT = 'error.bayFault';

async function stopped(
  ctx: ServiceContext,
  row: TransactionRow,
  event: { type: 'stop' } | { type: 'fault' },
) {
  // A bay's fault says so on the customer's screen; a stop they held needs no reason.
  const moved = await apply(ctx, row, event, event.type === 'fault' ? { errorKey: BAY_FAULT } : {});
  if (moved)
    await washJobs
      .get(ctx.jobs)
      ?.closeStopped.at(
        at(ctx, ctx.config.CARWASH_RESUME_MINUTES * 60),
        { transactionId: row.id },
        `${row.id}:close`,
      );
  return moved;
}

/** Staff resume a stopped wash for the time it had left. */
export async function resumeWash(
  ctx: ServiceContext,
  id: string,
  scope: 'all' | readonly number[],
) {
  const row = await findTransaction(ctx.db, id);
  if (!row || row.service !== 'carwash') throw notFound();
  if (scope !== 'all' && !scope.includes(row.stationId)) throw notFound();
  if (row.state !== 'stopped' || row.finishedAt) throw illegalState();
  try {
    await ctx.carwash.resume(row.site, row.point, row.id);
  } catch (error) {
    if (error instanceof CarwashError) throw carwashUnavailable();
    throw error;
  }
  const moved = await apply(ctx, row, { type: 'resume' }, { errorKey: null });
  return toView(moved ?? (await findTransaction(ctx.db, id)) ?? row);
}

// ---------------------------------------------------------------------------------------------
// The controller's events.

export function watchCarwash(ctx: ServiceContext) {
  return ctx.carwash.subscribe((event) => {
    if (!event.reference) return;
    onEvent(ctx, event.reference, event).catch((error: unknown) => {
      ctx.log.error({ err: error, transactionId: event.reference }, 'car-wash event failed');
    });
  });
}

async function onEvent(ctx: ServiceContext, id: string, event: CarwashEvent) {
  const cached = await cachedRow(ctx, id);
  if (!cached || cached.service !== 'carwash' || cached.finishedAt) return;
  const remaining = event.remainingSeconds;
  // The running seconds: published at once, the state changes below read afresh.
  if (cached.state === event.state && (event.state === 'countdown' || event.state === 'washing')) {
    await progress(ctx, id, { remainingSeconds: remaining });
    return;
  }
  const row = await findTransaction(ctx.db, id);
  if (!row || row.finishedAt) return;
  switch (event.state) {
    case 'countdown':
      await apply(
        ctx,
        row,
        { type: 'start' },
        {
          remainingSeconds: remaining,
          countdownEndsAt: remaining === null ? null : at(ctx, remaining),
        },
      );
      return;
    case 'washing':
      if (row.state === 'stopped')
        await apply(ctx, row, { type: 'resume' }, { remainingSeconds: remaining });
      else await apply(ctx, row, { type: 'washing' }, { remainingSeconds: remaining });
      return;
    case 'stopped':
      await stopped(ctx, row, { type: 'stop' });
      return;
    case 'fault':
      // A loaded programme waits: the customer's start then fails and the hold goes back.
      if (row.state !== 'ready') await stopped(ctx, row, { type: 'fault' });
      return;
    case 'finished':
      await apply(ctx, row, { type: 'finished' }, { remainingSeconds: 0 });
      return;
    case 'offline':
      if (!row.connectionLost) {
        const moved = await patchOpenTransaction(ctx.db, id, { connectionLost: true });
        if (moved) await publish(ctx, moved);
      }
      return;
    default:
      if (row.connectionLost) {
        const moved = await patchOpenTransaction(ctx.db, id, { connectionLost: false });
        if (moved) await publish(ctx, moved);
      }
  }
}

// ---------------------------------------------------------------------------------------------
// Timeouts, cancel and reconciliation.

async function unload(ctx: ServiceContext, row: TransactionRow, event: 'cancel' | 'timeout') {
  try {
    await ctx.carwash.cancel(row.site, row.point, row.id);
  } catch (error) {
    if (!(error instanceof CarwashError)) throw error;
    if (error.code !== 'not_ready' && error.code !== 'not_found') throw carwashUnavailable();
  }
  return (await apply(ctx, row, { type: event })) ?? (await findTransaction(ctx.db, row.id)) ?? row;
}

async function cancelWash(ctx: ServiceContext, row: TransactionRow) {
  if (row.state !== 'ready') throw illegalState();
  return unload(ctx, row, 'cancel');
}

async function startTimeout(ctx: ServiceContext, id: string) {
  const row = await findTransaction(ctx.db, id);
  if (row?.state === 'ready' && !row.finishedAt) await unload(ctx, row, 'timeout');
}

/** A stopped wash nobody resumed is closed; the customer can start something new. */
async function closeStopped(ctx: ServiceContext, id: string) {
  const row = await findTransaction(ctx.db, id);
  if (row?.state !== 'stopped' || row.finishedAt) return;
  const closed = await moveTransaction(ctx.db, id, ['stopped'], { finishedAt: ctx.clock.now() });
  if (closed) await publish(ctx, closed);
}

async function reconcileWash(ctx: ServiceContext, row: TransactionRow) {
  const now = ctx.clock.now().getTime();
  if (row.state === 'starting') {
    await carwashStart.resume(ctx, row);
    return;
  }
  if (row.state === 'stopped') {
    if (now - row.updatedAt.getTime() >= ctx.config.CARWASH_RESUME_MINUTES * 60_000)
      await closeStopped(ctx, row.id);
    return;
  }
  if (['countdown', 'washing'].includes(row.state)) await settleMoney(ctx, row);
  let lookup;
  try {
    lookup = await ctx.carwash.lookup(row.site, row.point, row.id);
  } catch (error) {
    if (!(error instanceof CarwashError)) throw error;
    if (!row.connectionLost) {
      const moved = await patchOpenTransaction(ctx.db, row.id, { connectionLost: true });
      if (moved) await publish(ctx, moved);
    }
    return;
  }
  const fresh = (await findTransaction(ctx.db, row.id)) ?? row;
  switch (lookup.state) {
    case 'finished':
      await apply(ctx, fresh, { type: 'finished' }, { remainingSeconds: 0 });
      return;
    case 'stopped':
      await stopped(ctx, fresh, { type: 'stop' });
      return;
    case 'washing':
      if (fresh.state === 'countdown') await apply(ctx, fresh, { type: 'washing' });
      return;
    case 'countdown':
      return;
    case 'ready':
      if (fresh.deadline && fresh.deadline.getTime() <= now) await unload(ctx, fresh, 'timeout');
      return;
    default:
      // The controller knows nothing of it: a loaded programme is gone, a started one is over.
      if (fresh.state === 'ready')
        await apply(ctx, fresh, { type: 'refused', reason: 'error.carwashUnavailable' });
      else await apply(ctx, fresh, { type: 'finished' });
  }
}

export function defineCarwash(jobs: Jobs<ServiceContext>) {
  washJobs.set(jobs, {
    startTimeout: jobs.define<TransactionPayload>(
      'carwash.startTimeout',
      (ctx, { transactionId }) => startTimeout(ctx, transactionId),
      { retrySeconds: 15, maxAttempts: 40 },
    ),
    closeStopped: jobs.define<TransactionPayload>(
      'carwash.closeStopped',
      (ctx, { transactionId }) => closeStopped(ctx, transactionId),
    ),
  });
  registerHandler('carwash', { cancel: cancelWash, reconcile: reconcileWash });
}
