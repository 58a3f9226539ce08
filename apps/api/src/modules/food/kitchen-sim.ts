import type { ServiceContext } from '../../platform/context.ts';
import { accept, markCollected, markReady } from './kitchen.ts';
import * as repo from './repo.ts';

/**
 * A kitchen for stations where no display is staffed (none asked for its orders within three
 * minutes; a browser slows the timers of a hidden tab to about one a minute, so a tablet whose
 * screen is off still counts as staffed): it accepts an order after KITCHEN_SIM_ACCEPT_SECONDS with a ready-by time of 8
 * minutes, readies it then, and hands it over a few minutes later, each time divided by
 * SIM_SPEED. So `npm start` shows the whole flow without anyone at the kitchen.
 */

const STAFFED_WITHIN_MS = 3 * 60_000;
const READY_IN_MINUTES = 8;
const COLLECTED_AFTER_MS = 5 * 60_000;

export async function simulateKitchens(ctx: ServiceContext) {
  const now = ctx.clock.now().getTime();
  const speed = ctx.config.SIM_SPEED;
  const rows = await repo.unattended(ctx.db, new Date(now - STAFFED_WITHIN_MS));
  for (const { order } of rows) {
    try {
      if (order.state === 'placed') {
        if (
          now - order.updatedAt.getTime() >=
          (ctx.config.KITCHEN_SIM_ACCEPT_SECONDS * 1000) / speed
        )
          await accept(ctx, order.id, READY_IN_MINUTES, 'all');
      } else if (order.state === 'accepted' && order.acceptedAt && order.readyBy) {
        const cooking = order.readyBy.getTime() - order.acceptedAt.getTime();
        if (now - order.acceptedAt.getTime() >= cooking / speed)
          await markReady(ctx, order.id, 'all');
      } else if (order.state === 'ready' && order.readyAt) {
        if (now - order.readyAt.getTime() >= COLLECTED_AFTER_MS / speed)
          await markCollected(ctx, order.id, 'all');
      }
    } catch (error) {
      ctx.log.warn(
        { err: error, orderId: order.id },
        'the simulated kitchen could not move an order',
      );
    }
  }
}
