export { beverageDevRoutes, beverageRoutes } from './routes.ts';
export { watchMachines } from './service.ts';
export { reconcileBeverages } from './reconcile.ts';
