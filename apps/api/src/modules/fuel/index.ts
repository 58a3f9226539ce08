export { defineFuel, pumpUnavailable, startFuel, watchForecourt } from './service.ts';
export { fuelRoutes, startKeyHeader } from './routes.ts';
