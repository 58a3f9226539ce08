import type { ModuleDefinition } from '../../platform/modules.ts';
import { financeRoutes } from './routes.ts';

export const financeModule: ModuleDefinition = { name: 'finance', routes: [financeRoutes] };
