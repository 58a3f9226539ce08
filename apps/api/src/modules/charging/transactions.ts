import type { ServiceContext } from '../../platform/context.ts';
import type {
  ChargerLink,
  StartReport,
  StopReport,
  TagVerdict,
} from '../../integrations/ocpp/port.ts';
import type { ChargeState } from '@stod/domain';
import { afterAnswer, requestStop } from './no-transaction.ts';
import * as repo from './repo.ts';
import type { ChargeRow } from './repo.ts';
import { freshest, publish } from './live.ts';
import { closeAt } from './settle.ts';
import { contractMisused, mayStop, openByTag, tagVerdict } from './tag-starts.ts';
import { shareSoon } from './power-sharing.ts';
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
  idTokenType?: string | null,
): Promise<TagVerdict> {
  // A contract's eMAID presented as anything but one (an RFID card, a 1.6 tag): not secret, so
  // it stands for nothing.
  if (await contractMisused(ctx, idTag, idTokenType)) return 'Invalid';
  // The backend's own tag of a charge opened in the app, or a provider card's; a master pass,
  // or a tag of the group whose charge runs here, presented to stop it.
  if (await repo.openChargeWithTag(ctx.db, link.chargerId, idTag)) return 'Accepted';
  if (await mayStop(ctx, link, idTag)) return 'Accepted';
  return tagVerdict(ctx, link, idTag, idTokenType);
}

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
        status: await tagVerdict(ctx, link, report.idTag, report.idTokenType),
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
  // Once the charger knows the transaction's id: its share of the installation's power limit.
  else shareSoon(ctx, linked.installationId);
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
  // A stop with another tag than the start's: a master pass or a tag of the same group stands.
  const groupStop =
    typeof report.idTag === 'string' &&
    row !== null &&
    report.idTag !== row.idTag &&
    (await mayStop(ctx, link, report.idTag, row.idTag));
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
  if (groupStop) return { tagStatus: 'Accepted' };
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

/**
 * A status of a connector whose charge was stopped before its charger named a transaction:
 * messages come in order, so a status sent after the stop, with no start before it, says there
 * is none. The charge ends without a sale and its hold is voided.
 */
export async function confirmNoTransaction(ctx: ServiceContext, open: ChargeRow, at: Date) {
  if (open.state !== 'stopping' || open.ocppTx || at < open.updatedAt) return;
  await closeAt(ctx, open, { meterWh: null, at, reason: 'NoTransaction' });
}
