import type { ServiceContext } from '../../platform/context.ts';
import { askNoTransaction, requestStop } from './no-transaction.ts';
import * as repo from './repo.ts';
import { freshest, publish } from './live.ts';
import { closeAt, settle } from './settle.ts';
import * as txRepo from './tx-repo.ts';
import { watchEnergy } from './watchdog.ts';
import { shareAll } from './power-sharing.ts';

/** A start whose process died mid-command is given back to the user after this long. */
const STARTING_STALE_MS = 60_000;
/** A charger that took the start but saw no car this long has given up (its own timeout). */
const WAITING_STALE_MS = 5 * 60_000;

/** An unbilled transaction still running is asked to stop again after this long. */
const STOP_AGAIN_MS = 60_000;

/**
 * A charge stopped before its charger named a transaction. While the charger is away the hold
 * stays (only the charger can say it holds none). Online, it is asked again; once it has been
 * online this long since the stop without naming a transaction, it holds none.
 */
async function noTransactionYet(ctx: ServiceContext, row: repo.ChargeRow, now: number) {
  const charger = await repo.findCharger(ctx.db, row.chargerId);
  if (!charger?.connected) return;
  const since = Math.max(row.updatedAt.getTime(), charger.connectedAt?.getTime() ?? 0);
  if (now - since > WAITING_STALE_MS) {
    await closeAt(ctx, row, { meterWh: null, at: new Date(now), reason: 'NoTransaction' });
    return;
  }
  await askNoTransaction(ctx, charger, row.connectorId);
}

/**
 * Brings every open charge to the truth of its charger and its payment. Safe to run on several
 * processes at once: every move is a guarded transition and every money step is keyed.
 */
export async function reconcileCharges(ctx: ServiceContext) {
  const now = ctx.clock.now().getTime();
  const offlineLimit = ctx.config.CHARGER_OFFLINE_CLOSE_MINUTES * 60_000;
  const unstartedLimit = ctx.config.RECONCILE_UNSTARTED_MINUTES * 60_000;
  for (const row of await repo.openCharges(ctx.db)) {
    try {
      const age = now - row.updatedAt.getTime();
      if (row.state === 'settling') {
        await settle(ctx, row);
      } else if (row.state === 'starting' && age > STARTING_STALE_MS && row.paymentId !== null) {
        const back = await repo.transition(ctx.db, row.id, ['starting'], { state: 'ready' });
        if (back) await publish(ctx, back);
      } else if (row.state === 'starting' && age > STARTING_STALE_MS && row.own) {
        const back = await repo.transition(ctx.db, row.id, ['starting'], { state: 'ready' });
        if (back) await publish(ctx, back);
      } else if (row.state === 'waiting' && age > WAITING_STALE_MS) {
        const back = await repo.transition(ctx.db, row.id, ['waiting'], { state: 'ready' });
        if (back) await publish(ctx, back);
      } else if (row.state === 'ready' && age > unstartedLimit) {
        const cancelled = await repo.transition(ctx.db, row.id, ['ready'], {
          state: 'cancelled',
          finishedAt: ctx.clock.now(),
          errorKey: 'error.paymentAbandoned',
        });
        if (cancelled) await settle(ctx, cancelled);
      } else if (row.state === 'stopping' && !row.ocppTx) {
        await noTransactionYet(ctx, row, now);
      } else if (row.state === 'charging' || row.state === 'stopping') {
        const charger = await repo.findCharger(ctx.db, row.chargerId);
        const lastSeen = charger?.lastSeenAt?.getTime() ?? 0;
        if (charger && !charger.connected && now - lastSeen > offlineLimit) {
          const fresh = freshest(ctx, row);
          await closeAt(ctx, row, {
            meterWh: fresh.meterLast,
            at: fresh.meterLastAt ?? new Date(lastSeen),
            reason: 'Offline',
            errorKey: 'error.chargerOffline',
          });
        } else if (charger) await watchEnergy(ctx, row, charger, now);
      }
    } catch (error) {
      ctx.log.warn(
        { err: error, chargeId: row.id },
        'charge reconciliation failed; next pass retries',
      );
    }
  }
  // Transactions no one can be billed for that still run: their stop is asked again.
  for (const { tx, identity } of await txRepo.runningUnbilled(
    ctx.db,
    new Date(now - STOP_AGAIN_MS),
  )) {
    try {
      await requestStop(ctx, identity, tx);
    } catch (error) {
      ctx.log.warn({ err: error, transactionId: tx.transactionId }, 'stop not asked; retried');
    }
  }
  // Power limits: shares a charger did not take, or a process did not live to send.
  await shareAll(ctx);
  for (const row of await repo.unreleasedHolds(ctx.db)) {
    try {
      await settle(ctx, row);
    } catch (error) {
      ctx.log.warn({ err: error, chargeId: row.id }, 'hold release failed; next pass retries');
    }
  }
}
