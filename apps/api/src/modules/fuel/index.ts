import type { ModuleDefinition } from '../../platform/modules.ts';
import { fuelRoutes as routes } from './routes.ts';
import { defineFuel as defineJobs, watchForecourt as watch } from './service.ts';

// Fuel offers nothing to other modules but its definition.
export const fuelModule: ModuleDefinition = {
  name: 'fuel',
  routes: [routes],
  jobs: (jobs) => {
    defineJobs(jobs);
  },
  watchers: [watch],
};
