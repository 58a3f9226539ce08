import type { ServiceContext } from '../../platform/context.ts';
import { numberOfUuid } from '../../lib/uuid-number.ts';
import { ChargerUnreachable } from '../../integrations/ocpp/port.ts';
import { sendCommand } from './commands.ts';
import { askNoTransaction } from './no-transaction.ts';
import * as repo from './repo.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { ChargeRow } from './repo.ts';
import { chargerUnavailable, chargerOffline, illegalState } from './errors.ts';
import { toCharge, publish, freshest, withLive } from './live.ts';
import { assertFree } from './opening.ts';
import { settle } from './settle.ts';

/**
 * Charges: opened at a connector with a hold (none at the user's own installation), started and
 * stopped over OCPP, priced by kWh or by minute, captured once at most the hold, the rest
 * released, the receipt written and the owner credited. Every step is written before the next.
 */

// ---------------------------------------------------------------------------------------------
// Start, stop, cancel, delete.

async function owned(ctx: ServiceContext, userId: string, id: string) {
  const row = await repo.findOwnedCharge(ctx.db, userId, id);
  if (!row) throw notFound();
  return row;
}

export async function startCharge(ctx: ServiceContext, userId: string, id: string) {
  const row = await owned(ctx, userId, id);
  if (row.state !== 'ready') {
    if (['waiting', 'charging'].includes(row.state)) return withLive(ctx, row);
    throw illegalState();
  }
  const charger = await repo.findCharger(ctx.db, row.chargerId);
  if (!charger) throw chargerUnavailable();
  // A busy or faulted connector is refused here, before any command goes out.
  await assertFree(ctx, charger, row.connectorId);
  // The remote start's id is kept before it goes out: a 2.0.1 charger may name the start by it
  // alone (no idToken in its TransactionEvent).
  const remoteStartId = remoteStartIdOf(row.id);
  const starting = await repo.transition(ctx.db, row.id, ['ready'], {
    state: 'starting',
    errorKey: null,
    remoteStartId,
  });
  if (!starting) throw illegalState();
  let answer;
  try {
    answer = await sendCommand(ctx, charger.identity, {
      kind: 'remoteStart',
      connectorId: row.connectorId,
      idTag: row.idTag,
      remoteStartId,
    });
  } catch (error) {
    if (!(error instanceof ChargerUnreachable)) throw error;
    await backToReady(ctx, row.id, 'error.chargerOffline');
    throw chargerOffline();
  }
  if (answer !== 'Accepted') {
    await backToReady(ctx, row.id, 'error.chargerRefused');
    throw new AppError(409, 'CHARGER_REFUSED', 'error.chargerRefused');
  }
  // The charger may have started already (the car was plugged in): then it is charging.
  const waiting = await repo.transition(ctx.db, row.id, ['starting'], { state: 'waiting' });
  const now = waiting ?? (await repo.findCharge(ctx.db, row.id)) ?? row;
  await publish(ctx, now);
  return withLive(ctx, now);
}

const remoteStartIdOf = (id: string) => numberOfUuid(id, 7);

async function backToReady(ctx: ServiceContext, id: string, errorKey: string) {
  const back = await repo.transition(ctx.db, id, ['starting'], { state: 'ready', errorKey });
  if (back) await publish(ctx, back);
}

