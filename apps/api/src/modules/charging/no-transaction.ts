import type { ServiceContext } from '../../platform/context.ts';
import { ChargerUnreachable } from '../../integrations/ocpp/port.ts';
import { sendCommand } from './commands.ts';
import type { ChargerRow } from './repo.ts';
import * as txRepo from './tx-repo.ts';

/** A stop is asked again for a transaction that still runs after this long. */
const STOP_AGAIN_MS = 60_000;

/**
 * Asks a charger to stop a transaction no one is billed for (or whose charge was stopped before
 * the charger named it). Asked at most once a minute per transaction, by whichever process; the
 * reconciliation asks again while it runs.
 */
export async function requestStop(
  ctx: ServiceContext,
  identity: string,
  tx: Pick<txRepo.ChargerTxRow, 'id' | 'transactionId'>,
) {
  const now = ctx.clock.now();
  const claimed = await txRepo.claimStopRequest(
    ctx.db,
    tx.id,
    now,
    new Date(now.getTime() - STOP_AGAIN_MS),
  );
  if (!claimed) return;
  try {
    const answer = await sendCommand(ctx, identity, {
      kind: 'remoteStop',
      transactionId: tx.transactionId,
    });
    ctx.log.info({ identity, transactionId: tx.transactionId, answer }, 'asked a charger to stop');
  } catch (error) {
    if (!(error instanceof ChargerUnreachable)) throw error;
    ctx.log.warn({ identity, transactionId: tx.transactionId }, 'stop not delivered; asked again');
  }
}

/** Runs `task` once the answer being built has gone out (a 1.6 stop needs the id it carries). */
export function afterAnswer(ctx: ServiceContext, what: string, task: () => Promise<void>) {
  const timer = setTimeout(() => {
    task().catch((error: unknown) => {
      ctx.log.warn({ err: error }, `${what} failed; the reconciliation retries`);
    });
  }, 50);
  timer.unref();
}

/**
 * A charge stopped before its charger named a transaction: a transaction already reported at the
 * connector that no charge is billed for is asked to stop, and the connector's status is asked
 * for. Charger messages come in order, so a status that arrives after this, with no transaction
 * named before it, confirms there is none (see `confirmNoTransaction` in transactions.ts).
 */
export async function askNoTransaction(
  ctx: ServiceContext,
  charger: ChargerRow,
  connectorId: number,
) {
  const pending = await txRepo.unlinkedOpenTxAt(ctx.db, charger.id, connectorId);
  if (pending) await requestStop(ctx, charger.identity, pending);
  try {
    await sendCommand(ctx, charger.identity, { kind: 'triggerStatus', connectorId });
  } catch (error) {
    if (!(error instanceof ChargerUnreachable)) throw error;
    // Away: its charge keeps the hold until it returns and tells (the reconciliation watches).
  }
}
