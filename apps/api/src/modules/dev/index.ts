import type { ModuleDefinition } from '../../platform/modules.ts';
import { devRoutes } from './routes.ts';

export { registerDeviceSims } from './routes.ts';
// The development routes offer nothing to other modules but their definition.

export const devModule: ModuleDefinition = { name: 'dev', devRoutes: [devRoutes] };
