export { beverageDevRoutes, beverageRoutes } from './routes.ts';
export { watchMachines } from './service.ts';
