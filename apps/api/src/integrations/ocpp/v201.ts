import type { ConnectorStatus } from '@stod/domain';
import type { RPCClient } from 'ocpp-rpc';
import {
  readMeterValues,
  type MeterValue,
  stamp,
  type ChargerCommands,
  type ChargerEvents,
  type ChargerLink,
  type CommandAnswer,
  type TagVerdict,
} from './port.ts';

/**
 * OCPP 2.0.1: the same events through TransactionEvent (Started, Updated, Ended), with the EVSE
 * id as our connector id (one connector per EVSE). A transaction may begin before its idToken
 * is known (cable first); it is reported as started at the first event that names the token.
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
  client: RPCClient,
  link: ChargerLink,
  events: ChargerEvents,
  options: { heartbeatSeconds: number; now: () => Date },
) {
  const { now } = options;
  /** This connection's transactions: their EVSE, and whether the backend knows them yet. */
  const known = new Map<
    string,
    { evseId: number | null; reported: boolean; meterStart: number | null }
  >();

  client.handle('BootNotification', async ({ params }) => {
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
  client.handle('Heartbeat', async () => {
    await events.heartbeat(link);
    return { currentTime: now().toISOString() };
  });
  client.handle('StatusNotification', async ({ params }) => {
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
  client.handle('Authorize', async ({ params }) => {
    const { idToken } = params as { idToken: { idToken: string } };
    return { idTokenInfo: { status: await events.authorize(link, idToken.idToken) } };
  });
  client.handle('TransactionEvent', async ({ params }) => {
    const p = params as TransactionEvent201;
    const id = p.transactionInfo.transactionId;
    const at = stamp(p.timestamp, now());
    const read = readMeterValues(p.meterValue);
    let entry = known.get(id);
    if (!entry) {
      entry = { evseId: p.evse?.id ?? null, reported: false, meterStart: read.energyWh };
      known.set(id, entry);
    }
    if (p.evse?.id !== undefined) entry.evseId = p.evse.id;
    let verdict: TagVerdict = 'Accepted';
    if (!entry.reported && p.idToken && entry.evseId !== null) {
      const answer = await events.started(link, {
        connectorId: entry.evseId,
        idTag: p.idToken.idToken,
        meterStartWh: entry.meterStart ?? read.energyWh,
        timestamp: at,
        transactionId: id,
      });
      entry.reported = true;
      verdict = answer.status;
    }
    if (p.eventType === 'Ended') {
      known.delete(id);
      await events.stopped(link, {
        transactionId: id,
        meterStopWh: read.energyWh,
        timestamp: at,
        reason: p.transactionInfo.stoppedReason ?? 'Local',
      });
    } else if (read.energyWh !== null || read.powerW !== null) {
      await events.meter(link, {
        transactionId: id,
        energyWh: read.energyWh,
        powerW: read.powerW,
        soc: read.soc,
        timestamp: read.at ?? at,
      });
    }
    return p.idToken ? { idTokenInfo: { status: verdict } } : {};
  });
  // Reports the backend takes without acting on them.
  for (const method of [
    'MeterValues',
    'NotifyEvent',
    'NotifyReport',
    'SecurityEventNotification',
    'FirmwareStatusNotification',
    'LogStatusNotification',
  ])
    client.handle(method, () => Promise.resolve({}));
}

const answerOf = (result: unknown): CommandAnswer =>
  (result as { status?: string } | undefined)?.status === 'Accepted' ? 'Accepted' : 'Rejected';

export function commands201(client: RPCClient, callTimeoutMs: number): ChargerCommands {
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
