import type { ModuleDefinition } from '../../platform/modules.ts';
import { stationRoutes } from './routes.ts';
export { getStation, parseStationId, providerStations } from './service.ts';
export { findProduct } from './repo.ts';

export const stationsModule: ModuleDefinition = { name: 'stations', routes: [stationRoutes] };
