import { withSoldOut, type Menu, type MenuAvailability } from '@stod/domain';
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

/**
 * A food station with its menu as the customer sees it: the ERP's, with what staff marked sold
 * out at the station; 404 for a station that is not there or has no kitchen.
 */
export async function stationMenu(ctx: ServiceContext, stationId: number) {
  const [read, soldOut] = await Promise.all([
    erpMenu(ctx, stationId),
    repo.soldOutAt(ctx.db, stationId, ctx.clock.now()),
  ]);
  return { station: read.station, menu: withSoldOut(read.menu, soldOut) };
}

/** A food station with its menu as the ERP has it, kept a minute per process. */
async function erpMenu(ctx: ServiceContext, stationId: number) {
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

/**
 * Marks a product or offer of a station's menu sold out (until a time, or until staff say it is
 * back), or back now: for the operator, the station's manager and its kitchen. An item that is
 * not on the station's menu answers 404, a time that has passed 422.
 */
export async function setAvailability(
  ctx: ServiceContext,
  stationId: number,
  itemId: string,
  change: MenuAvailability,
) {
  const { menu } = await erpMenu(ctx, stationId);
  const onMenu =
    menu.products.some((p) => p.id === itemId) || menu.offers.some((o) => o.id === itemId);
  if (!onMenu) throw notFound();
  const until = change.until ? new Date(change.until) : null;
  if (until && until.getTime() <= ctx.clock.now().getTime())
    throw new AppError(422, 'UNTIL_PAST', 'error.untilPast', { until: 'error.untilPast' });
  const before = (await repo.soldOutAt(ctx.db, stationId, ctx.clock.now())).has(itemId);
  await repo.setSoldOut(ctx.db, stationId, itemId, change.available ? null : { until });
  return {
    before: { itemId, available: !before },
    after: { itemId, available: change.available, until: until?.toISOString() ?? null },
  };
}
