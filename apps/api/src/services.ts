import type { Config } from './config.ts';
import { accountModule } from './modules/account/index.ts';
import { alarmsModule } from './modules/alarms/index.ts';
import { adminModule, stationScopeOf } from './modules/admin/index.ts';
import { supportModule } from './modules/support/index.ts';
import { auditModule } from './modules/audit/index.ts';
import { authModule } from './modules/auth/index.ts';
import { beveragesModule } from './modules/beverages/index.ts';
import { campaignsModule } from './modules/campaigns/index.ts';
import { carwashModule } from './modules/carwash/index.ts';
import { chargingModule } from './modules/charging/index.ts';
import { devModule } from './modules/dev/index.ts';
import { financeModule } from './modules/finance/index.ts';
import { foodModule } from './modules/food/index.ts';
import { fuelModule } from './modules/fuel/index.ts';
import { identityModule } from './modules/identity/index.ts';
import { installationsModule } from './modules/installations/index.ts';
import { notificationsModule } from './modules/notifications/index.ts';
import { paymentsModule } from './modules/payments/index.ts';
import { receiptPdfs, receiptsModule } from './modules/receipts/index.ts';
import { pricesModule } from './modules/prices/index.ts';
import { stationsModule } from './modules/stations/index.ts';
import { subscriptionsModule } from './modules/subscriptions/index.ts';
import { companyOf, systemModule } from './modules/system/index.ts';
import { transactionsModule } from './modules/transactions/index.ts';
import { vouchersModule } from './modules/vouchers/index.ts';
import { walletModule } from './modules/wallet/index.ts';
import {
  createContext,
  type ContextOptions,
  type OwnedContext,
  type ServiceContext,
} from './platform/context.ts';
import type { ModuleDefinition } from './platform/modules.ts';
import type { Projections, StaffRealtime } from './platform/realtime.ts';

/** Every module of the API, each as it describes itself; the routes are mounted in this order. */
export const modules: readonly ModuleDefinition[] = [
  authModule,
  accountModule,
  systemModule,
  stationsModule,
  pricesModule,
  walletModule,
  identityModule,
  receiptsModule,
  vouchersModule,
  campaignsModule,
  subscriptionsModule,
  paymentsModule,
  transactionsModule,
  fuelModule,
  carwashModule,
  chargingModule,
  installationsModule,
  foodModule,
  beveragesModule,
  adminModule,
  auditModule,
  supportModule,
  financeModule,
  alarmsModule,
  notificationsModule,
  devModule,
];

/**
 * The composition root of the services: the context with every module's jobs defined on it.
 * The HTTP app, a CLI script and a device gateway all start here; only a process that calls
 * `ctx.jobs.start()` (server.ts) runs the jobs.
 */
export async function createServices(
  config: Config,
  options: Omit<ContextOptions, 'receiptPdfs'>,
): Promise<OwnedContext> {
  const owned = await createContext(config, {
    ...options,
    receiptPdfs: receiptPdfs({
      workers: config.PDF_WORKERS,
      queueMax: config.PDF_QUEUE_MAX,
      perUser: config.PDF_PER_USER,
      cacheBytes: Math.round(config.PDF_CACHE_MB * 1024 * 1024),
      brand: companyOf(config),
    }),
  });
  for (const module of modules) module.jobs?.(owned.ctx.jobs, config);
  // Every process hears its devices and keeps the live figures of running transactions.
  const stops = modules.flatMap((module) =>
    (module.watchers ?? []).map((watch) => watch(owned.ctx)),
  );
  const close = owned.close.bind(owned);
  return {
    ...owned,
    close: async () => {
      for (const stop of stops) stop();
      await close();
    },
  };
}

/**
 * What a serving process does once when it starts, beside its jobs: open refuellings, washes and
 * charges are brought to the truth of their devices at once (a sale made while the API was down
 * is captured now, not at the first timer). Safe when several processes start together.
 */
export function atStart(ctx: ServiceContext) {
  for (const module of modules)
    module.atStart?.(ctx).catch((error: unknown) => {
      ctx.log.warn({ err: error, module: module.name }, 'work at start failed; the timer retries');
    });
}

/** What the realtime channel sends for each bus event, from the modules that own the objects. */
export const realtimeProjections: Projections = Object.assign(
  {},
  ...modules.map((module) => module.projections ?? {}),
) as Projections;

/** Staff sockets join their stations' rooms (an operator's, every station's). */
export function staffRealtime(ctx: ServiceContext): StaffRealtime {
  return {
    rooms: async (auth) => {
      const scope = await stationScopeOf(ctx.db, auth);
      return scope === 'all' ? ['stations:all'] : scope.map((id) => `station:${String(id)}`);
    },
    notices: Object.assign(
      {},
      ...modules.map((module) => module.staffNotices ?? {}),
    ) as StaffRealtime['notices'],
  };
}
