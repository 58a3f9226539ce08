import type { ServiceContext } from '../../platform/context.ts';
import type { ChargerLink, MeterReport } from '../../integrations/ocpp/port.ts';
import { requestStop } from './no-transaction.ts';
import * as repo from './repo.ts';
import type { ChargeRow } from './repo.ts';
import { cachedCharge, progress } from './live.ts';
import { stopCharge } from './service.ts';
import * as txRepo from './tx-repo.ts';

/**
 * The metering block: readings of a running transaction, published at once and written every
 * few seconds; a share's monthly cap stops the charge where it is reached; a reading of a
 * transaction no one is billed for asks its stop again.
 */

/** A power above this, in W, is energy flowing (below it, a meter's own draw or noise). */
const FLOWING_W = 100;

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
    await unbilledReading(ctx, link, report);
    return;
  }
  const row = await cachedCharge(ctx, id);
  if (!row || row.finishedAt || !['charging', 'stopping'].includes(row.state)) return;
  // An older reading than the one held changes nothing.
  if (row.meterLastAt && report.timestamp < row.meterLastAt) return;
  const register = report.energyWh ?? row.meterLast;
  const meterStart = row.meterStart ?? register;
  const energyWh =
    register === null || meterStart === null
      ? row.energyWh
      : Math.round(Math.max(0, register - meterStart) * 1000) / 1000;
  const next = await progress(ctx, row, {
    meterStart,
    meterLast: register,
    meterLastAt: report.timestamp,
    energyWh,
    // The zero-energy watchdog's clock: when a reading last showed energy flowing, by its
    // register or by its power (a coarse register, 0.1 or 1 kWh, moves slowly at low power).
    energyRoseAt:
      energyWh > row.energyWh || (report.powerW ?? 0) > FLOWING_W
        ? report.timestamp
        : row.energyRoseAt,
    powerW: Math.round(report.powerW ?? row.powerW),
  });
  // A share's monthly cap: the charge stops where it is reached (the stop is asked once; a
  // refused one is asked again at the next reading).
  if (next.energyCapWh !== null && next.energyWh >= next.energyCapWh && next.state === 'charging')
    void stopAtCap(ctx, next);
}

/** A reading of a transaction no charge is billed for: kept, and its stop asked again. */
async function unbilledReading(ctx: ServiceContext, link: ChargerLink, report: MeterReport) {
  const { transactionId, energyWh } = report;
  let tx = await txRepo.findTx(ctx.db, link.chargerId, transactionId);
  if (!tx && link.protocol === 'ocpp1.6') {
    // A 1.6 transaction we never heard begin (its StartTransaction lost, or an id the charger
    // made up offline): on record against the charger, and asked to stop, as no one can pay.
    tx = await txRepo.recordTx(ctx.db, {
      chargerId: link.chargerId,
      transactionId,
      connectorId: report.connectorId ?? null,
      billing: 'unbilled',
      meterStart: energyWh,
      meterLast: energyWh,
      startedAt: report.timestamp,
    });
    ctx.log.warn(
      { identity: link.identity, transactionId },
      'readings of a transaction never started here; asking the charger to stop',
    );
  }
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
