import {
  KITCHEN_READY_IN_MINUTES,
  KitchenError,
  type KitchenReport,
  type KitchenVerdict,
} from '../../integrations/kitchen/port.ts';
import { AppError } from '../../lib/errors.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { accept, markCollected, markReady } from './kitchen.ts';
import * as repo from './repo.ts';
import type { FoodOrderRow } from './repo.ts';

/**
 * The stations' own kitchen systems (the station process plays one at every demo station). A
 * station whose kitchen display nobody has opened for three minutes has its open orders handed
 * to the site's kitchen; what the kitchen then reports is applied as staff's step would be. A
 * browser slows the timers of a hidden tab to about one a minute, so a tablet whose screen is off
 * still counts as staffed, and a kitchen's step on a staffed station's order is refused.
 */

const STAFFED_WITHIN_MS = 3 * 60_000;

function ticketOf(order: FoodOrderRow) {
  return {
    orderId: order.id,
    number: order.number,
    state: order.state as 'placed' | 'accepted' | 'ready',
    lines: order.lines.map((line) => ({ name: line.name, quantity: line.quantity })),
    placedAt: order.createdAt,
    acceptedAt: order.acceptedAt,
    readyBy: order.readyBy,
    readyAt: order.readyAt,
  };
}

/**
 * Hands every open order of an unstaffed station to its site's kitchen, each pass anew: the
 * kitchen knows an order by its id, and one that restarted learns again what it had.
 */
export async function handToKitchens(ctx: ServiceContext) {
  const now = ctx.clock.now().getTime();
  const rows = await repo.unattended(ctx.db, new Date(now - STAFFED_WITHIN_MS));
  const away = new Set<string>();
  for (const { order, site } of rows) {
    if (away.has(site)) continue;
    try {
      await ctx.kitchens.send(site, ticketOf(order));
    } catch (error) {
      // A site without a kitchen, or out of reach: its orders wait for the display or expire.
      if (!(error instanceof KitchenError)) throw error;
      away.add(site);
    }
  }
}

/** What a site's kitchen reports, applied to the order if the order is that site's to take. */
export async function applyKitchenReport(
  ctx: ServiceContext,
  report: KitchenReport,
): Promise<KitchenVerdict> {
  const found = await repo.orderAtSite(ctx.db, report.orderId);
  if (!found || found.site !== report.site || found.order.state === 'placing')
    return { ok: false, reason: 'not_found' };
  const now = ctx.clock.now().getTime();
  if (found.seenAt && found.seenAt.getTime() >= now - STAFFED_WITHIN_MS)
    return { ok: false, reason: 'staffed' };
  const scope = [found.order.stationId];
  try {
    if (report.step === 'accepted')
      await accept(ctx, found.order.id, report.readyInMinutes ?? KITCHEN_READY_IN_MINUTES, scope);
    else if (report.step === 'ready') await markReady(ctx, found.order.id, scope);
    else await markCollected(ctx, found.order.id, scope);
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 409)
      return { ok: false, reason: 'illegal_state' };
    throw error;
  }
  return { ok: true };
}

/** This process applies the kitchens' reports that reach it. */
export const watchKitchens = (ctx: ServiceContext) =>
  ctx.kitchens.handle((report) => applyKitchenReport(ctx, report));
