import type { ModuleDefinition } from '../../platform/modules.ts';
import { everyIfSet } from '../../platform/modules.ts';
import { installationAdminRoutes as adminRoutes } from './admin-routes.ts';
import { closeMonth as close } from './earnings.ts';
import { installationRoutes as routes } from './routes.ts';
export { closeMonth } from './earnings.ts';

export const installationsModule: ModuleDefinition = {
  name: 'installations',
  routes: [routes, adminRoutes],
  // Closes each month's owner earnings into payouts once the month has ended.
  jobs: (jobs, config) => {
    everyIfSet(jobs, 'installations.close-month', config.EARNINGS_CLOSE_EVERY_SECONDS, close);
  },
};
