import { randomUUID } from 'node:crypto';
import type { ConnectorStatus } from '@stod/domain';
import { between, type SimClock } from '../forecourt/sim-clock.ts';
import { arrivingCar, chargeFor, drawW, isFull, powerNoise, type Car } from './car.ts';

/** Demo mode: the driver plugs in this long after the remote start … */
const AUTO_PLUG_AFTER_MS = [2_000, 5_000] as const;
/** … and drives off this long after the stop. */
const AUTO_UNPLUG_AFTER_MS = [2_000, 4_000] as const;
/** A remote start that sees no car within this long lapses, as on a real charger. */
const CONNECTION_TIMEOUT_MS = 60_000;
/** Each connector's energy register starts somewhere in a long life of charges, in kWh. */
const REGISTER_START_KWH = [100, 5_000] as const;

export type StopReason =
  | 'Remote'
  | 'Local'
  | 'EVDisconnected'
  | 'Other'
  | 'DeAuthorized'
  /** An operator's restart (1.6's words; 2.0.1 says ImmediateReset). */
  | 'HardReset'
  | 'SoftReset'
  /** 1.6: an operator unlocked the cable of a running transaction. */
  | 'UnlockCommand';
export type MeterTrigger = 'MeterValuePeriodic' | 'Trigger' | 'ChargingStateChanged';

/**
 * Who may charge: the backend's tag (1.6) or token (2.0.1) and 2.0.1's start request id, or a
 * card presented at the charger (token type ISO14443, no request id).
 */
export interface RemoteStart {
  idTag: string;
  tokenType: string;
  remoteStartId: number | null;
}

export interface Transaction {
  /** The charger's own id: 2.0.1 sends it; 1.6 knows the transaction by `backendId`. */
  id: string;
  /** 1.6: the id StartTransaction's answer gave, null until it arrives. */
  backendId: number | null;
  start: RemoteStart;
  /** The register at the start, in whole Wh. */
  meterStart: number;
  /** 2.0.1: the sequence number of the next TransactionEvent. */
  seqNo: number;
}

export interface Connector {
  id: number;
  status: ConnectorStatus;
  errorCode: 'NoError' | 'GroundFailure';
  plugged: boolean;
  car: Car | null;
  /** The energy register, in Wh: it only ever grows. */
  meterWh: number;
  powerW: number;
  /** The car's draw relative to its curve until the next reading. */
  noise: number;
  /** Simulated time the register was last brought up to. */
  meteredAt: number;
  tx: Transaction | null;
  lastTx: Transaction | null;
  /** A remote start that waits for the car. */
  pending: (RemoteStart & { expires: NodeJS.Timeout }) | null;
  /** A plug-in on a faulted or unavailable connector: the unplug that follows clears it. */
  clearing: boolean;
  meterTimer: NodeJS.Timeout | null;
  plugTimer: NodeJS.Timeout | null;
  unplugTimer: NodeJS.Timeout | null;
}

/** What the connectors tell the backend; the charger turns it into its protocol's messages. */
export interface Teller {
  /** The connector's status may have changed; the teller sends it only if it did. */
  status(c: Connector): void;
  started(c: Connector, tx: Transaction): void;
  metered(c: Connector, tx: Transaction, trigger: MeterTrigger): void;
  ended(c: Connector, tx: Transaction, reason: StopReason): void;
}

export interface ConnectorFloorOptions {
  clock: SimClock;
  random: () => number;
  maxPowerKw: number;
  autoPlug: boolean;
  meterIntervalMs: number;
  tell: Teller;
}

export const registerWh = (c: Connector) => Math.round(c.meterWh);
export const isOutOfOrder = (c: Connector) => c.status === 'Faulted' || c.status === 'Unavailable';

/**
 * The connectors of one charger: the car, the remote start that waits for it, the transaction
 * and its meter. The connection is the charger's business: a connector goes on while it is lost.
 */
