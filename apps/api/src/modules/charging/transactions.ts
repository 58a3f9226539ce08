import type { ServiceContext } from '../../platform/context.ts';
import type {
  ChargerLink,
  MeterReport,
  NoticeReport,
  StartReport,
  StopReport,
  TagVerdict,
  TransactionReport,
} from '../../integrations/ocpp/port.ts';
import type { ChargeState } from '@stod/domain';
import { afterAnswer, requestStop } from './no-transaction.ts';
import * as repo from './repo.ts';
import type { ChargeRow } from './repo.ts';
import { cachedCharge, closeAt, freshest, progress, publish, stopCharge } from './service.ts';
import { openByTag, tagVerdict } from './tag-starts.ts';
import * as txRepo from './tx-repo.ts';

/**
 * The OCPP transactions block: starts, readings and stops of either version, each recorded in
 * `charger_transactions` whether or not anyone is billed for it. The charger is the truth about
 * its connectors: a start where we think another still runs closes the stale one; a start that
 * answers our remote start is linked by its tag, its remote start id or its connector; a
 * transaction nobody can be billed for is stopped remotely and shown to operators; a stop is
 * never refused, and a repeated end changes nothing.
 */

/** Why an operator should look at a charge: the codes of `charges.review_reason`. */
export const REVIEW = {
  /** A new transaction began on its connector before its stop came: closed at its last reading. */
  stopLost: 'stopLost',
  /** Its stop came but could not be applied as sent: closed at its last reading. */
  stopUnapplied: 'stopUnapplied',
} as const;

/** States of a charge that waits for its charger to name the transaction. */
const PENDING: readonly ChargeState[] = ['ready', 'starting', 'waiting', 'stopping'];

/** An id tag's standing now, as Authorize answers it. */
export async function tagStanding(
  ctx: ServiceContext,
  link: ChargerLink,
  idTag: string,
): Promise<TagVerdict> {
  // The backend's own tag of a charge opened in the app, or a provider card's.
  if (await repo.openChargeWithTag(ctx.db, link.chargerId, idTag)) return 'Accepted';
  return tagVerdict(ctx, link, idTag);
}

// ---------------------------------------------------------------------------------------------
// Starts.

/** The charge waiting for this start: by the remote start's id, else by tag at the connector. */
async function pendingChargeOf(
  ctx: ServiceContext,
  link: ChargerLink,
  report: StartReport & { remote?: boolean },
  transactionId: string,
): Promise<{ charge: ChargeRow | null; other: ChargeRow | null }> {
  if (report.remoteStartId !== undefined) {
    const byId = await repo.openChargeByRemoteStart(ctx.db, link.chargerId, report.remoteStartId);
    if (byId && !byId.ocppTx && PENDING.includes(byId.state)) return { charge: byId, other: null };
  }
  let open = await repo.openChargeAt(ctx.db, link.chargerId, report.connectorId);
  if (open?.ocppTx && open.ocppTx !== transactionId) {
    // The charger starts anew where we think a transaction still runs: its stop was lost.
    await closeStale(ctx, open, report.timestamp);
    open = null;
  }
  if (!open || open.source !== 'app' || open.ocppTx || !PENDING.includes(open.state))
    return { charge: null, other: open };
  if (report.idTag === open.idTag) return { charge: open, other: null };
  // A 2.0.1 remote start that names neither its token nor its id: the connector's pending start.
  if (report.idTag === null && report.remote) return { charge: open, other: null };
  return { charge: null, other: open };
}

async function closeStale(ctx: ServiceContext, row: ChargeRow, at: Date) {
  const fresh = freshest(ctx, row);
  ctx.log.warn(
    { chargeId: row.id, transactionId: row.ocppTx },
    'a new transaction began where a charge still ran; closed at its last reading',
  );
  await closeAt(ctx, row, {
    meterWh: fresh.meterLast,
    at: fresh.meterLastAt ?? at,
    reason: 'Superseded',
    review: REVIEW.stopLost,
  });
}

