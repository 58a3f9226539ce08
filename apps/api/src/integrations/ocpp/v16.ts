import { connectorStatuses, type ConnectorStatus } from '@stod/domain';
import type { RPCClient } from 'ocpp-rpc';
import {
  toBase,
  type ChargerCommands,
  type ChargerEvents,
  type ChargerLink,
  type CommandAnswer,
} from './port.ts';

/** OCPP 1.6J: the messages a charger sends, turned into `ChargerEvents`, and the commands. */

interface SampledValue16 {
  value: string;
  measurand?: string;
  unit?: string;
  phase?: string;
}
interface MeterValue16 {
  timestamp: string;
  sampledValue: SampledValue16[];
}

/** The register, the power and the state of charge of 1.6 meter values (the last of each). */
export function readMeterValues16(values: MeterValue16[] | undefined) {
  let energyWh: number | null = null;
  let powerW: number | null = null;
  let soc: number | null = null;
  let at: Date | null = null;
  for (const value of values ?? []) {
    const time = new Date(value.timestamp);
    if (at && time < at) continue;
    at = time;
    let power = 0;
    let powerSeen = false;
    for (const sample of value.sampledValue) {
      const number = Number(sample.value);
      if (!Number.isFinite(number)) continue;
      const measurand = sample.measurand ?? 'Energy.Active.Import.Register';
      if (measurand === 'Energy.Active.Import.Register' && !sample.phase)
        energyWh = toBase(number, sample.unit, 'Wh');
      else if (measurand === 'Power.Active.Import') {
        // Per phase or in total: a total wins, phases add up.
        if (!sample.phase) {
          power = toBase(number, sample.unit, 'W');
          powerSeen = true;
        } else if (!powerSeen || power !== 0) power += toBase(number, sample.unit, 'W');
      } else if (measurand === 'SoC') soc = number;
    }
    if (powerSeen || power > 0) powerW = power;
  }
  return { energyWh, powerW, soc, at };
}

const statusOf = (status: string): ConnectorStatus =>
  (connectorStatuses as readonly string[]).includes(status)
    ? (status as ConnectorStatus)
    : 'Unavailable';

const stamp = (value: string | undefined, fallback: Date) => {
  const date = value ? new Date(value) : fallback;
  return Number.isNaN(date.getTime()) ? fallback : date;
};

export function attach16(
  client: RPCClient,
  link: ChargerLink,
  events: ChargerEvents,
  options: { heartbeatSeconds: number; now: () => Date },
) {
  const { now } = options;
  client.handle('BootNotification', async ({ params }) => {
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
  client.handle('Heartbeat', async () => {
    await events.heartbeat(link);
    return { currentTime: now().toISOString() };
  });
  client.handle('StatusNotification', async ({ params }) => {
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
  client.handle('Authorize', async ({ params }) => {
    const { idTag } = params as { idTag: string };
    return { idTagInfo: { status: await events.authorize(link, idTag) } };
  });
  client.handle('StartTransaction', async ({ params }) => {
    const p = params as {
      connectorId: number;
      idTag: string;
      meterStart: number;
      timestamp: string;
    };
    const answer = await events.started(link, {
      connectorId: p.connectorId,
      idTag: p.idTag,
      meterStartWh: p.meterStart,
      timestamp: stamp(p.timestamp, now()),
    });
    return {
      transactionId: Number(answer.transactionId),
      idTagInfo: { status: answer.status },
    };
  });
  client.handle('MeterValues', async ({ params }) => {
    const p = params as { connectorId: number; transactionId?: number; meterValue: MeterValue16[] };
    if (p.transactionId === undefined) return {};
    const read = readMeterValues16(p.meterValue);
    await events.meter(link, {
      transactionId: String(p.transactionId),
      energyWh: read.energyWh,
      powerW: read.powerW,
      soc: read.soc,
      timestamp: read.at ?? now(),
    });
    return {};
  });
  client.handle('StopTransaction', async ({ params }) => {
    const p = params as {
      transactionId: number;
      meterStop: number;
      timestamp: string;
      reason?: string;
    };
    await events.stopped(link, {
      transactionId: String(p.transactionId),
      meterStopWh: p.meterStop,
      timestamp: stamp(p.timestamp, now()),
      reason: p.reason ?? 'Local',
    });
    return { idTagInfo: { status: 'Accepted' } };
  });
  // Firmware and diagnostics status, data transfer: taken and noted, nothing to do.
  client.handle('FirmwareStatusNotification', () => Promise.resolve({}));
  client.handle('DiagnosticsStatusNotification', () => Promise.resolve({}));
  client.handle('DataTransfer', () => Promise.resolve({ status: 'UnknownVendorId' }));
}

const answerOf = (result: unknown): CommandAnswer =>
  (result as { status?: string } | undefined)?.status === 'Accepted' ? 'Accepted' : 'Rejected';

export function commands16(client: RPCClient, callTimeoutMs: number): ChargerCommands {
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
