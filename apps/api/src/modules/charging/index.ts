import { createOcppEndpoint } from '../../integrations/ocpp/endpoint.ts';
import { fromTrustedProxy } from '../../lib/request-id.ts';
import { everyIfSet, type ModuleDefinition } from '../../platform/modules.ts';
import { chargingAdminRoutes as adminRoutes } from './admin-routes.ts';
import { heldChargerEvents as held, setEndpoint as useEndpoint } from './commands.ts';
import { watchCharges as watch } from './live.ts';
import { authenticateCharger as authenticate, chargerEvents as events } from './ocpp-events.ts';
import { reconcileCharges as reconcile } from './reconcile.ts';
import { chargingRoutes as routes } from './routes.ts';
import { contractRoutes } from './contracts-routes.ts';
export { reconcileCharges } from './reconcile.ts';
export { chargerKey, endpointOf } from './commands.ts';
export { chargerEvents } from './ocpp-events.ts';
export { installationViews } from './installation-views.ts';
export { shareStanding } from './terms.ts';
export type { InstallationRow, ShareRow } from './repo.ts';
export { findInstallation, shareOf } from './repo.ts';

export const chargingModule: ModuleDefinition = {
  name: 'charging',
  routes: [routes, adminRoutes, contractRoutes],
  // Brings open charges to the truth of their chargers and payments.
  jobs: (jobs, config) => {
    everyIfSet(jobs, 'charges.reconcile', config.CHARGE_RECONCILE_EVERY_SECONDS, reconcile);
  },
  watchers: [watch],
  atStart: reconcile,
  // Spec §7 "Realtime": events named by the charge id, each carrying the charge.
  projections: {
    'charge.changed': (_ctx, { chargeId, charge }) =>
      Promise.resolve({ id: chargeId, object: charge }),
  },
  // Chargers connect over OCPP-J at /ocpp/{identity} on the same server.
  sockets: (ctx, log) => {
    const endpoint = createOcppEndpoint({
      authenticate: (identity, password, transport) =>
        authenticate(ctx, identity, password, transport),
      fromTrustedProxy: fromTrustedProxy(ctx.config.TRUST_PROXY),
      events: held(ctx, events(ctx)),
      heartbeatSeconds: ctx.config.OCPP_HEARTBEAT_SECONDS,
      pingSeconds: ctx.config.OCPP_PING_SECONDS,
      callTimeoutSeconds: ctx.config.OCPP_CALL_TIMEOUT_SECONDS,
      now: () => ctx.clock.now(),
      log,
    });
    useEndpoint(ctx, endpoint);
    return endpoint;
  },
};
