import type { Config } from './config.ts';
import { defineCarwash, watchCarwash } from './modules/carwash/index.ts';
import { reconcileCharges, serveCommands, watchCharges } from './modules/charging/index.ts';
import { closeMonth } from './modules/installations/index.ts';
import { expireUnanswered, simulateKitchens } from './modules/food/index.ts';
import { reconcileBeverages, watchMachines } from './modules/beverages/index.ts';
import { defineFuel, watchForecourt } from './modules/fuel/index.ts';
import { reconcile } from './modules/payments/index.ts';
import { receiptPdfs, receiptProjections } from './modules/receipts/index.ts';
import { companyOf } from './modules/system/index.ts';
import { defineNotifications } from './modules/notifications/index.ts';
import { renewDue } from './modules/subscriptions/index.ts';
import { reconcileStationTransactions, watchTransactions } from './modules/transactions/index.ts';
import { defineWalletJobs, walletProjections } from './modules/wallet/index.ts';
import {
  createContext,
  type ContextOptions,
  type OwnedContext,
  type ServiceContext,
} from './platform/context.ts';
import type { Projections, StaffRealtime } from './platform/realtime.ts';
import { stationScopeOf } from './modules/admin/index.ts';

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
  const { jobs } = owned.ctx;
  defineWalletJobs(jobs);
  // Push messages are sent by a job, retried with back-off.
  defineNotifications(jobs);
  // Voids holds whose service never started; safe to repeat after a crash, as its steps are keyed.
  if (config.RECONCILE_EVERY_SECONDS > 0)
    jobs.every('payments.reconcile', config.RECONCILE_EVERY_SECONDS, (ctx) =>
      reconcile(ctx, config.RECONCILE_UNSTARTED_MINUTES * 60_000),
    );
  // Renews subscriptions whose period has ended; each period is charged once, whichever process runs it.
  if (config.RENEW_EVERY_SECONDS > 0)
    jobs.every('subscriptions.renew', config.RENEW_EVERY_SECONDS, (ctx) => renewDue(ctx));
  defineFuel(jobs);
  defineCarwash(jobs);
  // Brings open refuellings and washes to the truth of their controllers and payments.
  if (config.STATION_RECONCILE_EVERY_SECONDS > 0)
    jobs.every('stations.reconcile', config.STATION_RECONCILE_EVERY_SECONDS, (ctx) =>
      reconcileStationTransactions(ctx),
    );
  // Finishes the one-time drink purchases a crash or a lost webhook left half-way, and the pours
  // whose end was never heard.
  if (config.STATION_RECONCILE_EVERY_SECONDS > 0)
    jobs.every('beverages.reconcile', config.STATION_RECONCILE_EVERY_SECONDS, (ctx) =>
      reconcileBeverages(ctx).then(() => undefined),
    );
  // Brings open charges to the truth of their chargers and payments.
  if (config.CHARGE_RECONCILE_EVERY_SECONDS > 0)
    jobs.every('charges.reconcile', config.CHARGE_RECONCILE_EVERY_SECONDS, (ctx) =>
      reconcileCharges(ctx),
    );
  // Food orders the kitchen never answered expire and give their holds back; cut-off steps finish.
  if (config.FOOD_EXPIRE_EVERY_SECONDS > 0)
    jobs.every('food.expire', config.FOOD_EXPIRE_EVERY_SECONDS, (ctx) =>
      expireUnanswered(ctx).then(() => undefined),
    );
  // Stations without a staffed kitchen display get the simulated kitchen (not in production).
  if ((config.KITCHEN_SIM ?? (config.isProduction ? 'false' : 'true')) === 'true')
    jobs.every('food.kitchen-sim', 5, (ctx) => simulateKitchens(ctx));
  // Closes each month's owner earnings into payouts once the month has ended.
  if (config.EARNINGS_CLOSE_EVERY_SECONDS > 0)
    jobs.every('installations.close-month', config.EARNINGS_CLOSE_EVERY_SECONDS, (ctx) =>
      closeMonth(ctx).then(() => undefined),
    );
  // Every process hears its devices and keeps the live figures of running transactions.
  const stops = [
    watchTransactions(owned.ctx),
    watchForecourt(owned.ctx),
    watchCarwash(owned.ctx),
    watchCharges(owned.ctx),
    watchMachines(owned.ctx),
    serveCommands(owned.ctx),
  ];
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
 * What a serving process does once when it starts, beside its jobs: open refuellings and washes
 * are brought to the truth of their controllers at once (a sale made while the API was down is
 * captured now, not at the first timer). Safe when several processes start together.
 */
export function atStart(ctx: ServiceContext) {
  reconcileStationTransactions(ctx).catch((error: unknown) => {
    ctx.log.warn({ err: error }, 'station reconciliation at start failed; the timer retries');
  });
  reconcileCharges(ctx).catch((error: unknown) => {
    ctx.log.warn({ err: error }, 'charge reconciliation at start failed; the timer retries');
  });
}

/** What the realtime channel sends for each bus event, from the modules that own the objects. */
export const realtimeProjections: Projections = {
  ...receiptProjections,
  ...walletProjections,
  // The event carries the transaction as it stands: litres arrive too often to read each back.
  'stationTransaction.changed': (_ctx, { transactionId, transaction }) =>
    Promise.resolve({ id: transactionId, object: transaction }),
  // Spec §7 "Realtime": events named by the charge id, each carrying the charge.
  'charge.changed': (_ctx, { chargeId, charge }) =>
    Promise.resolve({ id: chargeId, object: charge }),
  // The customer follows an order by its id, as a charge.
  'foodOrder.changed': (_ctx, { orderId, order }) =>
    Promise.resolve({ id: orderId, object: order }),
  // A cup on its way, named by its transaction id (the fill's `transaction_id`).
  'beverage.changed': (_ctx, { fillId, fill }) => Promise.resolve({ id: fillId, object: fill }),
};

/** Staff sockets join their stations' rooms (an operator's, every station's). */
export function staffRealtime(ctx: ServiceContext): StaffRealtime {
  return {
    rooms: async (auth) => {
      const scope = await stationScopeOf(ctx.db, auth);
      return scope === 'all' ? ['stations:all'] : scope.map((id) => `station:${String(id)}`);
    },
    notices: {
      // The kitchen display reads its orders again when one of its station's changes.
      'foodOrder.changed': ({ stationId, orderId, order }) => ({
        rooms: [`station:${String(stationId)}`, 'stations:all'],
        event: 'kitchen.order',
        data: { stationId, orderId, state: order.state },
      }),
    },
  };
}
