import type { ConnectorStatus } from '@stod/domain';
import type { RPCClient } from 'ocpp-rpc';
import type { OcspRequestData } from '../pki/port.ts';
import { handleNotices, type Handle } from './handle.ts';
import {
  readMeterValues,
  type MeterValue,
  stamp,
  type ChargerCommands,
  type ChargerEvents,
  type ChargerLink,
  type TagVerdict,
  type CommandAnswer,
} from './port.ts';

/**
 * OCPP 2.0.1: the same events, with the EVSE id as our connector id (one connector per EVSE).
 * Each TransactionEvent goes to the charging module whole: a transaction may begin before its
 * idToken is known (cable first), or name only the remote start it answers, and the module keeps
 * what it learnt of each in the database, so a reconnect to another process loses nothing.
 */

const STATUS_201: Record<string, ConnectorStatus> = {
  Available: 'Available',
  // Occupied covers a car that waits and one that charges; the charging module tells them apart.
  Occupied: 'Preparing',
  Reserved: 'Reserved',
  Unavailable: 'Unavailable',
  Faulted: 'Faulted',
};

interface TransactionEvent201 {
  eventType: 'Started' | 'Updated' | 'Ended';
  timestamp: string;
  triggerReason: string;
  seqNo: number;
  offline?: boolean;
  transactionInfo: { transactionId: string; stoppedReason?: string; remoteStartId?: number };
  idToken?: { idToken: string; type: string };
  evse?: { id: number; connectorId?: number };
  meterValue?: MeterValue[];
}

