import type { ModuleDefinition } from '../../platform/modules.ts';
import { supportRoutes } from './routes.ts';

/** Customer support: the search, a customer's history, refunds and blocks (operator, support). */
export const supportModule: ModuleDefinition = { name: 'support', routes: [supportRoutes] };
