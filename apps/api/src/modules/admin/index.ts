export { getStation, listStations, saveStaff, staffExists, stationScopeOf } from './service.ts';
export type { StaffAccount, StationScope } from './service.ts';
export { stationScope } from './request-scope.ts';
