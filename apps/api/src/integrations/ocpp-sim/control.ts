import { drawW } from './car.ts';
import type { ConnectorFloor, Connector } from './connector.ts';
import type { OutboxEntry } from './outbox.ts';
import type { ChargerControl, ProtocolAdapter } from './protocol.ts';
import type { SimChargerSpec, SimConnectorState } from './types.ts';

const isFree = (c: Connector) =>
  !c.tx && !c.pending && (c.status === 'Available' || c.status === 'Preparing');

export interface ControlDeps {
  protocol: SimChargerSpec['protocol'];
  connectors: Connector[];
  floor: ConnectorFloor;
  adapter: ProtocolAdapter;
  push: (entry: OutboxEntry) => void;
  /** Queues a connector's status (1.6's connector 0 for null), even when unchanged if forced. */
  report: (c: Connector | null, force: boolean) => void;
  /** Heartbeats at the interval a BootNotification's answer names. */
  beat: (intervalS: number) => void;
}

/** What the backend's remote starts, stops and triggers do at one charger, in either protocol. */
export function chargerControl(d: ControlDeps): ChargerControl {
  const { connectors, floor, adapter } = d;
  return {
    remoteStart(connectorId, start) {
      const c =
        connectorId === undefined
          ? connectors.find(isFree)
          : connectors.find((x) => x.id === connectorId);
      return c ? floor.remoteStart(c, start) : false;
    },

    remoteStop(match) {
      const c = connectors.find((x) => x.tx && match(x.tx));
      if (!c) return false;
      floor.remoteStop(c);
      return true;
    },

    limit(match, limitW, connectorId) {
      const hits = connectors.filter(
        (x) =>
          x.tx &&
          x.car &&
          match(x.tx) &&
          (connectorId === undefined || connectorId === 0 || x.id === connectorId),
      );
      for (const c of hits) {
        if (!c.car) continue;
        // The draw up to now at the old limit, then the new one.
        floor.meter(c);
        c.car.limitW = limitW;
        c.powerW = drawW(c.car, c.noise);
      }
      return hits.length > 0;
    },

    trigger(kind, connectorId) {
      const whole = connectorId === undefined || connectorId === 0;
      const targets = whole ? connectors : connectors.filter((c) => c.id === connectorId);
      if (targets.length === 0) return false;
      switch (kind) {
        case 'BootNotification':
          d.push({
            method: 'BootNotification',
            keep: false,
            params: () => adapter.boot('Triggered'),
            onResult(result) {
              const answer = result as { status: string; interval: number };
              if (answer.status === 'Accepted') d.beat(answer.interval);
            },
          });
          return true;
        case 'Heartbeat':
          d.push({ method: 'Heartbeat', keep: false, params: () => ({}) });
          return true;
        case 'StatusNotification':
          if (whole) d.report(null, true);
          if (connectorId !== 0) for (const c of targets) d.report(c, true);
          return true;
        case 'MeterValues':
          for (const c of targets) {
            // 1.6 reads a transaction's meter with its id; 2.0.1 has TransactionEvent for that.
            if (c.tx && d.protocol === 'ocpp1.6') floor.meterOnRequest(c);
            else {
              floor.meter(c);
              d.push(adapter.meterValues(c, new Date()));
            }
          }
          return true;
        case 'TransactionEvent': {
          const running = targets.filter((c) => c.tx);
          for (const c of running) floor.meterOnRequest(c);
          return running.length > 0;
        }
      }
    },
  };
}

/** A connector as the fleet's state shows it; the register must be brought up to now first. */
export function connectorView(
  c: Connector,
  protocol: SimChargerSpec['protocol'],
): SimConnectorState {
  const running = c.tx;
  const last = running ?? c.lastTx;
  const soc = c.car?.soc ?? null;
  let transactionId: string | null = null;
  if (running)
    transactionId =
      protocol === 'ocpp2.0.1'
        ? running.id
        : running.backendId === null
          ? null
          : String(running.backendId);
  return {
    connectorId: c.id,
    status: c.status,
    plugged: c.plugged,
    transactionId,
    energyWh: last ? Math.round(c.meterWh) - last.meterStart : 0,
    powerW: Math.round(c.powerW),
    soc: soc === null ? null : Math.floor(soc),
  };
}
