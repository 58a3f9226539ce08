import type { ModuleDefinition } from '../../platform/modules.ts';
import { carwashRoutes as routes } from './routes.ts';
import { defineCarwash as defineJobs, watchCarwash as watch } from './service.ts';
export { resumeWash } from './service.ts';

export const carwashModule: ModuleDefinition = {
  name: 'carwash',
  routes: [routes],
  jobs: (jobs) => {
    defineJobs(jobs);
  },
  watchers: [watch],
};
