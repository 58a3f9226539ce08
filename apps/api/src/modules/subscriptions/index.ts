import type { ModuleDefinition } from '../../platform/modules.ts';
import type { Config } from '../../config.ts';
import { everyIfSet } from '../../platform/modules.ts';
import { renewDue as renew } from './renewal.ts';
import { subscriptionAdminRoutes } from './admin-routes.ts';
import { subscriptionRoutes } from './routes.ts';
export { cancel, subscribe, upgrade } from './service.ts';
export { renewDue } from './renewal.ts';
export {
  beverageCover,
  getPlan,
  listPlans,
  toPlan,
  toUserSubscription,
  usable,
  userWithUsable,
} from './views.ts';

export const subscriptionsModule: ModuleDefinition = {
  name: 'subscriptions',
  routes: [subscriptionRoutes, subscriptionAdminRoutes],
  // Renews subscriptions whose period has ended; each period is charged once, whichever process
  // runs it.
  jobs: (jobs, config: Config) => {
    everyIfSet(jobs, 'subscriptions.renew', config.RENEW_EVERY_SECONDS, renew);
  },
};