/**
 * A transaction begins: a 1.6 StartTransaction, or the first 2.0.1 event that says whose it is.
 * Answers the transaction id (1.6: a new one) and the tag's standing.
 */
export async function started(
  ctx: ServiceContext,
  link: ChargerLink,
  report: StartReport & { remote?: boolean },
): Promise<{ transactionId: string; status: TagVerdict }> {
  const { chargerId } = link;
  if (report.idTag !== null && report.transactionId === undefined) {
    // The same start again (a charger that did not hear our answer): the same transaction id.
    const repeat = await repo.chargeByStart(
      ctx.db,
      chargerId,
      report.connectorId,
      report.idTag,
      report.timestamp,
    );
    if (repeat?.ocppTx) return { transactionId: repeat.ocppTx, status: 'Accepted' };
    const refused = await txRepo.findStart(
      ctx.db,
      chargerId,
      report.connectorId,
      report.idTag,
      report.timestamp,
    );
    if (refused && !refused.chargeId)
      return {
        transactionId: refused.transactionId,
        status: await tagVerdict(ctx, link, report.idTag),
      };
  }
  const transactionId = report.transactionId ?? (await repo.nextTransactionId(ctx.db));
  if (report.transactionId !== undefined) {
    const known = await repo.chargeByTx(ctx.db, chargerId, report.transactionId);
    if (known)
      return {
        transactionId,
        status: !known.finishedAt || known.state === 'completed' ? 'Accepted' : 'Invalid',
      };
  }
  const { charge: waiting, other } = await pendingChargeOf(ctx, link, report, transactionId);
  let charge = waiting;
  let refusal: TagVerdict = 'Invalid';
  if (!charge && report.idTag !== null && (!other || other.source === 'tag')) {
    // A card presented at the charger: opened (or, repeated, finished) under its own key.
    const opened = await openByTag(ctx, link, { ...report, idTag: report.idTag });
    if (typeof opened === 'string') refusal = opened;
    else if (opened.idTag === report.idTag && !opened.ocppTx && PENDING.includes(opened.state))
      charge = opened;
  }
  const connectorId = charge?.connectorId ?? report.connectorId;
  const record = {
    chargerId,
    transactionId,
    connectorId,
    idTag: report.idTag,
    remoteStartId: report.remoteStartId ?? null,
    meterStart: report.meterStartWh,
    meterLast: report.meterStartWh,
    startedAt: report.timestamp,
  };
  const linked = charge ? await bindTx(ctx, charge, transactionId, report) : null;
  const tx = await txRepo.recordTx(ctx.db, {
    ...record,
    billing: linked ? 'billed' : 'unbilled',
    chargeId: linked?.id ?? null,
  });
  if (tx.billing === 'pending' || tx.chargeId !== (linked?.id ?? null))
    await txRepo.patchTx(ctx.db, tx.id, {
      ...record,
      billing: linked ? 'billed' : 'unbilled',
      chargeId: linked?.id ?? null,
    });
  if (!linked) {
    // Not ours to bill: an unknown or refused tag, or another's at a connector a charge waits at.
    ctx.log.warn(
      { identity: link.identity, connectorId, transactionId },
      'charger started a transaction no one can be billed for; asking it to stop',
    );
    afterAnswer(ctx, 'stop of an unbilled transaction', () => requestStop(ctx, link.identity, tx));
    return { transactionId, status: refusal };
  }
  if (linked.state === 'stopping')
    // Its user stopped it before the charger named the transaction: stopped now, billed as far
    // as it went.
    afterAnswer(ctx, 'stop of a charge stopped early', () => requestStop(ctx, link.identity, tx));
  return { transactionId, status: 'Accepted' };
}

