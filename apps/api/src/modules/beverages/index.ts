import type { ModuleDefinition } from '../../platform/modules.ts';
import { everyIfSet } from '../../platform/modules.ts';
import { reconcileBeverages as reconcile } from './reconcile.ts';
import { beverageDevRoutes as devRoutes, beverageRoutes as routes } from './routes.ts';
import { watchMachines as watch } from './service.ts';
export { POUR_LOST_AFTER_MS, reconcileBeverages } from './reconcile.ts';
export { machinesAtStation } from './service.ts';
export { setMachineOutOfService } from './repo.ts';

export const beveragesModule: ModuleDefinition = {
  name: 'beverages',
  routes: [routes],
  devRoutes: [devRoutes],
  // Finishes the one-time purchases a crash or a lost webhook left half-way, and the pours whose
  // end was never heard.
  jobs: (jobs, config) => {
    everyIfSet(jobs, 'beverages.reconcile', config.STATION_RECONCILE_EVERY_SECONDS, reconcile);
  },
  watchers: [watch],
  // A cup on its way, named by its transaction id (the fill's `transaction_id`).
  projections: {
    'beverage.changed': (_ctx, { fillId, fill }) => Promise.resolve({ id: fillId, object: fill }),
  },
};