export function connectorFloor(o: ConnectorFloorOptions) {
  const { clock, random, tell } = o;

  const newConnector = (id: number): Connector => ({
    id,
    status: 'Available',
    errorCode: 'NoError',
    plugged: false,
    car: null,
    meterWh: Math.round(between(random, ...REGISTER_START_KWH) * 1000),
    powerW: 0,
    noise: 1,
    meteredAt: clock.now(),
    tx: null,
    lastTx: null,
    pending: null,
    clearing: false,
    meterTimer: null,
    plugTimer: null,
    unplugTimer: null,
  });

  function setStatus(c: Connector, status: ConnectorStatus, errorCode: Connector['errorCode']) {
    c.status = status;
    c.errorCode = errorCode;
    tell.status(c);
  }

  /** Brings the register up to now: the energy of the simulated time since the last reading. */
  function meter(c: Connector) {
    const now = clock.now();
    const elapsed = now - c.meteredAt;
    c.meteredAt = now;
    if (!c.tx || !c.car) return;
    if (elapsed > 0) c.meterWh += chargeFor(c.car, elapsed, c.noise);
    c.powerW = drawW(c.car, c.noise);
  }

  function tick(c: Connector) {
    const tx = c.tx;
    if (!tx) return;
    meter(c);
    if (c.car && isFull(c.car) && c.status === 'Charging') {
      setStatus(c, 'SuspendedEV', 'NoError');
      tell.metered(c, tx, 'ChargingStateChanged');
    }
    tell.metered(c, tx, 'MeterValuePeriodic');
    c.noise = powerNoise(random);
  }

  function dropPending(c: Connector) {
    if (c.pending) clock.cancel(c.pending.expires);
    c.pending = null;
    clock.cancel(c.plugTimer);
    c.plugTimer = null;
  }

  function startTransaction(c: Connector) {
    const start = c.pending;
    if (!start || !c.car) return;
    dropPending(c);
    c.meteredAt = clock.now();
    c.noise = powerNoise(random);
    c.powerW = drawW(c.car, c.noise);
    const tx: Transaction = {
      id: randomUUID(),
      backendId: null,
      start: { idTag: start.idTag, tokenType: start.tokenType, remoteStartId: start.remoteStartId },
      meterStart: registerWh(c),
      seqNo: 0,
    };
    c.tx = tx;
    c.lastTx = tx;
    tell.started(c, tx);
    setStatus(c, 'Charging', 'NoError');
    c.meterTimer = clock.every(o.meterIntervalMs, () => tick(c));
  }

  function stopTransaction(c: Connector, reason: StopReason) {
    const tx = c.tx;
    if (!tx) return;
    meter(c);
    clock.cancel(c.meterTimer);
    c.meterTimer = null;
    c.tx = null;
    c.powerW = 0;
    tell.ended(c, tx, reason);
  }

  /** The transaction ends at the charger's word while the car may still be plugged in. */
  function endWithCarStaying(c: Connector, reason: StopReason) {
    stopTransaction(c, reason);
    if (!c.plugged) {
      setStatus(c, 'Available', 'NoError');
      return;
    }
    setStatus(c, 'Finishing', 'NoError');
    if (o.autoPlug && !c.unplugTimer)
      c.unplugTimer = clock.after(between(random, ...AUTO_UNPLUG_AFTER_MS), () => {
        c.unplugTimer = null;
        unplug(c);
      });
  }

  function plug(c: Connector) {
    clock.cancel(c.plugTimer);
    c.plugTimer = null;
    if (isOutOfOrder(c)) {
      if (!c.plugged) c.car = arrivingCar(o.maxPowerKw, random);
      c.plugged = true;
      c.clearing = true;
      return;
    }
    if (c.plugged) return;
    c.plugged = true;
    c.car = arrivingCar(o.maxPowerKw, random);
    if (c.status === 'Available') setStatus(c, 'Preparing', 'NoError');
    // 2.0.1 hears of the cable now, before the transaction: its status becomes Occupied.
    else tell.status(c);
    if (c.pending) startTransaction(c);
  }

  function unplug(c: Connector) {
    if (!c.plugged) return;
    clock.cancel(c.unplugTimer);
    c.unplugTimer = null;
    stopTransaction(c, 'EVDisconnected');
    c.plugged = false;
    c.car = null;
    if (isOutOfOrder(c)) {
      if (c.clearing) {
        c.clearing = false;
        setStatus(c, 'Available', 'NoError');
      }
      return;
    }
    setStatus(c, c.pending ? 'Preparing' : 'Available', 'NoError');
  }

  return {
    newConnector,
    meter,
    plug,
    unplug,

    /** Accepted only at a free connector with no transaction and no other start waiting. */
    remoteStart(c: Connector, start: RemoteStart): boolean {
      if (c.tx || c.pending || (c.status !== 'Available' && c.status !== 'Preparing')) return false;
      const expires = clock.after(CONNECTION_TIMEOUT_MS, () => {
        if (c.pending?.expires !== expires) return;
        dropPending(c);
        if (!c.plugged && c.status === 'Preparing') setStatus(c, 'Available', 'NoError');
      });
      c.pending = { ...start, expires };
      if (c.plugged) {
        startTransaction(c);
        return true;
      }
      setStatus(c, 'Preparing', 'NoError');
      if (o.autoPlug)
        c.plugTimer = clock.after(between(random, ...AUTO_PLUG_AFTER_MS), () => {
          c.plugTimer = null;
          plug(c);
        });
      return true;
    },

    remoteStop(c: Connector) {
      endWithCarStaying(c, 'Remote');
    },

    /** The charger ends the transaction for its own reason (a restart, an unlock). */
    stop(c: Connector, reason: StopReason) {
      endWithCarStaying(c, reason);
    },

    /** The same card presented again ends its own transaction, as at a real charger. */
    localStop(c: Connector) {
      endWithCarStaying(c, 'Local');
    },

    /** The backend refused the tag after all (StartTransaction's or TransactionEvent's answer). */
    deauthorize(c: Connector, tx: Transaction) {
      if (c.tx === tx) endWithCarStaying(c, 'DeAuthorized');
    },

    /** A reading on request: the running transaction's, brought up to now. */
    meterOnRequest(c: Connector) {
      meter(c);
      if (c.tx) tell.metered(c, c.tx, 'Trigger');
    },

    /** Faulted (GroundFailure) or Unavailable: a waiting start lapses, a transaction stops. */
    outOfOrder(c: Connector, status: 'Faulted' | 'Unavailable') {
      dropPending(c);
      c.clearing = false;
      // The charger reports the fault as it finds it, then ends the transaction it broke off.
      setStatus(c, status, status === 'Faulted' ? 'GroundFailure' : 'NoError');
      stopTransaction(c, 'Other');
    },

    /** An operator makes an unavailable connector operative again; a fault stays a fault. */
    backInService(c: Connector) {
      if (c.status !== 'Unavailable') return;
      c.clearing = false;
      setStatus(c, c.plugged ? 'Preparing' : 'Available', 'NoError');
    },
  };
}

export type ConnectorFloor = ReturnType<typeof connectorFloor>;
