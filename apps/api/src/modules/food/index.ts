import type { ModuleDefinition } from '../../platform/modules.ts';
import { everyIfSet } from '../../platform/modules.ts';
import { expireUnanswered as expire } from './kitchen.ts';
import { handToKitchens as hand, watchKitchens } from './kitchen-systems.ts';
import { foodRoutes as routes } from './routes.ts';
export { expireUnanswered } from './kitchen.ts';
export { handToKitchens } from './kitchen-systems.ts';

export const foodModule: ModuleDefinition = {
  name: 'food',
  routes: [routes],
  jobs: (jobs, config) => {
    // Orders the kitchen never answered expire and give their holds back; cut-off steps finish.
    everyIfSet(jobs, 'food.expire', config.FOOD_EXPIRE_EVERY_SECONDS, expire);
    // Stations without a staffed kitchen display hand their orders to the site's own kitchen
    // system, which the station process plays in the demo (not in production by default).
    if ((config.KITCHEN_SIM ?? (config.isProduction ? 'false' : 'true')) === 'true')
      jobs.every('food.kitchen-handover', 5, (ctx) => hand(ctx));
  },
  watchers: [watchKitchens],
  // The customer follows an order by its id, as a charge.
  projections: {
    'foodOrder.changed': (_ctx, { orderId, order }) =>
      Promise.resolve({ id: orderId, object: order }),
  },
  staffNotices: {
    // The kitchen display reads its orders again when one of its station's changes.
    'foodOrder.changed': ({ stationId, orderId, order }) => ({
      rooms: [`station:${String(stationId)}`, 'stations:all'],
      event: 'kitchen.order',
      data: { stationId, orderId, state: order.state },
    }),
  },
};
