import type { ModuleDefinition } from '../../platform/modules.ts';
import { everyIfSet } from '../../platform/modules.ts';
import { priceRoutes as routes } from './routes.ts';
import { applyDuePrices } from './service.ts';

export const pricesModule: ModuleDefinition = {
  name: 'prices',
  routes: [routes],
  // Price changes set for a time take effect within this many seconds of it, once.
  jobs: (jobs, config) => {
    everyIfSet(jobs, 'prices.apply', config.PRICE_APPLY_SECONDS, applyDuePrices);
  },
};
