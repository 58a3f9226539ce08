import { chargerKind } from '@stod/domain';
import { registerWh, type Connector, type Transaction } from './connector.ts';
import {
  answer,
  authorizeCall,
  FIRMWARE,
  VENDOR,
  type Deauthorize,
  type ProtocolAdapter,
  type TriggerKind,
  wattsOf,
} from './protocol.ts';
import type { SimChargerSpec } from './types.ts';

type Context = 'Sample.Periodic' | 'Trigger';

/** The register, the power and, for a DC car, its state of charge: OCPP 1.6 sends text. */
function sampledValues(c: Connector, context: Context) {
  const values: Record<string, string>[] = [
    {
      value: String(registerWh(c)),
      context,
      measurand: 'Energy.Active.Import.Register',
      unit: 'Wh',
    },
    { value: String(Math.round(c.powerW)), context, measurand: 'Power.Active.Import', unit: 'W' },
  ];
  const soc = c.car?.soc ?? null;
  if (soc !== null)
    values.push({
      value: String(Math.floor(soc)),
      context,
      measurand: 'SoC',
      unit: 'Percent',
      location: 'EV',
    });
  return values;
}

const meterValue = (c: Connector, at: Date, context: Context) => [
  { timestamp: at.toISOString(), sampledValue: sampledValues(c, context) },
];

/** Until StartTransaction is answered the transaction has no id; the call says nothing then. */
const withTransaction = (tx: Transaction) =>
  tx.backendId === null ? {} : { transactionId: tx.backendId };

const TRIGGERS = [
  'BootNotification',
  'Heartbeat',
  'StatusNotification',
  'MeterValues',
] as const satisfies readonly TriggerKind[];

/** OCPP 1.6J: the backend numbers the transactions; the charger reports connector 0 too. */
export function ocpp16(spec: SimChargerSpec, deauthorize: Deauthorize): ProtocolAdapter {
  const model = chargerKind(spec.maxPowerKw) === 'AC' ? 'Sim AC22' : 'Sim DC150';
  return {
    boot: () => ({ chargePointVendor: VENDOR, chargePointModel: model, firmwareVersion: FIRMWARE }),

    status(c, at) {
      const status = c?.status ?? 'Available';
      const errorCode = c?.errorCode ?? 'NoError';
      if (status === 'Offline') return null;
      return {
        key: `${status}/${errorCode}`,
        params: { connectorId: c?.id ?? 0, errorCode, status, timestamp: at.toISOString() },
      };
    },

    started: (c, tx, at) => {
      const params = {
        connectorId: c.id,
        idTag: tx.start.idTag,
        meterStart: tx.meterStart,
        timestamp: at.toISOString(),
      };
      return {
        method: 'StartTransaction',
        keep: true,
        params: () => params,
        onResult(result) {
          const answer = result as { transactionId: number; idTagInfo: { status: string } };
          tx.backendId = answer.transactionId;
          if (answer.idTagInfo.status !== 'Accepted') deauthorize(c, tx);
        },
      };
    },

    metered(c, tx, trigger, at) {
      // 1.6 tells a full battery by the status (SuspendedEV), not by a reading of its own.
      if (trigger === 'ChargingStateChanged') return null;
      const value = meterValue(c, at, trigger === 'Trigger' ? 'Trigger' : 'Sample.Periodic');
      return {
        method: 'MeterValues',
        keep: true,
        params: () => ({ connectorId: c.id, ...withTransaction(tx), meterValue: value }),
      };
    },

    ended(c, tx, reason, at) {
      const params = {
        meterStop: registerWh(c),
        timestamp: at.toISOString(),
        idTag: tx.start.idTag,
        reason,
      };
      return {
        method: 'StopTransaction',
        keep: true,
        // A transaction the backend never numbered cannot be stopped there.
        params: () => (tx.backendId === null ? null : { transactionId: tx.backendId, ...params }),
      };
    },

    authorize: (idTag, accepted) =>
      authorizeCall(
        { idTag },
        (result) => (result as { idTagInfo?: { status: string } }).idTagInfo?.status,
        accepted,
      ),

    meterValues(c, at) {
      const params = { connectorId: c.id, meterValue: meterValue(c, at, 'Trigger') };
      return { method: 'MeterValues', keep: false, params: () => params };
    },

    triggers: TRIGGERS,

    handle(client, control) {
      answer(client, 'RemoteStartTransaction', (p: { connectorId?: number; idTag: string }) => ({
        status: control.remoteStart(p.connectorId, {
          idTag: p.idTag,
          tokenType: 'Central',
          remoteStartId: null,
        })
          ? 'Accepted'
          : 'Rejected',
      }));
      answer(client, 'RemoteStopTransaction', (p: { transactionId: number }) => ({
        status: control.remoteStop((tx) => tx.backendId === p.transactionId)
          ? 'Accepted'
          : 'Rejected',
      }));
      // Smart charging: a transaction's limit (TxProfile), its first period from now on.
      answer(
        client,
        'SetChargingProfile',
        (p: {
          connectorId: number;
          csChargingProfiles: {
            chargingProfilePurpose: string;
            transactionId?: number;
            chargingSchedule: {
              chargingRateUnit: 'A' | 'W';
              chargingSchedulePeriod: { limit: number; numberPhases?: number }[];
            };
          };
        }) => {
          const profile = p.csChargingProfiles;
          const [period] = profile.chargingSchedule.chargingSchedulePeriod;
          if (profile.chargingProfilePurpose !== 'TxProfile' || !period)
            return { status: 'Rejected' };
          const limitW = wattsOf(profile.chargingSchedule.chargingRateUnit, period);
          const matches = (tx: Transaction) =>
            profile.transactionId === undefined || tx.backendId === profile.transactionId;
          return {
            status: control.limit(matches, limitW, p.connectorId) ? 'Accepted' : 'Rejected',
          };
        },
      );
      answer(client, 'ClearChargingProfile', (p: { connectorId?: number }) => ({
        status: control.limit(() => true, null, p.connectorId) ? 'Accepted' : 'Unknown',
      }));
      answer(client, 'TriggerMessage', (p: { requestedMessage: string; connectorId?: number }) => {
        const kind = TRIGGERS.find((t) => t === p.requestedMessage);
        if (!kind) return { status: 'NotImplemented' };
        return { status: control.trigger(kind, p.connectorId) ? 'Accepted' : 'Rejected' };
      });
    },
  };
}
