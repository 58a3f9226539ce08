import type { ModuleDefinition } from '../../platform/modules.ts';
import { identityRoutes } from './routes.ts';
export { callback, recentVerification, start, VERIFICATION_VALID_MS } from './service.ts';

export const identityModule: ModuleDefinition = { name: 'identity', routes: [identityRoutes] };