/** Binds the charger's transaction to its charge; null if the charge moved meanwhile. */
async function bindTx(
  ctx: ServiceContext,
  charge: ChargeRow,
  transactionId: string,
  report: StartReport,
) {
  const moved = await repo.transition(ctx.db, charge.id, PENDING, {
    state: charge.state === 'stopping' ? 'stopping' : 'charging',
    ocppTx: transactionId,
    txStartedAt: report.timestamp,
    startedAt: report.timestamp,
    meterStart: report.meterStartWh,
    meterLast: report.meterStartWh,
    meterLastAt: report.timestamp,
    energyWh: 0,
    errorKey: null,
  });
  if (!moved) return null;
  await repo.setConnectorStatus(
    ctx.db,
    moved.chargerId,
    moved.connectorId,
    'Charging',
    null,
    report.timestamp,
  );
  await publish(ctx, moved);
  return moved;
}

// ---------------------------------------------------------------------------------------------
// Readings.

/** Transaction ids to charge ids, per process: meter values come often. */
const txIndex = new WeakMap<ServiceContext, Map<string, string>>();

function indexOf(ctx: ServiceContext) {
  let index = txIndex.get(ctx);
  if (!index) {
    index = new Map();
    txIndex.set(ctx, index);
  }
  return index;
}

async function chargeIdOf(ctx: ServiceContext, chargerId: string, tx: string) {
  const index = indexOf(ctx);
  const key = `${chargerId}:${tx}`;
  const known = index.get(key);
  if (known) return known;
  const row = await repo.chargeByTx(ctx.db, chargerId, tx);
  if (!row) return null;
  if (index.size > 50_000) index.clear();
  index.set(key, row.id);
  return row.id;
}

export async function meter(ctx: ServiceContext, link: ChargerLink, report: MeterReport) {
  const id = await chargeIdOf(ctx, link.chargerId, report.transactionId);
  if (!id) {
    await unbilledReading(ctx, link, report.transactionId, report.energyWh);
    return;
  }
  const row = await cachedCharge(ctx, id);
  if (!row || row.finishedAt || !['charging', 'stopping'].includes(row.state)) return;
  // An older reading than the one held changes nothing.
  if (row.meterLastAt && report.timestamp < row.meterLastAt) return;
  const register = report.energyWh ?? row.meterLast;
  const meterStart = row.meterStart ?? register;
  const next = await progress(ctx, row, {
    meterStart,
    meterLast: register,
    meterLastAt: report.timestamp,
    energyWh:
      register === null || meterStart === null
        ? row.energyWh
        : Math.round(Math.max(0, register - meterStart) * 1000) / 1000,
    powerW: Math.round(report.powerW ?? row.powerW),
  });
  // A share's monthly cap: the charge stops where it is reached (the stop is asked once; a
  // refused one is asked again at the next reading).
  if (next.energyCapWh !== null && next.energyWh >= next.energyCapWh && next.state === 'charging')
    void stopAtCap(ctx, next);
}

/** A reading of a transaction no charge is billed for: kept, and its stop asked again. */
async function unbilledReading(
  ctx: ServiceContext,
  link: ChargerLink,
  transactionId: string,
  energyWh: number | null,
) {
  const tx = await txRepo.findTx(ctx.db, link.chargerId, transactionId);
  if (!tx || tx.billing === 'billed' || tx.endedAt) return;
  if (energyWh !== null && energyWh !== tx.meterLast)
    await txRepo.patchTx(ctx.db, tx.id, { meterLast: energyWh });
  const delivered = energyWh !== null && tx.meterStart !== null && energyWh > tx.meterStart;
  if (tx.billing === 'pending' && !delivered) return;
  if (tx.billing === 'pending') {
    // Energy flows that no token or remote start has claimed: no one can be billed for it.
    await txRepo.patchTx(ctx.db, tx.id, { billing: 'unbilled' });
    ctx.log.warn(
      { identity: link.identity, transactionId },
      'energy flows in a transaction no one claimed; asking the charger to stop',
    );
  }
  await requestStop(ctx, link.identity, tx);
}

async function stopAtCap(ctx: ServiceContext, row: ChargeRow) {
  try {
    await stopCharge(ctx, row.userId, row.id);
    ctx.log.info({ chargeId: row.id, energyWh: row.energyWh }, 'a charge stopped at its cap');
  } catch (error) {
    ctx.log.warn({ chargeId: row.id, err: error }, 'a charge at its cap could not be stopped yet');
  }
}

