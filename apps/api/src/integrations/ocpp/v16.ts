import { connectorStatuses, type ConnectorStatus } from '@stod/domain';
import type { RPCClient } from 'ocpp-rpc';
import { handleNotices, type Handle } from './handle.ts';
import {
  exactWh,
  readMeterValues,
  type MeterValue,
  stamp,
  type ChargerCommands,
  type ChargerEvents,
  type ChargerLink,
  type TagVerdict,
  type CommandAnswer,
} from './port.ts';

/** OCPP 1.6J: the messages a charger sends, turned into `ChargerEvents`, and the commands. */

const statusOf = (status: string): ConnectorStatus =>
  (connectorStatuses as readonly string[]).includes(status)
    ? (status as ConnectorStatus)
    : 'Unavailable';

export function attach16(
  handle: Handle,
  link: ChargerLink,
  events: ChargerEvents,
  options: { heartbeatSeconds: number; now: () => Date },
) {
  const { now } = options;
  handle('BootNotification', async (params) => {
    const p = params as {
      chargePointVendor: string;
      chargePointModel: string;
      firmwareVersion?: string;
    };
    await events.booted(link, {
      vendor: p.chargePointVendor,
      model: p.chargePointModel,
      firmware: p.firmwareVersion ?? null,
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
    const p = params as {
      connectorId: number;
      status: string;
      errorCode: string;
      timestamp?: string;
    };
    await events.status(link, {
      connectorId: p.connectorId,
      status: statusOf(p.status),
      errorCode: p.errorCode === 'NoError' ? null : p.errorCode,
      timestamp: stamp(p.timestamp, now()),
    });
    return {};
  });
  /** idTagInfo: the standing, and what the charger may cache of a known tag. */
  const info = async (status: TagVerdict, idTag: string) => {
    const { expiryDate, parentIdTag } = await events.tagDetails(idTag);
    return {
      status,
      ...(expiryDate ? { expiryDate: expiryDate.toISOString() } : {}),
      ...(parentIdTag ? { parentIdTag } : {}),
    };
  };
  handle('Authorize', async (params) => {
    const { idTag } = params as { idTag: string };
    return { idTagInfo: await info(await events.authorize(link, idTag), idTag) };
  });
  handle('StartTransaction', async (params) => {
    const p = params as {
      connectorId: number;
      idTag: string;
      meterStart: number;
      timestamp: string;
    };
    const answer = await events.started(link, {
      connectorId: p.connectorId,
      idTag: p.idTag,
      meterStartWh: exactWh(p.meterStart),
      timestamp: stamp(p.timestamp, now()),
    });
    return {
      transactionId: Number(answer.transactionId),
      idTagInfo: await info(answer.status, p.idTag),
    };
  });
  handle('MeterValues', async (params) => {
    const p = params as { connectorId: number; transactionId?: number; meterValue: MeterValue[] };
    if (p.transactionId === undefined) return {};
    const read = readMeterValues(p.meterValue);
    await events.meter(link, {
      transactionId: String(p.transactionId),
      connectorId: p.connectorId,
      energyWh: read.energyWh,
      powerW: read.powerW,
      soc: read.soc,
      timestamp: read.at ?? now(),
    });
    return {};
  });
  handle('StopTransaction', async (params) => {
    const p = params as {
      transactionId: number;
      idTag?: string;
      meterStop: number;
      timestamp: string;
      reason?: string;
      transactionData?: MeterValue[];
    };
    // The stop's register; a charger that sends none we can read may have sampled it.
    const meterStopWh = exactWh(p.meterStop) ?? readMeterValues(p.transactionData).energyWh;
    const { tagStatus } = await events.stopped(link, {
      transactionId: String(p.transactionId),
      meterStopWh,
      timestamp: stamp(p.timestamp, now()),
      reason: p.reason ?? 'Local',
      idTag: p.idTag ?? null,
    });
    // The tag's real standing, as Authorize would answer: the charger caches it.
    return tagStatus && p.idTag ? { idTagInfo: await info(tagStatus, p.idTag) } : {};
  });
  // Reports for the record: the security whitepaper's notifications, firmware and diagnostics.
  handleNotices(handle, link, events, now, {
    SecurityEventNotification: ['security', 'type'],
    LogStatusNotification: ['log', 'status'],
    DiagnosticsStatusNotification: ['log', 'status'],
    SignedFirmwareStatusNotification: ['firmware', 'status'],
    FirmwareStatusNotification: ['firmware', 'status'],
  });
  // The security whitepaper's certificate request; the signed chain follows as a call of ours.
  handle('SignCertificate', async (params) => {
    const { csr } = params as { csr: string };
    return {
      status: await events.signCertificate(link, {
        csrPem: csr,
        kind: 'ChargingStationCertificate',
      }),
    };
  });
  handle('DataTransfer', () => Promise.resolve({ status: 'UnknownVendorId' }));
}

const answerOf = (result: unknown): CommandAnswer =>
  (result as { status?: string } | undefined)?.status === 'Accepted' ? 'Accepted' : 'Rejected';

export function commands16(
  client: RPCClient,
  callTimeoutMs: number,
): Omit<ChargerCommands, 'call'> {
  const call = async (method: string, params: object) =>
    answerOf(await client.call(method, params, { callTimeoutMs }));
  return {
    remoteStart: (connectorId, idTag) => call('RemoteStartTransaction', { connectorId, idTag }),
    remoteStop: (transactionId) =>
      call('RemoteStopTransaction', { transactionId: Number(transactionId) }),
    triggerStatus: (connectorId) =>
      call('TriggerMessage', {
        requestedMessage: 'StatusNotification',
        ...(connectorId === undefined ? {} : { connectorId }),
      }),
  };
}
