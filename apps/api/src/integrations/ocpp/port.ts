import type { OcspRequestData } from '../pki/port.ts';
import { chargerNoticeKinds, type ConnectorStatus } from '@stod/domain';

/**
 * The OCPP endpoint's two sides, free of any one protocol version: what a charger tells the
 * backend (`ChargerEvents`, implemented by the charging module) and what the backend can ask of a
 * connected charger (`ChargerCommands`). The 1.6J and 2.0.1 adapters translate each version's
 * messages to and from these.
 */

export const OCPP_PROTOCOLS = ['ocpp1.6', 'ocpp2.0.1'] as const;
export type OcppProtocol = (typeof OCPP_PROTOCOLS)[number];

/**
 * How a charger reached the endpoint, for its security profile: TLS ended here (`direct`), at a
 * trusted proxy that says it did (`proxy`), or not at all; and the client certificate it
 * presented over direct TLS, with whether it chains to the chargers' authority.
 */
export interface ChargerTransport {
  tls: 'direct' | 'proxy' | null;
  certificate: { commonName: string; authorized: boolean } | null;
}

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
  /** The tag the charger started with; a 2.0.1 remote start may name none. */
  idTag: string | null;
  /** 2.0.1: the id of the backend's RequestStartTransaction this transaction answers. */
  remoteStartId?: number;
  /** The energy register at the start, Wh; 2.0.1 may not say. */
  meterStartWh: number | null;
  timestamp: Date;
  /** 2.0.1: the charger's own transaction id. 1.6: none, the backend gives one. */
  transactionId?: string;
  /** 2.0.1: the token's type (`ISO14443`, `eMAID`, …); 1.6 names none. */
  idTokenType?: string | null;
}

export interface MeterReport {
  transactionId: string;
  /** 1.6's MeterValues names its connector. */
  connectorId?: number;
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
  /** The tag that stopped it, when the charger says (1.6's optional idTag). */
  idTag?: string | null;
}

/** One 2.0.1 TransactionEvent, in the words of the port. */
export interface TransactionReport {
  transactionId: string;
  eventType: 'Started' | 'Updated' | 'Ended';
  triggerReason: string;
  seqNo: number;
  evseId: number | null;
  idTag: string | null;
  idTokenType?: string | null;
  remoteStartId: number | null;
  energyWh: number | null;
  powerW: number | null;
  soc: number | null;
  /** The event's own time, and the time of its latest meter reading. */
  timestamp: Date;
  readAt: Date | null;
  stoppedReason: string | null;
}

/**
 * What a charger reports for the record: a security event, a log upload, a firmware state, a
 * charging limit set or cleared by another party, a car's charging needs, an answer to a report
 * request, a reservation's end.
 */
export const NOTICE_KINDS = chargerNoticeKinds;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

/** A report a charger makes for the record. */
export interface NoticeReport {
  kind: NoticeKind;
  type: string;
  detail: Record<string, unknown>;
  timestamp: Date;
}

/** A known tag's expiry date and group (1.6 parentIdTag, 2.0.1 groupIdToken); none for others. */
export interface TagDetails {
  expiryDate?: Date;
  parentIdTag?: string;
}

/** An id tag's standing, in the words both 1.6's idTagInfo and 2.0.1's idTokenInfo use. */
export type TagVerdict = 'Accepted' | 'Invalid' | 'Blocked' | 'Expired' | 'ConcurrentTx';

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
  /** A token's standing; 2.0.1 names its type (a contract's eMAID stands only as an eMAID). */
  authorize(link: ChargerLink, idTag: string, idTokenType?: string): Promise<TagVerdict>;
  /** What a charger may cache of a known tag beside its standing: its expiry and its group. */
  tagDetails(idTag: string): Promise<TagDetails>;
  /** Answers the transaction id (1.6: a new integer as text) and the tag's verdict. */
  started(
    link: ChargerLink,
    report: StartReport,
  ): Promise<{ transactionId: string; status: TagVerdict }>;
  meter(link: ChargerLink, report: MeterReport): Promise<void>;
  /**
   * Closes the charge of a transaction; never refuses. Answers the stopping tag's standing when
   * the charger named one, for its authorization cache.
   */
  stopped(link: ChargerLink, report: StopReport): Promise<{ tagStatus: TagVerdict | null }>;
  /**
   * A 2.0.1 TransactionEvent; answers the token's standing when the event named one, and at the
   * end the price of a billed charge in kroner (`totalCost`).
   */
  transaction(
    link: ChargerLink,
    report: TransactionReport,
  ): Promise<{ tagStatus: TagVerdict | null; totalCost?: number }>;
  notice(link: ChargerLink, report: NoticeReport): Promise<void>;
  /**
   * A charger's certificate signing request (`SignCertificate`): `Accepted` when it will be
   * signed, the chain then sent to the charger with `CertificateSigned`; `Rejected` otherwise.
   */
  signCertificate(
    link: ChargerLink,
    request: { csrPem: string; kind: 'ChargingStationCertificate' | 'V2GCertificate' },
  ): Promise<CommandAnswer>;
  /** 2.0.1 Plug & Charge: a car's request for its contract certificate, relayed to the PKI. */
  evCertificate(
    link: ChargerLink,
    request: { schemaVersion: string; action: 'Install' | 'Update'; exiRequest: string },
  ): Promise<{ status: 'Accepted' | 'Failed'; exiResponse: string }>;
  /** 2.0.1: a certificate's OCSP standing, for the charger to pass to the car. */
  certificateStatus(
    request: OcspRequestData,
  ): Promise<{ status: 'Accepted' | 'Failed'; ocspResult?: string }>;
  /** 2.0.1 Authorize with a car's certificate hashes: their standing, from OCSP. */
  certificatesCheck(
    hashes: OcspRequestData[],
  ): Promise<'Accepted' | 'CertificateRevoked' | 'CertChainError'>;
}

