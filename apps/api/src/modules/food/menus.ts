import type { Menu } from '@stod/domain';
import type { ServiceContext } from '../../platform/context.ts';
import { MenuUnavailableError } from '../../integrations/menu/port.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import * as repo from './repo.ts';

/**
 * The station menus, read from the ERP through the menu port and kept a minute per process.
 * When the ERP does not answer, the last menu read stands in for an hour; with none, the
 * answer is 503. A station without a kitchen has no menu (404).
 */

const FRESH_MS = 60_000;
const STALE_MS = 3_600_000;

interface Kept {
  menu: Menu;
  at: number;
}

const caches = new WeakMap<ServiceContext, Map<number, Kept>>();
const pending = new WeakMap<ServiceContext, Map<number, Promise<Menu>>>();

export const menuUnavailable = () =>
  new AppError(503, 'MENU_UNAVAILABLE', 'error.menuUnavailable', undefined, {
    'retry-after': '10',
  });

function mapOf<T>(all: WeakMap<ServiceContext, Map<number, T>>, ctx: ServiceContext) {
  let map = all.get(ctx);
  if (!map) {
    map = new Map();
    all.set(ctx, map);
  }
  return map;
}

/** A food station with its menu; 404 for a station that is not there or has no kitchen. */
export async function stationMenu(ctx: ServiceContext, stationId: number) {
  const station = await repo.findStation(ctx.db, stationId);
  if (!station?.services.includes('food')) throw notFound();
  const kept = mapOf(caches, ctx).get(stationId);
  const now = Date.now();
  if (kept && now - kept.at < FRESH_MS) return { station, menu: kept.menu };
  const inFlight = mapOf(pending, ctx);
  let read = inFlight.get(stationId);
  if (!read) {
    read = (async () => {
      const menu = await ctx.menu.menuOf({
        id: station.id,
        tokheimStationId: station.tokheimStationId,
      });
      if (!menu) throw notFound();
      mapOf(caches, ctx).set(stationId, { menu, at: Date.now() });
      return menu;
    })().finally(() => inFlight.delete(stationId));
    inFlight.set(stationId, read);
  }
  try {
    return { station, menu: await read };
  } catch (error) {
    if (!(error instanceof MenuUnavailableError)) throw error;
    ctx.log.warn({ stationId, err: error }, 'the ERP did not answer for a menu');
    if (kept && now - kept.at < STALE_MS) return { station, menu: kept.menu };
    throw menuUnavailable();
  }
}

/** Forgets the menus this process keeps (the dev controls change the simulator's). */
export function forgetMenus(ctx: ServiceContext) {
  caches.delete(ctx);
}
