import { systemAdminRoutes } from './admin-routes.ts';
import type { ModuleDefinition } from '../../platform/modules.ts';
import { systemRoutes } from './routes.ts';
export {
  checkAppVersion,
  companyOf,
  forgetSwitches,
  maintenanceStatus,
  SWITCH_TTL_MS,
} from './service.ts';
export { metricsText, serveMetrics } from './metrics.ts';
// The development mail outbox is read by the dev routes.
export { listOutbox } from './repo.ts';

export const systemModule: ModuleDefinition = {
  name: 'system',
  routes: [systemRoutes, systemAdminRoutes],
};
