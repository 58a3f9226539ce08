import type { ConnectorStatus } from '@stod/domain';

/**
 * The OCPP endpoint's two sides, free of any one protocol version: what a charger tells the
 * backend (`ChargerEvents`, implemented by the charging module) and what the backend can ask of a
 * connected charger (`ChargerCommands`). The 1.6J and 2.0.1 adapters translate each version's
 * messages to and from these.
 */

export const OCPP_PROTOCOLS = ['ocpp1.6', 'ocpp2.0.1'] as const;
export type OcppProtocol = (typeof OCPP_PROTOCOLS)[number];

/** One connection of one charger: `session` tells a reconnect from the connection it replaced. */
export interface ChargerLink {
  chargerId: string;
  identity: string;
  protocol: OcppProtocol;
  session: string;
}

export interface StatusReport {
  connectorId: number;
  status: ConnectorStatus;
  errorCode: string | null;
  timestamp: Date;
}

export interface StartReport {
  connectorId: number;
  idTag: string;
  /** The energy register at the start, Wh; 2.0.1 may not say. */
  meterStartWh: number | null;
  timestamp: Date;
  /** 2.0.1: the charger's own transaction id. 1.6: none, the backend gives one. */
  transactionId?: string;
}

export interface MeterReport {
  transactionId: string;
  energyWh: number | null;
  powerW: number | null;
  soc: number | null;
  timestamp: Date;
}

export interface StopReport {
  transactionId: string;
  meterStopWh: number | null;
  timestamp: Date;
  reason: string;
}

/** An id tag's standing, in the words both 1.6's idTagInfo and 2.0.1's idTokenInfo use. */
export type TagVerdict = 'Accepted' | 'Invalid' | 'Blocked' | 'ConcurrentTx';

export interface ChargerEvents {
  connected(link: ChargerLink): Promise<void>;
  disconnected(link: ChargerLink): Promise<void>;
  booted(
    link: ChargerLink,
    info: { vendor: string; model: string; firmware: string | null },
  ): Promise<void>;
  heartbeat(link: ChargerLink): Promise<void>;
  status(link: ChargerLink, report: StatusReport): Promise<void>;
  /** What a start with this tag at this charger would be answered now. */
  authorize(link: ChargerLink, idTag: string): Promise<TagVerdict>;
  /** Answers the transaction id (1.6: a new integer as text) and the tag's verdict. */
  started(
    link: ChargerLink,
    report: StartReport,
  ): Promise<{ transactionId: string; status: TagVerdict }>;
  meter(link: ChargerLink, report: MeterReport): Promise<void>;
  stopped(link: ChargerLink, report: StopReport): Promise<void>;
}

export type CommandAnswer = 'Accepted' | 'Rejected';

export interface ChargerCommands {
  remoteStart(connectorId: number, idTag: string, remoteStartId: number): Promise<CommandAnswer>;
  remoteStop(transactionId: string): Promise<CommandAnswer>;
  /** Asks for the statuses of every connector (or one), as after a reconnect without a boot. */
  triggerStatus(connectorId?: number): Promise<CommandAnswer>;
}

/** A charger that is not connected to this process, or did not answer in time. */
export class ChargerUnreachable extends Error {
  constructor(identity: string, cause?: unknown) {
    super(`charger ${identity} is not reachable`, { cause });
    this.name = 'ChargerUnreachable';
  }
}

/** Reads a sampled value's number and unit to Wh or W. */
export function toBase(value: number, unit: string | undefined, base: 'Wh' | 'W'): number {
  if (unit === `k${base}`) return value * 1000;
  return value;
}

/** A sampled value in either version's words: 1.6 sends the number as text and the unit flat. */
export interface Sample {
  value: number | string;
  measurand?: string;
  phase?: string;
  unit?: string;
  unitOfMeasure?: { unit?: string };
}

/**
 * The register, the power and the state of charge of a MeterValues list (the latest reading of
 * each; an older timestamp than one already read is passed over). The register counts only
 * without a phase; power per phase adds up unless a total is given, which wins.
 */
export interface MeterValue {
  timestamp: string;
  sampledValue: readonly Sample[];
}

export function readMeterValues(values: readonly MeterValue[] | undefined) {
  let energyWh: number | null = null;
  let powerW: number | null = null;
  let soc: number | null = null;
  let at: Date | null = null;
  for (const value of values ?? []) {
    const time = new Date(value.timestamp);
    if (at && time < at) continue;
    at = time;
    let total: number | null = null;
    let phases: number | null = null;
    for (const sample of value.sampledValue) {
      const number = Number(sample.value);
      if (!Number.isFinite(number)) continue;
      const unit = sample.unit ?? sample.unitOfMeasure?.unit;
      const measurand = sample.measurand ?? 'Energy.Active.Import.Register';
      if (measurand === 'Energy.Active.Import.Register' && !sample.phase)
        energyWh = toBase(number, unit, 'Wh');
      else if (measurand === 'Power.Active.Import') {
        if (sample.phase) phases = (phases ?? 0) + toBase(number, unit, 'W');
        else total = toBase(number, unit, 'W');
      } else if (measurand === 'SoC') soc = number;
    }
    powerW = total ?? phases ?? powerW;
  }
  return { energyWh, powerW, soc, at };
}

/** A charger's timestamp, or `fallback` when it sent none or one that does not parse. */
export const stamp = (value: string | undefined, fallback: Date) => {
  const date = value ? new Date(value) : fallback;
  return Number.isNaN(date.getTime()) ? fallback : date;
};