export type CommandAnswer = 'Accepted' | 'Rejected';

/** What came of one call: the charger's CALLRESULT, its CALLERROR, no answer, or no charger. */
export type OcppCallAnswer =
  | { outcome: 'result'; response: unknown }
  | { outcome: 'error'; code: string; description: string; details: unknown }
  | { outcome: 'timeout' }
  | { outcome: 'offline' };

export interface ChargerCommands {
  remoteStart(connectorId: number, idTag: string, remoteStartId: number): Promise<CommandAnswer>;
  remoteStop(transactionId: string): Promise<CommandAnswer>;
  /** Asks for the statuses of every connector (or one), as after a reconnect without a boot. */
  triggerStatus(connectorId?: number): Promise<CommandAnswer>;
  /** Any call of the charger's protocol, as an operator sends it; it never throws. */
  call(action: string, payload: unknown): Promise<OcppCallAnswer>;
}

/** A charger that is not connected to this process, or did not answer in time. */
export class ChargerUnreachable extends Error {
  constructor(identity: string, cause?: unknown) {
    super(`charger ${identity} is not reachable`, { cause });
    this.name = 'ChargerUnreachable';
  }
}

/** The largest register taken, in Wh: above it a reading is a charger's fault, not energy. */
const MAX_WH = 1e12;

/**
 * An energy figure in Wh to the milli-Wh, or null when it is no register at all (not a finite
 * number, negative, or absurdly large). Chargers send decimals, in either OCPP version.
 */
export function exactWh(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  const number = Number(value);
  if (!Number.isFinite(number) || number < 0 || number > MAX_WH) return null;
  return Math.round(number * 1000) / 1000;
}

/** What each unit of energy and of power is in Wh and W. */
const ENERGY_UNITS: Record<string, number> = { Wh: 1, kWh: 1000 };
const POWER_UNITS: Record<string, number> = { W: 1, kW: 1000 };

/**
 * A sampled value in either version's words: 1.6 sends the number as text and the unit flat;
 * 2.0.1 sends a number with `unitOfMeasure` and its power-of-ten multiplier.
 */
export interface Sample {
  value: number | string;
  measurand?: string;
  phase?: string;
  location?: string;
  format?: string;
  unit?: string;
  unitOfMeasure?: { unit?: string; multiplier?: number };
}

/** A sample's number in `units`' base (Wh or W), or null when it is in another unit or none. */
function inBase(sample: Sample, units: Record<string, number>, fallback: string) {
  if (sample.format === 'SignedData') return null;
  const number = Number(sample.value);
  if (typeof sample.value === 'string' && sample.value.trim() === '') return null;
  if (!Number.isFinite(number)) return null;
  const unit = sample.unit ?? sample.unitOfMeasure?.unit ?? fallback;
  const factor = units[unit];
  if (factor === undefined) return null;
  const multiplier = sample.unitOfMeasure?.multiplier ?? 0;
  return number * factor * 10 ** multiplier;
}

/** Where a measurand is read: at the outlet first, the inlet else; never at the car or cable. */
const LOCATION_RANK: Record<string, number> = { Outlet: 0, Inlet: 1 };
const rankOf = (sample: Sample) => LOCATION_RANK[sample.location ?? 'Outlet'];

/**
 * The register, the power and the state of charge of a MeterValues list (the latest reading of
 * each; an older timestamp than one already read is passed over). The register counts only
 * without a phase, read at the outlet (else the inlet); power per phase adds up unless a total is
 * given, which wins. Units are Wh or kWh, W or kW, with 2.0.1's multiplier; any other unit, a
 * signed value or a reading at the car is passed over.
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
    if (!Number.isNaN(time.getTime())) at = time;
    let register: { wh: number; rank: number } | null = null;
    let total: number | null = null;
    let phases: number | null = null;
    for (const sample of value.sampledValue) {
      const measurand = sample.measurand ?? 'Energy.Active.Import.Register';
      const rank = rankOf(sample);
      if (measurand === 'SoC') {
        const number = Number(sample.value);
        if (Number.isFinite(number) && number >= 0 && number <= 100) soc = number;
        continue;
      }
      if (rank === undefined) continue;
      if (measurand === 'Energy.Active.Import.Register' && !sample.phase) {
        const wh = exactWh(inBase(sample, ENERGY_UNITS, 'Wh'));
        if (wh !== null && (!register || rank < register.rank)) register = { wh, rank };
      } else if (measurand === 'Power.Active.Import') {
        const w = inBase(sample, POWER_UNITS, 'W');
        if (w === null) continue;
        if (sample.phase) phases = (phases ?? 0) + w;
        else total = w;
      }
    }
    if (register) energyWh = register.wh;
    powerW = total ?? phases ?? powerW;
  }
  return { energyWh, powerW, soc, at };
}

/** A charger's timestamp, or `fallback` when it sent none or one that does not parse. */
export const stamp = (value: string | undefined, fallback: Date) => {
  const date = value ? new Date(value) : fallback;
  return Number.isNaN(date.getTime()) ? fallback : date;
};
