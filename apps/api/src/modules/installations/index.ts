export { installationRoutes } from './routes.ts';
export { closeMonth } from './earnings.ts';
