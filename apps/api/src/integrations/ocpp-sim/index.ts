/**
 * The built-in EV charger simulator: chargers that connect to the backend's OCPP-J endpoint over
 * real WebSockets, speak 1.6J or 2.0.1, and answer remote starts and stops as real ones do.
 *
 * The developer's hand at a connector (`ChargerFleet.act`): `plug` and `unplug` a car; `fault`
 * (Faulted, GroundFailure) and `unavailable` stop a running transaction (reason Other); `plug`
 * then `unplug` on a faulted or unavailable connector clears it back to Available. `offline`
 * drops the charger's connection without a reconnect: it goes on charging and queues what it
 * would have sent; `online` reconnects without a BootNotification and sends the queue in order.
 */
export { startChargerFleet } from './fleet.ts';
export { chargerFleet, setChargerFleet } from './fleet-holder.ts';
export {
  SimChargerUnknown,
  type ChargerFleet,
  type ChargerFleetOptions,
  type SimChargerSpec,
  type SimChargerState,
  type SimConnectorState,
  type SimFleetLog,
} from './types.ts';
