import type { StationLive } from '@stod/domain';
import type { ServiceContext } from '../../platform/context.ts';
import type { BayStatus } from '../../integrations/carwash/port.ts';
import type { PumpStatus } from '../../integrations/forecourt/port.ts';
import { machinesAtStation } from '../beverages/index.ts';
import { openAtStation } from '../transactions/index.ts';
import type { StationScope } from './repo.ts';
import { getStation } from './service.ts';

/** Reads a controller, or answers null when it cannot be reached. */
async function reach<T>(ctx: ServiceContext, read: () => Promise<T>): Promise<T | null> {
  try {
    return await read();
  } catch (error) {
    ctx.log.warn({ err: error }, 'station controller unreachable');
    return null;
  }
}

/**
 * A station's pumps, bays and coffee machines as their controllers report them, each with the open transaction
 * on it, for the staff screen. A station outside the caller's scope answers 404.
 */
export async function stationLive(
  ctx: ServiceContext,
  id: number,
  scope: StationScope,
): Promise<StationLive> {
  const station = await getStation(ctx.db, id, scope);
  const services = station.services;
  const [pumps, bays, open, machines] = await Promise.all([
    services.includes('fuel')
      ? reach<PumpStatus[]>(ctx, () => ctx.forecourt.pumps(station.tokheimStationId))
      : Promise.resolve([]),
    services.includes('carwash')
      ? reach<BayStatus[]>(ctx, () => ctx.carwash.bays(station.tokheimStationId))
      : Promise.resolve([]),
    openAtStation(ctx, station.id),
    machinesAtStation(ctx, station.id),
  ]);
  const on = (service: 'fuel' | 'carwash', point: number) =>
    open.find((t) => t.service === service && t.point === point) ?? null;
  return {
    station: { id: station.id, name: station.name },
    pumps: (pumps ?? []).map((p) => ({
      number: p.pump,
      state: p.state,
      transaction: on('fuel', p.pump),
      outOfService: station.closedPumps.includes(p.pump),
    })),
    bays: (bays ?? []).map((b) => ({
      number: b.bay,
      state: b.state,
      remainingSeconds: b.remainingSeconds,
      transaction: on('carwash', b.bay),
      outOfService: station.closedBays.includes(b.bay),
    })),
    machines,
    kitchen: services.includes('food'),
    kitchenPaused: station.kitchenPaused,
    kitchenAutoAccept: station.kitchenAutoAccept,
    kitchenPrepMinutes: station.kitchenPrepMinutes,
    reachable: { forecourt: pumps !== null, carwash: bays !== null },
  };
}
