import type { ChargerSimAction, ConnectorStatus } from '@stod/domain';

export interface SimChargerSpec {
  identity: string;
  /** Security profile 1: sent as HTTP Basic with the identity as the user. */
  password?: string;
  protocol: 'ocpp1.6' | 'ocpp2.0.1';
  connectors: number;
  maxPowerKw: number;
}

export interface SimConnectorState {
  connectorId: number;
  status: ConnectorStatus;
  plugged: boolean;
  /** 1.6J: the backend's id once StartTransaction is answered; 2.0.1: the charger's own id. */
  transactionId: string | null;
  /** Energy of the running transaction, else of the last one; 0 before the first. */
  energyWh: number;
  powerW: number;
  /** A DC car's state of charge while it is plugged in; AC cars do not tell. */
  soc: number | null;
}

export interface SimChargerState {
  identity: string;
  protocol: string;
  connected: boolean;
  connectors: SimConnectorState[];
}

export interface ChargerFleet {
  /** Throws SimChargerUnknown for an identity or a connector the fleet does not have. */
  act(
    identity: string,
    connectorId: number,
    action: ChargerSimAction,
    idTag?: string,
  ): Promise<SimChargerState>;
  state(): SimChargerState[];
  /** One charger's state; throws SimChargerUnknown for an identity the fleet does not have. */
  stateOf(identity: string): SimChargerState;
  /** Resolves once every charger has connected and booted (or rejects after timeoutMs). */
  ready(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export interface SimFleetLog {
  info: (...args: unknown[]) => void;
  warn: (...args: unknown[]) => void;
}

export interface ChargerFleetOptions {
  /** The backend's OCPP endpoint without the identity, e.g. ws://127.0.0.1:3000/ocpp. */
  url: string;
  chargers: SimChargerSpec[];
  /** SIM_SPEED: every timer of the chargers and the cars runs this many times faster. */
  speed: number;
  /** Demo mode: a car is plugged in 2–5 s after a remote start, and unplugged 2–4 s after the stop. */
  autoPlug: boolean;
  /** Simulated seconds between two meter values of a transaction; 10 unless set. */
  meterIntervalSeconds?: number;
  /** How many chargers dial the backend at once; 50 unless set. */
  connectConcurrency?: number;
  log?: SimFleetLog;
  /** For measurements: hears every call a charger sends, as it goes out. */
  tap?: (identity: string, method: string, params: Record<string, unknown>) => void;
  /** For tests: the source of the cars' sizes, the noise and the demo delays. */
  random?: () => number;
}

/** The fleet has no charger by that identity, or the charger no such connector. */
export class SimChargerUnknown extends Error {
  readonly identity: string;
  readonly connectorId: number | undefined;
  constructor(identity: string, connectorId?: number) {
    super(
      connectorId === undefined
        ? `no simulated charger ${identity}`
        : `simulated charger ${identity} has no connector ${String(connectorId)}`,
    );
    this.identity = identity;
    this.connectorId = connectorId;
    this.name = 'SimChargerUnknown';
  }
}
