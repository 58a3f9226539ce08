import type { ServiceContext } from '../../platform/context.ts';
import type { ChargerLink, TagVerdict, TransactionReport } from '../../integrations/ocpp/port.ts';
import * as txRepo from './tx-repo.ts';
import { meter } from './metering.ts';
import { started, stopped } from './transactions.ts';

/**
 * OCPP 2.0.1's TransactionEvent, whole: each event is recorded against its transaction, linked
 * to its charge once it names a token or the remote start it answers, metered while it runs and
 * ended once; an event after the end is answered without acting.
 */

/** Transactions known billed and running, per process: their Updated events skip the lookup. */
const billedRunning = new WeakMap<ServiceContext, Set<string>>();

function billedOf(ctx: ServiceContext) {
  let set = billedRunning.get(ctx);
  if (!set) {
    set = new Set();
    billedRunning.set(ctx, set);
  }
  return set;
}

export async function transaction(
  ctx: ServiceContext,
  link: ChargerLink,
  report: TransactionReport,
): Promise<{ tagStatus: TagVerdict | null }> {
  const key = `${link.chargerId}:${report.transactionId}`;
  const billed = billedOf(ctx);
  if (report.eventType === 'Updated' && billed.has(key)) {
    await meterOf(ctx, link, report);
    return { tagStatus: report.idTag ? 'Accepted' : null };
  }
  let tx = await txRepo.findTx(ctx.db, link.chargerId, report.transactionId);
  // An event after the end (an Ended sent again after a lost answer): answered, nothing done.
  if (tx?.endedAt) return { tagStatus: null };
  if (!tx)
    tx = await txRepo.recordTx(ctx.db, {
      chargerId: link.chargerId,
      transactionId: report.transactionId,
      connectorId: report.evseId,
      idTag: report.idTag,
      remoteStartId: report.remoteStartId,
      meterStart: report.energyWh,
      meterLast: report.energyWh,
      startedAt: report.timestamp,
    });
  else {
    const learnt = {
      ...(tx.connectorId === null && report.evseId !== null ? { connectorId: report.evseId } : {}),
      ...(tx.idTag === null && report.idTag !== null ? { idTag: report.idTag } : {}),
      ...(tx.remoteStartId === null && report.remoteStartId !== null
        ? { remoteStartId: report.remoteStartId }
        : {}),
    };
    if (Object.keys(learnt).length > 0) tx = (await txRepo.patchTx(ctx.db, tx.id, learnt)) ?? tx;
  }
  let tagStatus: TagVerdict | null = null;
  const claimed =
    tx.idTag !== null || tx.remoteStartId !== null || report.triggerReason === 'RemoteStart';
  if (tx.billing === 'pending' && claimed) {
    const answer = await started(ctx, link, {
      connectorId: tx.connectorId ?? 0,
      idTag: tx.idTag,
      ...(tx.remoteStartId === null ? {} : { remoteStartId: tx.remoteStartId }),
      remote: report.triggerReason === 'RemoteStart',
      meterStartWh: tx.meterStart ?? report.energyWh,
      timestamp: tx.startedAt,
      transactionId: tx.transactionId,
    });
    tagStatus = answer.status;
  } else if (report.idTag !== null && tx.billing !== 'pending')
    tagStatus = tx.billing === 'billed' ? 'Accepted' : 'Invalid';
  if (report.eventType === 'Ended') {
    billed.delete(key);
    const stop = await stopped(ctx, link, {
      transactionId: report.transactionId,
      meterStopWh: report.energyWh,
      timestamp: report.timestamp,
      reason: report.stoppedReason ?? 'Local',
    });
    return { tagStatus: tagStatus ?? stop.tagStatus };
  }
  const now = await txRepo.findTx(ctx.db, link.chargerId, report.transactionId);
  if (now?.billing === 'billed' && !now.endedAt) {
    if (billed.size > 50_000) billed.clear();
    billed.add(key);
  }
  await meterOf(ctx, link, report);
  return { tagStatus };
}

async function meterOf(ctx: ServiceContext, link: ChargerLink, report: TransactionReport) {
  if (report.energyWh === null && report.powerW === null) return;
  await meter(ctx, link, {
    transactionId: report.transactionId,
    energyWh: report.energyWh,
    powerW: report.powerW,
    soc: report.soc,
    timestamp: report.readAt ?? report.timestamp,
  });
}