// ---------------------------------------------------------------------------------------------
// Stops.

/**
 * A transaction ends. Recorded first (a failure here fails the message, and the charger sends
 * it again); then the charge is closed and settled from the stop, or, if that cannot be applied,
 * from its last reading and flagged for review. A settling that fails is left to the
 * reconciliation. Never refused.
 */
export async function stopped(
  ctx: ServiceContext,
  link: ChargerLink,
  report: StopReport,
): Promise<{ tagStatus: TagVerdict | null }> {
  const row = await repo.chargeByTx(ctx.db, link.chargerId, report.transactionId);
  await recordEnd(ctx, link, report, row);
  if (row && !row.finishedAt && row.state !== 'settling') {
    const end = { meterWh: report.meterStopWh, at: report.timestamp, reason: report.reason };
    try {
      await closeAt(ctx, row, end);
    } catch (error) {
      ctx.log.error(
        { err: error, chargeId: row.id },
        'stop not applied as sent; closing at the last reading',
      );
      await closeAt(ctx, row, { ...end, meterWh: null, review: REVIEW.stopUnapplied });
    }
  }
  return { tagStatus: report.idTag ? await standingOrNone(ctx, link, report.idTag) : null };
}

async function recordEnd(
  ctx: ServiceContext,
  link: ChargerLink,
  report: StopReport,
  row: ChargeRow | null,
) {
  const end = {
    endedAt: report.timestamp,
    stopReason: report.reason,
    ...(report.meterStopWh === null ? {} : { meterLast: report.meterStopWh }),
  };
  const tx = await txRepo.findTx(ctx.db, link.chargerId, report.transactionId);
  if (tx) {
    if (!tx.endedAt) await txRepo.patchTx(ctx.db, tx.id, end);
    return;
  }
  // A transaction we never heard begin (its start lost): on record, with whatever it tells.
  await txRepo.recordTx(ctx.db, {
    chargerId: link.chargerId,
    transactionId: report.transactionId,
    connectorId: row?.connectorId ?? null,
    idTag: report.idTag ?? row?.idTag ?? null,
    chargeId: row?.id ?? null,
    billing: row ? 'billed' : 'unbilled',
    meterStart: row?.meterStart ?? null,
    startedAt: row?.txStartedAt ?? report.timestamp,
    ...end,
  });
}

/** The tag's standing for the stop's answer; none (the field is optional) if it cannot be read. */
async function standingOrNone(ctx: ServiceContext, link: ChargerLink, idTag: string) {
  try {
    return await tagStanding(ctx, link, idTag);
  } catch (error) {
    ctx.log.warn({ err: error, identity: link.identity }, 'tag standing not read for a stop');
    return null;
  }
}

// ---------------------------------------------------------------------------------------------
// 2.0.1 TransactionEvent.

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

// ---------------------------------------------------------------------------------------------
// Notices.

export async function notice(ctx: ServiceContext, link: ChargerLink, report: NoticeReport) {
  await txRepo.insertNotice(ctx.db, {
    chargerId: link.chargerId,
    kind: report.kind,
    type: report.type.slice(0, 100),
    detail: report.detail,
    at: report.timestamp,
  });
  const log = report.kind === 'security' ? ctx.log.warn.bind(ctx.log) : ctx.log.info.bind(ctx.log);
  log({ identity: link.identity, kind: report.kind, type: report.type }, 'charger notice');
}

/**
 * A status of a connector whose charge was stopped before its charger named a transaction:
 * messages come in order, so a status sent after the stop, with no start before it, says there
 * is none. The charge ends without a sale and its hold is voided.
 */
export async function confirmNoTransaction(ctx: ServiceContext, open: ChargeRow, at: Date) {
  if (open.state !== 'stopping' || open.ocppTx || at < open.updatedAt) return;
  await closeAt(ctx, open, { meterWh: null, at, reason: 'NoTransaction' });
}
