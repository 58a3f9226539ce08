export { chargingRoutes } from './routes.ts';
export { chargingAdminRoutes } from './admin-routes.ts';
export { watchCharges } from './service.ts';
export { reconcileCharges } from './reconcile.ts';
export { serveCommands, setEndpoint, endpointOf } from './commands.ts';
export { chargerEvents, authenticateCharger } from './ocpp-events.ts';
