import type { Locale } from '@stod/domain';
import type { ServiceContext } from '../../platform/context.ts';
import type { Jobs } from '../../platform/jobs.ts';
import {
  ForecourtError,
  type ForecourtEvent,
  type FuelSale,
} from '../../integrations/forecourt/port.ts';
import {
  apply,
  cachedRow,
  pointsOf,
  illegalState,
  progress,
  publish,
  registerHandler,
  settleMoney,
  findTransaction,
  fuellingAtPump,
  patchOpenTransaction,
  type TransactionRow,
} from '../transactions/index.ts';
import { fuelStart, nozzleJobs, pumpUnavailable, type NozzlePayload } from './start.ts';

/**
 * Refuelling paid from the phone: a hold of 750 kr., the pump authorised up to it, the litres
 * and the amount live while the customer fills, and at the final sale the real amount captured,
 * the rest released and the receipt written. The pump is reached through the forecourt port.
 */

/** The pumps of a station as the selection screen shows them. */
export const pumpsOf = (ctx: ServiceContext, stationId: number, locale: Locale) =>
  pointsOf(ctx, stationId, locale, 'fuel', {
    read: async (site) =>
      (await ctx.forecourt.pumps(site)).map((p) => ({ number: p.pump, state: p.state })),
    free: 'idle',
    unavailable: ['inactive', 'offline'],
    isRefusal: (error) => error instanceof ForecourtError,
  });

// ---------------------------------------------------------------------------------------------
// The controller's events. Each transaction's events are handled one after another, in the
// order they came, so a late litre count never overwrites the finished sale.

const queues = new WeakMap<ServiceContext, Map<string, Promise<void>>>();

function inOrder(ctx: ServiceContext, key: string, step: () => Promise<void>) {
  let map = queues.get(ctx);
  if (!map) {
    map = new Map();
    queues.set(ctx, map);
  }
  const tail = map.get(key) ?? Promise.resolve();
  const next = tail.then(step).catch((error: unknown) => {
    ctx.log.error({ err: error, transactionId: key }, 'forecourt event failed');
  });
  map.set(key, next);
  void next.then(() => {
    if (map.get(key) === next) map.delete(key);
  });
  return next;
}

const PUMP_FAULT = 'error.pumpFault';

const referenceOf = (event: ForecourtEvent) =>
  event.type === 'sale' ? event.sale.reference : event.reference;

/** Listens to the forecourt controller; answers the function that stops listening. */
export function watchForecourt(ctx: ServiceContext) {
  return ctx.forecourt.subscribe((event) => {
    const reference = referenceOf(event);
    if (reference) {
      void inOrder(ctx, reference, () => onEvent(ctx, reference, event));
      return;
    }
    // A controller may name no reference when a pump fails mid-delivery: the pump's fill is it.
    if (event.type === 'pump' && event.state === 'inactive') {
      void fuellingAtPump(ctx.db, event.site, event.pump).then(
        (row) => {
          if (row) void inOrder(ctx, row.id, () => onEvent(ctx, row.id, event));
        },
        (error: unknown) => {
          ctx.log.error({ err: error, site: event.site, pump: event.pump }, 'a pump fault unread');
        },
      );
    }
  });
}

async function fresh(ctx: ServiceContext, id: string) {
  const row = await findTransaction(ctx.db, id);
  return row && row.service === 'fuel' && !row.finishedAt ? row : null;
}

async function onEvent(ctx: ServiceContext, id: string, event: ForecourtEvent) {
  if (event.type === 'progress') {
    const row = await cachedRow(ctx, id);
    if (!row || row.service !== 'fuel' || row.finishedAt) return;
    if (row.state === 'starting' || row.state === 'ready') {
      const lifted = await fresh(ctx, id);
      if (lifted) await apply(ctx, lifted, { type: 'lifted' });
    }
    await progress(ctx, id, {
      volumeMl: event.volumeMl,
      amount: Math.min(event.amount, row.held || event.amount),
      ...(row.connectionLost ? { connectionLost: false } : {}),
    });
    return;
  }
  const row = await fresh(ctx, id);
  if (!row) return;
  if (event.type === 'sale') {
    await applySale(ctx, row, event.sale);
    return;
  }
  switch (event.state) {
    case 'authorised':
      await apply(ctx, row, { type: 'authorised' });
      return;
    case 'fuelling':
      await reconnected(ctx, row);
      await apply(ctx, (await fresh(ctx, id)) ?? row, { type: 'lifted' });
      return;
    case 'offline':
      await lostConnection(ctx, row);
      return;
    case 'inactive':
      // An authorisation the pump dropped before the nozzle came up: nothing was sold.
      if (row.state === 'ready')
        await apply(ctx, row, { type: 'refused', reason: 'error.pumpUnavailable' });
      // A pump that fails mid-delivery: its sale follows (a controller may say the state first),
      // and the fill ends as the fault it was, not as a finish.
      if (row.state === 'fuelling') await faulted(ctx, row);
      return;
    default:
      await reconnected(ctx, row);
  }
}

