import type { ServiceContext } from '../../platform/context.ts';
import type { ChargerLink, TagVerdict, TransactionReport } from '../../integrations/ocpp/port.ts';
import { endpointOf } from './commands.ts';
import * as repo from './repo.ts';
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
): Promise<{ tagStatus: TagVerdict | null; totalCost?: number }> {
  const key = `${link.chargerId}:${report.transactionId}`;
  const billed = billedOf(ctx);
  if (report.eventType === 'Updated' && billed.has(key)) {
    await txRepo.noteSeqNo(ctx.db, link.chargerId, report.transactionId, report.seqNo);
    await meterOf(ctx, link, report);
    costAfter(ctx, link, report.transactionId);
    return { tagStatus: report.idTag ? 'Accepted' : null };
  }
  let tx = await txRepo.findTx(ctx.db, link.chargerId, report.transactionId);
  // An event after the end (an Ended sent again after a lost answer): answered as before,
  // nothing done.
  if (tx?.endedAt) return { tagStatus: null, ...(await priceOf(ctx, link, report)) };
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
  const complete = await txRepo.noteSeqNo(
    ctx.db,
    link.chargerId,
    report.transactionId,
    report.seqNo,
  );
  let tagStatus: TagVerdict | null = null;
  const claimed =
    tx.idTag !== null || tx.remoteStartId !== null || report.triggerReason === 'RemoteStart';
  if (tx.billing === 'pending' && claimed) {
    const answer = await started(ctx, link, {
      connectorId: tx.connectorId ?? 0,
      idTag: tx.idTag,
      idTokenType: report.idTokenType ?? null,
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
    costsSent.get(ctx)?.delete(key);
    // Events missing at the end (sent while offline and not yet through): ask the charger.
    if (!complete) askStatus(ctx, link, report.transactionId);
    const stop = await stopped(ctx, link, {
      transactionId: report.transactionId,
      meterStopWh: report.energyWh,
      timestamp: report.timestamp,
      reason: report.stoppedReason ?? 'Local',
    });
    return { tagStatus: tagStatus ?? stop.tagStatus, ...(await priceOf(ctx, link, report)) };
  }
  const now = await txRepo.findTx(ctx.db, link.chargerId, report.transactionId);
  if (now?.billing === 'billed' && !now.endedAt) {
    if (billed.size > 50_000) billed.clear();
    billed.add(key);
  }
  await meterOf(ctx, link, report);
  costAfter(ctx, link, report.transactionId);
  return { tagStatus };
}

/**
 * GetTransactionStatus for a transaction that ended with events missing: the charger says
 * whether it still holds messages of it, which it then sends; the answer goes to the log.
 */
function askStatus(ctx: ServiceContext, link: ChargerLink, transactionId: string) {
  const commands = endpointOf(ctx)?.commandsOf(link.identity);
  if (!commands) return;
  void commands.call('GetTransactionStatus', { transactionId }).then((answer) => {
    ctx.log.info(
      { identity: link.identity, transactionId, answer },
      'a transaction ended with events missing; the charger was asked for its status',
    );
  });
}

function costAfter(ctx: ServiceContext, link: ChargerLink, transactionId: string) {
  sendCost(ctx, link, transactionId).catch((error: unknown) => {
    ctx.log.warn({ err: error, identity: link.identity }, 'the running price was not sent');
  });
}

/** The price of a billed charge at its end, in kroner, for the charger's display. */
async function priceOf(
  ctx: ServiceContext,
  link: ChargerLink,
  report: TransactionReport,
): Promise<{ totalCost?: number }> {
  if (report.eventType !== 'Ended') return {};
  const charge = await repo.chargeByTx(ctx.db, link.chargerId, report.transactionId);
  return charge?.stoppedAt ? { totalCost: charge.amount / 100 } : {};
}

/** The price last sent to each running 2.0.1 transaction's charger, and when, per process. */
const costsSent = new WeakMap<ServiceContext, Map<string, { at: number; amount: number }>>();

/**
 * Sends a running charge's price to its charger (`CostUpdated`, for the charger's display): the
 * first reading's, then at most every OCPP_COST_UPDATE_SECONDS and only when it changed. The
 * process handling the charger's event holds its connection, so the call goes on it directly,
 * and never holds up the event's answer.
 */
async function sendCost(ctx: ServiceContext, link: ChargerLink, transactionId: string) {
  const every = ctx.config.OCPP_COST_UPDATE_SECONDS * 1000;
  if (every === 0) return;
  let sent = costsSent.get(ctx);
  if (!sent) {
    sent = new Map();
    costsSent.set(ctx, sent);
  }
  const key = `${link.chargerId}:${transactionId}`;
  const charge = await repo.chargeByTx(ctx.db, link.chargerId, transactionId);
  if (!charge || charge.stoppedAt) return;
  const last = sent.get(key);
  const now = performance.now();
  if (last && (last.amount === charge.amount || now - last.at < every)) return;
  if (sent.size > 50_000) sent.clear();
  sent.set(key, { at: now, amount: charge.amount });
  await endpointOf(ctx)
    ?.commandsOf(link.identity)
    ?.call('CostUpdated', { totalCost: charge.amount / 100, transactionId });
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
