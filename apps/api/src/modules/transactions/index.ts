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
export {
  busyWithAnother,
  firstAttempt,
  holdFor,
  payingMethod,
  refuse,
  registerStartScope,
  releaseReservation,
  reservation,
  resumeStart,
  resolveTarget,
  transactionActive,
} from './start.ts';
export type { StartTarget } from './start.ts';
export { pointsOf } from './points.ts';
export * as transactionsRepo from './repo.ts';
export type { TransactionRow } from './repo.ts';
export { reconcileStationTransactions } from './reconcile.ts';
export { transactionRoutes } from './routes.ts';