/** The fill's pump failed: the customer is told so, whatever its sale says. */
async function faulted(ctx: ServiceContext, row: TransactionRow) {
  if (row.errorKey === PUMP_FAULT) return;
  const moved = await patchOpenTransaction(ctx.db, row.id, { errorKey: PUMP_FAULT });
  if (moved) await publish(ctx, moved);
}

async function lostConnection(ctx: ServiceContext, row: TransactionRow) {
  if (row.connectionLost) return;
  const moved = await patchOpenTransaction(ctx.db, row.id, {
    connectionLost: true,
    notifyByMail: row.notifyByMail || row.state === 'fuelling',
  });
  if (moved) await publish(ctx, moved);
}

async function reconnected(ctx: ServiceContext, row: TransactionRow) {
  if (!row.connectionLost) return;
  const moved = await patchOpenTransaction(ctx.db, row.id, { connectionLost: false });
  if (moved) await publish(ctx, moved);
}

/** The final sale: captured once, at most the hold, whoever reports it and however often. */
export async function applySale(ctx: ServiceContext, row: TransactionRow, sale: FuelSale) {
  const amount = Math.min(sale.amount, row.held);
  const stored = {
    grade: sale.grade,
    volumeMl: sale.volumeMl,
    unitPrice: sale.unitPrice,
    amount,
    at: sale.at.toISOString(),
  };
  // A sale the pump's failure ended says so; one that came after the failed state keeps it.
  const fault = sale.fault === true || row.errorKey === PUMP_FAULT;
  const moved = await apply(
    ctx,
    row,
    { type: 'sale', amount },
    {
      sale: stored,
      volumeMl: sale.volumeMl,
      amount,
      ...(fault ? { errorKey: PUMP_FAULT } : {}),
    },
  );
  if (moved) return moved;
  const now = await findTransaction(ctx.db, row.id);
  if (now?.state === 'settling') return settleMoney(ctx, now);
  return now;
}

// ---------------------------------------------------------------------------------------------
// Timeouts, cancel and reconciliation.

/** The nozzle was not lifted in time: the pump is withdrawn and the hold voided. */
async function nozzleTimeout(ctx: ServiceContext, id: string) {
  const row = await fresh(ctx, id);
  if (!row || row.state !== 'ready') return;
  const outcome = await ctx.forecourt.cancel(row.site, row.point, row.id);
  // Lifted at the last moment: the delivery's events carry it on.
  if (outcome === 'too_late') return;
  await apply(ctx, row, { type: 'timeout' });
}

async function cancelFuel(ctx: ServiceContext, row: TransactionRow) {
  if (row.state !== 'ready') throw illegalState();
  let outcome: 'cancelled' | 'too_late';
  try {
    outcome = await ctx.forecourt.cancel(row.site, row.point, row.id);
  } catch (error) {
    if (error instanceof ForecourtError) throw pumpUnavailable();
    throw error;
  }
  if (outcome === 'too_late') throw illegalState();
  return (
    (await apply(ctx, row, { type: 'cancel' })) ?? (await findTransaction(ctx.db, row.id)) ?? row
  );
}

async function reconcileFuel(ctx: ServiceContext, row: TransactionRow) {
  const now = ctx.clock.now().getTime();
  if (row.state === 'starting') {
    await fuelStart.resume(ctx, row);
    return;
  }
  if (row.state === 'settling') {
    await settleMoney(ctx, row);
    return;
  }
  let lookup;
  try {
    lookup = await ctx.forecourt.lookup(row.site, row.point, row.id);
  } catch (error) {
    if (!(error instanceof ForecourtError)) throw error;
    await lostConnection(ctx, row);
    return;
  }
  if (lookup.state === 'sold') {
    await applySale(ctx, row, lookup.sale);
    return;
  }
  if (lookup.state === 'fuelling') {
    await reconnected(ctx, row);
    if (row.state === 'ready') await apply(ctx, row, { type: 'lifted' });
    return;
  }
  if (lookup.state === 'authorised') {
    await reconnected(ctx, row);
    if (row.deadline && row.deadline.getTime() <= now) await nozzleTimeout(ctx, row.id);
    return;
  }
  // The controller knows nothing of it (cancelled, or lost): nothing was sold.
  if (row.state === 'ready') {
    const late = row.deadline !== null && row.deadline.getTime() <= now;
    await apply(
      ctx,
      row,
      late ? { type: 'timeout' } : { type: 'refused', reason: 'error.pumpUnavailable' },
    );
  } else if (row.state === 'fuelling') {
    await apply(ctx, row, { type: 'sale', amount: 0 }, { errorKey: 'error.pumpUnavailable' });
  }
}

/** Registers the fuel service's jobs and its part of the shared transaction handling. */
export function defineFuel(jobs: Jobs<ServiceContext>) {
  nozzleJobs.set(
    jobs,
    jobs.define<NozzlePayload>(
      'fuel.nozzleTimeout',
      (ctx, { transactionId }) => nozzleTimeout(ctx, transactionId),
      { retrySeconds: 15, maxAttempts: 40 },
    ),
  );
  registerHandler('fuel', { cancel: cancelFuel, reconcile: reconcileFuel });
}
