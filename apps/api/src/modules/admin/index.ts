import type { ModuleDefinition } from '../../platform/modules.ts';
import { adminRoutes } from './routes.ts';
import { staffRoutes } from './staff-routes.ts';
export { getStation, listStations, saveStaff, staffExists, stationScopeOf } from './service.ts';
export type { StaffAccount, StationScope } from './service.ts';
export { stationScope } from './request-scope.ts';

export const adminModule: ModuleDefinition = { name: 'admin', routes: [adminRoutes, staffRoutes] };
