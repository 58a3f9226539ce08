import type { ModuleDefinition } from '../../platform/modules.ts';
import { everyIfSet } from '../../platform/modules.ts';
import { priceRoutes as routes } from './routes.ts';
import { settlePrices, siteBooted } from './service.ts';

export const pricesModule: ModuleDefinition = {
  name: 'prices',
  routes: [routes],
  // Price changes set for a time take effect within this many seconds of it, once; a sign
  // that missed its prices is sent them again as often.
  jobs: (jobs, config) => {
    everyIfSet(jobs, 'prices.apply', config.PRICE_APPLY_SECONDS, (ctx) => settlePrices(ctx));
  },
  // A site that booted may show nothing on its sign: it is sent its prices again.
  watchers: [
    (ctx) =>
      ctx.bus.subscribe('site.booted', ({ site }) =>
        siteBooted(ctx, site).catch((error: unknown) => {
          ctx.log.warn({ err: error, site }, 'prices for the sign after the site booted failed');
        }),
      ),
  ],
};
