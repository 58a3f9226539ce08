import type { ModuleDefinition } from '../../platform/modules.ts';
import { auditRoutes } from './routes.ts';
export { recordStaffAction, type StaffAction } from './service.ts';

/** The audit log: every staff action kept, append-only, and read by operators. */
export const auditModule: ModuleDefinition = { name: 'audit', routes: [auditRoutes] };
