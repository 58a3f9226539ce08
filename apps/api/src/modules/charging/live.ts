import { chargePrice, type Charge, type ConnectorStatus } from '@stod/domain';
import type { ServiceContext } from '../../platform/context.ts';
import { liveFiguresOf } from '../../platform/live-figures.ts';
import * as repo from './repo.ts';
import type { ChargePatch, ChargeRow } from './repo.ts';
import { chargeView, idleSecondsOf, secondsOf, statusOf, tariffOf } from './views.ts';

/**
 * Live figures. Meter values arrive every few seconds per charger: each is published at once
 * and written to the database every PERSIST_EVERY_MS, so a restart finds where a charge stood.
 * Every process keeps the latest view of each running charge from the bus.
 */

const PERSIST_EVERY_MS = 15_000;
const liveOf = liveFiguresOf<ChargeRow, Charge>(PERSIST_EVERY_MS, (ctx, rows) =>
  repo.writeMeterReadings(ctx.db, rows),
);

/** Keeps every process's view of running charges; answers the function that stops it. */
export function watchCharges(ctx: ServiceContext) {
  const live = liveOf(ctx);
  const stop = ctx.bus.subscribe('charge.changed', ({ charge }) => live.heard(charge));
  return () => {
    stop();
    // The readings still queued go to the database before it closes.
    void live.close();
  };
}

/** The live power at a connector, from the latest view of its running charge. */
export function livePower(ctx: ServiceContext) {
  const byConnector = new Map<string, number>();
  for (const charge of liveOf(ctx).latest.values())
    if (charge.state === 'charging')
      byConnector.set(`${charge.chargerId}:${charge.connectorId}`, charge.powerKw);
  return (chargerId: string, connectorId: number) =>
    byConnector.get(`${chargerId}:${connectorId}`) ?? null;
}

/** The charger's side of a charge's view. */
async function chargerSide(ctx: ServiceContext, row: ChargeRow) {
  const charger = await repo.findCharger(ctx.db, row.chargerId);
  const connector = charger ? await repo.findConnector(ctx.db, charger.id, row.connectorId) : null;
  return {
    identity: charger?.identity ?? '',
    status: charger ? statusOf(charger, connector ?? undefined) : ('Offline' as ConnectorStatus),
    online: charger?.connected ?? false,
  };
}

const priceOf = (row: ChargeRow, now: Date) =>
  row.own
    ? 0
    : chargePrice(
        tariffOf(row),
        row.energyWh,
        secondsOf(row, now),
        row.held || Infinity,
        idleSecondsOf(row, now),
      );

export async function toCharge(ctx: ServiceContext, row: ChargeRow): Promise<Charge> {
  const now = ctx.clock.now();
  return chargeView(row, await chargerSide(ctx, row), now, priceOf(row, now));
}

async function publishView(ctx: ServiceContext, charge: Charge, userId: string) {
  await ctx.bus.publish('charge.changed', { userId, chargeId: charge.id, charge });
}

export async function publish(ctx: ServiceContext, row: ChargeRow) {
  liveOf(ctx).published(row);
  await publishView(ctx, await toCharge(ctx, row), row.userId);
}

/** A running charge's row, from this process's cache or the database. */
export function cachedCharge(ctx: ServiceContext, id: string) {
  return liveOf(ctx).row(id, () => repo.findCharge(ctx.db, id));
}

/**
 * A meter reading: published at once, written every few seconds with the other due readings of
 * this process, in one statement that changes only the meter columns of a still running charge.
 */
export async function progress(ctx: ServiceContext, row: ChargeRow, set: ChargePatch) {
  const live = liveOf(ctx);
  const next: ChargeRow = { ...row, ...set, updatedAt: ctx.clock.now() };
  live.reading(next);
  // A reading changes the figures, not the charger: its side is the one last published (a
  // status or a connection change publishes from the database again).
  const seen = live.latest.get(row.id);
  if (seen?.state === next.state) {
    const now = ctx.clock.now();
    const { identity, status, online } = seen.charger;
    const view = chargeView(next, { identity, status, online }, now, priceOf(next, now));
    await publishView(ctx, view, next.userId);
  } else await publish(ctx, next);
  return next;
}

/** The freshest figures of a charge: this process's cache if it holds newer readings. */
export function freshest(ctx: ServiceContext, row: ChargeRow): ChargeRow {
  const cached = liveOf(ctx).cached(row.id);
  if (!cached || cached.state !== row.state) return row;
  const newer = (cached.meterLastAt?.getTime() ?? 0) > (row.meterLastAt?.getTime() ?? 0);
  return newer
    ? {
        ...row,
        meterLast: cached.meterLast,
        meterLastAt: cached.meterLastAt,
        energyWh: cached.energyWh,
        energyRoseAt: cached.energyRoseAt,
        powerW: cached.powerW,
      }
    : row;
}

export function withLive(ctx: ServiceContext, row: ChargeRow) {
  return toCharge(ctx, freshest(ctx, row));
}
