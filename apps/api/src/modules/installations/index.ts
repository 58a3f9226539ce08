export { installationRoutes } from './routes.ts';
export { installationAdminRoutes } from './admin-routes.ts';
export { closeMonth } from './earnings.ts';