export async function stopCharge(ctx: ServiceContext, userId: string, id: string) {
  const row = await owned(ctx, userId, id);
  if (['stopping', 'settling', 'completed'].includes(row.state)) return withLive(ctx, row);
  if (row.state === 'waiting') return stopBeforeStart(ctx, row);
  if (row.state !== 'charging' || !row.ocppTx) throw illegalState();
  const charger = await repo.findCharger(ctx.db, row.chargerId);
  if (!charger) throw chargerUnavailable();
  const stopping = await repo.transition(ctx.db, row.id, ['charging'], { state: 'stopping' });
  if (!stopping) return withLive(ctx, (await repo.findCharge(ctx.db, row.id)) ?? row);
  await publish(ctx, freshest(ctx, stopping));
  let answer;
  try {
    answer = await sendCommand(ctx, charger.identity, {
      kind: 'remoteStop',
      transactionId: row.ocppTx,
    });
  } catch (error) {
    if (!(error instanceof ChargerUnreachable)) throw error;
    answer = 'unreachable' as const;
  }
  if (answer !== 'Accepted') {
    const back = await repo.transition(ctx.db, row.id, ['stopping'], { state: 'charging' });
    if (back) await publish(ctx, freshest(ctx, back));
    throw answer === 'unreachable'
      ? chargerOffline()
      : new AppError(409, 'CHARGER_REFUSED', 'error.chargerRefused');
  }
  const now = (await repo.findCharge(ctx.db, row.id)) ?? stopping;
  return withLive(ctx, now);
}

/**
 * A charge stopped after its charger took the remote start but before it named a transaction:
 * the charger may hold one we have not heard of yet. It goes to 'stopping' with its hold; the
 * charger is asked for its connector's status (and to stop any unclaimed transaction there).
 * A start that comes now is linked and stopped at once, billed as far as it went; a status with
 * no start before it confirms there is none, and the hold is voided (transactions.ts).
 */
async function stopBeforeStart(ctx: ServiceContext, row: ChargeRow) {
  const stopping = await repo.transition(ctx.db, row.id, ['waiting'], { state: 'stopping' });
  if (!stopping) return withLive(ctx, (await repo.findCharge(ctx.db, row.id)) ?? row);
  await publish(ctx, stopping);
  const charger = await repo.findCharger(ctx.db, row.chargerId);
  if (charger)
    void askNoTransaction(ctx, charger, row.connectorId).catch((error: unknown) => {
      ctx.log.warn({ err: error, chargeId: row.id }, 'charger not asked; the reconciliation asks');
    });
  return withLive(ctx, stopping);
}

export async function cancelCharge(ctx: ServiceContext, userId: string, id: string) {
  const row = await owned(ctx, userId, id);
  if (row.state === 'cancelled') return toCharge(ctx, row);
  if (row.state === 'waiting') return stopBeforeStart(ctx, row);
  if (row.state !== 'ready') throw illegalState();
  const cancelled = await repo.transition(ctx.db, row.id, ['ready'], {
    state: 'cancelled',
    finishedAt: ctx.clock.now(),
  });
  if (!cancelled) throw illegalState();
  return toCharge(ctx, await settle(ctx, cancelled));
}

export async function deleteCharge(ctx: ServiceContext, userId: string, id: string) {
  const row = await owned(ctx, userId, id);
  const neverStarted = !row.startedAt && !row.ocppTx && !row.receiptId;
  if (!neverStarted || !['ready', 'cancelled', 'failed'].includes(row.state)) throw illegalState();
  if (row.state === 'ready') {
    const cancelled = await repo.transition(ctx.db, row.id, ['ready'], {
      state: 'cancelled',
      finishedAt: ctx.clock.now(),
    });
    if (!cancelled) throw illegalState();
    await settle(ctx, cancelled);
  }
  const again = await repo.findCharge(ctx.db, row.id);
  // A hold not yet released stays on record until it is.
  if (again && again.paymentId && again.released < again.held) throw illegalState();
  // The payment keeps its own record; the charge row goes, as the user asked.
  await repo.deleteCharge(ctx.db, row.id);
}

// ---------------------------------------------------------------------------------------------
// Reading.

export async function getCharge(ctx: ServiceContext, userId: string, id: string) {
  return withLive(ctx, await owned(ctx, userId, id));
}

export async function activeCharge(ctx: ServiceContext, userId: string) {
  const row = await repo.openChargeOfUser(ctx.db, userId);
  return { charge: row ? await withLive(ctx, row) : null };
}

export async function listCharges(
  ctx: ServiceContext,
  userId: string,
  offset: number,
  take: number,
) {
  const page = await repo.listCharges(ctx.db, userId, offset, take);
  return {
    items: await Promise.all(page.items.map((row) => withLive(ctx, row))),
    total: page.total,
  };
}
