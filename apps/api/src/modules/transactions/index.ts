import type { ModuleDefinition } from '../../platform/modules.ts';
import { everyIfSet } from '../../platform/modules.ts';
import { reconcileStationTransactions as reconcileAll } from './reconcile.ts';
import { transactionRoutes as routes } from './routes.ts';
import { watchTransactions as watch } from './service.ts';
import { siteSockets } from './sites.ts';
export {
  active,
  apply,
  cachedRow,
  cancel,
  getOne,
  handlerOf,
  illegalState,
  openAtStation,
  progress,
  publish,
  registerHandler,
  settleMoney,
  toView,
  watchTransactions,
} from './service.ts';
export type { ServiceHandler } from './service.ts';
export { pointsOf } from './points.ts';
export { releasedOf, settle } from './settle.ts';
export { runSteps } from './steps.ts';
export type { Refusal, Step } from './steps.ts';
export { defineStart, holdStep, startedStep } from './workflow.ts';
export type { StartRun, StationStart } from './workflow.ts';
export type { Paid, Settlement } from './settle.ts';
// What the station services read and write of a transaction that is theirs; the rest of the
// repository stays inside this module.
export {
  find as findTransaction,
  findOwned as findOwnedTransaction,
  fuellingAtPump,
  patchOpen as patchOpenTransaction,
  transition as moveTransaction,
} from './repo.ts';
export type { TransactionRow } from './repo.ts';
export { reconcileStationTransactions } from './reconcile.ts';

export const transactionsModule: ModuleDefinition = {
  name: 'transactions',
  routes: [routes],
  // Brings open refuellings and washes to the truth of their controllers and payments.
  jobs: (jobs, config) => {
    everyIfSet(jobs, 'stations.reconcile', config.STATION_RECONCILE_EVERY_SECONDS, reconcileAll);
  },
  watchers: [watch],
  // The sites' own connections: their forecourt and car-wash controllers (SITE_SECRET).
  sockets: siteSockets,
  // A sale made while the API was down is captured at once, not at the first timer.
  atStart: reconcileAll,
  projections: {
    // The event carries the transaction as it stands: litres arrive too often to read each back.
    'stationTransaction.changed': (_ctx, { transactionId, transaction }) =>
      Promise.resolve({ id: transactionId, object: transaction }),
  },
};