export function attach201(
  handle: Handle,
  link: ChargerLink,
  events: ChargerEvents,
  options: { heartbeatSeconds: number; now: () => Date },
) {
  const { now } = options;

  handle('BootNotification', async (params) => {
    const p = params as {
      chargingStation: { model: string; vendorName: string; firmwareVersion?: string };
    };
    await events.booted(link, {
      vendor: p.chargingStation.vendorName,
      model: p.chargingStation.model,
      firmware: p.chargingStation.firmwareVersion ?? null,
    });
    return {
      status: 'Accepted',
      interval: options.heartbeatSeconds,
      currentTime: now().toISOString(),
    };
  });
  handle('Heartbeat', async () => {
    await events.heartbeat(link);
    return { currentTime: now().toISOString() };
  });
  handle('StatusNotification', async (params) => {
    const p = params as { timestamp: string; connectorStatus: string; evseId: number };
    if (p.evseId === 0) return {};
    await events.status(link, {
      connectorId: p.evseId,
      status: STATUS_201[p.connectorStatus] ?? 'Unavailable',
      errorCode: null,
      timestamp: stamp(p.timestamp, now()),
    });
    return {};
  });
  /** idTokenInfo: the standing, how long a charger may cache it, and the token's group. */
  const info = async (status: TagVerdict, idToken: string) => {
    const { expiryDate, parentIdTag } = await events.tagDetails(idToken);
    return {
      status,
      ...(expiryDate ? { cacheExpiryDateTime: expiryDate.toISOString() } : {}),
      ...(parentIdTag ? { groupIdToken: { idToken: parentIdTag, type: 'Central' } } : {}),
    };
  };
  handle('Authorize', async (params) => {
    const { idToken, iso15118CertificateHashData: hashes } = params as {
      idToken: { idToken: string; type: string };
      iso15118CertificateHashData?: OcspRequestData[];
    };
    // Plug & Charge: the car's contract certificate first; a certificate that does not stand
    // makes the token Invalid, whatever its own standing.
    const certificateStatus = hashes?.length ? await events.certificatesCheck(hashes) : null;
    const standing = await events.authorize(link, idToken.idToken, idToken.type);
    const status = certificateStatus && certificateStatus !== 'Accepted' ? 'Invalid' : standing;
    return {
      idTokenInfo: await info(status, idToken.idToken),
      ...(certificateStatus ? { certificateStatus } : {}),
    };
  });
  // Plug & Charge: the car's contract certificate and OCSP, relayed to the contract PKI.
  handle('Get15118EVCertificate', (params) => {
    const p = params as {
      iso15118SchemaVersion: string;
      action: 'Install' | 'Update';
      exiRequest: string;
    };
    return events.evCertificate(link, {
      schemaVersion: p.iso15118SchemaVersion,
      action: p.action,
      exiRequest: p.exiRequest,
    });
  });
  handle('GetCertificateStatus', (params) =>
    events.certificateStatus((params as { ocspRequestData: OcspRequestData }).ocspRequestData),
  );
  handle('TransactionEvent', async (params) => {
    const p = params as TransactionEvent201;
    const read = readMeterValues(p.meterValue);
    const { tagStatus, totalCost } = await events.transaction(link, {
      transactionId: p.transactionInfo.transactionId,
      eventType: p.eventType,
      triggerReason: p.triggerReason,
      seqNo: p.seqNo,
      evseId: p.evse?.id ?? null,
      idTag: p.idToken?.idToken ?? null,
      idTokenType: p.idToken?.type ?? null,
      remoteStartId: p.transactionInfo.remoteStartId ?? null,
      energyWh: read.energyWh,
      powerW: read.powerW,
      soc: read.soc,
      timestamp: stamp(p.timestamp, now()),
      readAt: read.at,
      stoppedReason: p.transactionInfo.stoppedReason ?? null,
    });
    return {
      ...(totalCost === undefined ? {} : { totalCost }),
      ...(p.idToken && tagStatus ? { idTokenInfo: await info(tagStatus, p.idToken.idToken) } : {}),
    };
  });
  // Reports for the record.
  handleNotices(handle, link, events, now, {
    SecurityEventNotification: ['security', 'type'],
    LogStatusNotification: ['log', 'status'],
    FirmwareStatusNotification: ['firmware', 'status'],
    PublishFirmwareStatusNotification: ['firmware', 'status'],
    // Limits another party set (an energy management system, the grid operator), and the car's
    // own: recorded, and the car's needs accepted.
    NotifyChargingLimit: ['limit', null],
    ClearedChargingLimit: ['limit', null],
    NotifyEVChargingNeeds: ['evNeeds', null, { status: 'Accepted' }],
    NotifyEVChargingSchedule: ['evNeeds', null, { status: 'Accepted' }],
    // Answers to an operator's report requests, and a reservation's end.
    NotifyDisplayMessages: ['report', null],
    NotifyCustomerInformation: ['report', null],
    NotifyMonitoringReport: ['report', null],
    ReportChargingProfiles: ['report', null],
    ReservationStatusUpdate: ['reservation', 'reservationUpdateStatus'],
  });
  // Reports the backend takes without acting on them.
  for (const method of ['MeterValues', 'NotifyEvent', 'NotifyReport'])
    handle(method, () => Promise.resolve({}));
  // A02/A03: the charger's certificate request; the signed chain follows as a call of ours.
  handle('SignCertificate', async (params) => {
    const p = params as {
      csr: string;
      certificateType?: 'ChargingStationCertificate' | 'V2GCertificate';
    };
    return {
      status: await events.signCertificate(link, {
        csrPem: p.csr,
        kind: p.certificateType ?? 'ChargingStationCertificate',
      }),
    };
  });
  handle('DataTransfer', () => Promise.resolve({ status: 'UnknownVendorId' }));
}

const answerOf = (result: unknown): CommandAnswer =>
  (result as { status?: string } | undefined)?.status === 'Accepted' ? 'Accepted' : 'Rejected';

export function commands201(
  client: RPCClient,
  callTimeoutMs: number,
): Omit<ChargerCommands, 'call'> {
  const call = async (method: string, params: object) =>
    answerOf(await client.call(method, params, { callTimeoutMs }));
  return {
    remoteStart: (evseId, idTag, remoteStartId) =>
      call('RequestStartTransaction', {
        idToken: { idToken: idTag, type: 'Central' },
        evseId,
        remoteStartId,
      }),
    remoteStop: (transactionId) => call('RequestStopTransaction', { transactionId }),
    triggerStatus: (evseId) =>
      call('TriggerMessage', {
        requestedMessage: 'StatusNotification',
        ...(evseId === undefined ? {} : { evse: { id: evseId, connectorId: 1 } }),
      }),
  };
}
