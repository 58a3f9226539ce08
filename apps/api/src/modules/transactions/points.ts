import type { Locale, PointState, StationPoints, StationTransactionService } from '@stod/domain';
import type { ServiceContext } from '../../platform/context.ts';
import { getStation } from '../stations/index.ts';
import * as repo from './repo.ts';

export interface PointReader<S extends string> {
  /** The controller's word on every point of a site. */
  read(site: string): Promise<{ number: number; state: S }[]>;
  /** The state of a point that can take a customer. */
  free: S;
  /** States in which a point cannot be chosen at all. */
  unavailable: readonly S[];
  /** A refusal of the controller (unreachable): every point is then unavailable. */
  isRefusal(error: unknown): boolean;
}

/**
 * A station's pumps or bays as the selection screens show them: free, busy (working, or held by
 * an open transaction of ours) or unavailable (out of order, out of reach).
 */
export async function pointsOf<S extends string>(
  ctx: ServiceContext,
  stationId: number,
  locale: Locale,
  service: StationTransactionService,
  reader: PointReader<S>,
): Promise<StationPoints> {
  const station = await getStation(ctx, stationId, locale);
  if (!station.services.includes(service)) return { items: [] };
  let states = new Map<number, S>();
  try {
    states = new Map(
      (await reader.read(station.tokheim_station_id)).map((p) => [p.number, p.state]),
    );
  } catch (error) {
    if (!reader.isRefusal(error)) throw error;
  }
  const closed = await repo.closedPoints(ctx.db, station.id, service);
  const taken = new Set(
    (await repo.openAtStation(ctx.db, station.id))
      .filter((row) => row.service === service)
      .map((row) => row.point),
  );
  const shown = (state: S | undefined, held: boolean): PointState => {
    if (state === undefined || reader.unavailable.includes(state)) return 'unavailable';
    return state === reader.free && !held ? 'free' : 'busy';
  };
  const numbers = service === 'fuel' ? station.pumps : station.carwashBays;
  return {
    items: numbers.map((number) => ({
      number,
      state: closed.has(number) ? 'unavailable' : shown(states.get(number), taken.has(number)),
    })),
  };
}
