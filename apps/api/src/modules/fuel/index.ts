export { defineFuel, pumpUnavailable, startFuel, watchForecourt } from './service.ts';
export { fuelRoutes } from './routes.ts';
