import { chargerKind, type ConnectorStatus } from '@stod/domain';
import {
  registerWh,
  type Connector,
  type MeterTrigger,
  type StopReason,
  type Transaction,
} from './connector.ts';
import type { OutboxEntry } from './outbox.ts';
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

type Context = 'Sample.Periodic' | 'Trigger' | 'Transaction.Begin' | 'Transaction.End';

/** 2.0.1 knows only whether a cable is in: 1.6's states of a charge are all Occupied. */
function connectorStatus(
  c: Connector,
): 'Available' | 'Occupied' | 'Reserved' | 'Unavailable' | 'Faulted' {
  const status: ConnectorStatus = c.status;
  switch (status) {
    case 'Faulted':
    case 'Unavailable':
    case 'Reserved':
      return status;
    case 'Available':
    case 'Preparing':
    case 'Offline':
      return c.plugged ? 'Occupied' : 'Available';
    default:
      return 'Occupied';
  }
}

function sampledValues(c: Connector, context: Context) {
  const values: Record<string, unknown>[] = [
    {
      value: registerWh(c),
      context,
      measurand: 'Energy.Active.Import.Register',
      unitOfMeasure: { unit: 'Wh' },
    },
    {
      value: Math.round(c.powerW),
      context,
      measurand: 'Power.Active.Import',
      unitOfMeasure: { unit: 'W' },
    },
  ];
  const soc = c.car?.soc ?? null;
  if (soc !== null)
    values.push({
      value: Math.floor(soc),
      context,
      measurand: 'SoC',
      location: 'EV',
      unitOfMeasure: { unit: 'Percent' },
    });
  return values;
}

const meterValue = (c: Connector, at: Date, context: Context) => [
  { timestamp: at.toISOString(), sampledValue: sampledValues(c, context) },
];

/** A provider card at the charger's reader: an RFID card's UID. */
const PRESENTED = 'ISO14443';

const ENDED_BY: Record<StopReason, string> = {
  Remote: 'RemoteStop',
  Local: 'StopAuthorized',
  EVDisconnected: 'EVDeparted',
  Other: 'AbnormalCondition',
  DeAuthorized: 'Deauthorized',
  HardReset: 'ResetCommand',
  SoftReset: 'ResetCommand',
  UnlockCommand: 'UnlockCommand',
};

/** 2.0.1's reasons where 1.6's words differ. */
const STOPPED_AS: Partial<Record<StopReason, string>> = {
  HardReset: 'ImmediateReset',
  SoftReset: 'ImmediateReset',
  UnlockCommand: 'Other',
};

function chargingState(c: Connector, stoppedReason: StopReason | undefined) {
  if (stoppedReason)
    return stoppedReason !== 'EVDisconnected' && c.plugged ? 'EVConnected' : 'Idle';
  return c.status === 'SuspendedEV' ? 'SuspendedEV' : 'Charging';
}

const TRIGGERS = [
  'BootNotification',
  'Heartbeat',
  'StatusNotification',
  'MeterValues',
  'TransactionEvent',
] as const satisfies readonly TriggerKind[];

/**
 * OCPP 2.0.1: the charger numbers its own transactions and reports them as a sequence of
 * TransactionEvents; each EVSE has one connector, and the EVSE id is our connector id.
 */
export function ocpp201(spec: SimChargerSpec, deauthorize: Deauthorize): ProtocolAdapter {
  const model = chargerKind(spec.maxPowerKw) === 'AC' ? 'Sim AC22' : 'Sim DC150';

  /** One TransactionEvent, numbered and read when it happens, sent whenever it can be. */
  function event(
    eventType: 'Started' | 'Updated' | 'Ended',
    c: Connector,
    tx: Transaction,
    at: Date,
    offline: boolean,
    details: { triggerReason: string; context: Context; stoppedReason?: StopReason },
  ): OutboxEntry {
    const params = {
      eventType,
      timestamp: at.toISOString(),
      triggerReason: details.triggerReason,
      seqNo: tx.seqNo++,
      ...(offline ? { offline: true } : {}),
      transactionInfo: {
        transactionId: tx.id,
        chargingState: chargingState(c, details.stoppedReason),
        ...(tx.start.remoteStartId === null ? {} : { remoteStartId: tx.start.remoteStartId }),
        ...(details.stoppedReason
          ? { stoppedReason: STOPPED_AS[details.stoppedReason] ?? details.stoppedReason }
          : {}),
      },
      ...(eventType === 'Started'
        ? { idToken: { idToken: tx.start.idTag, type: tx.start.tokenType } }
        : {}),
      evse: { id: c.id, connectorId: 1 },
      meterValue: meterValue(c, at, details.context),
    };
    return { method: 'TransactionEvent', keep: true, params: () => params };
  }

  const updatedBy: Record<MeterTrigger, { triggerReason: string; context: Context }> = {
    MeterValuePeriodic: { triggerReason: 'MeterValuePeriodic', context: 'Sample.Periodic' },
    ChargingStateChanged: { triggerReason: 'ChargingStateChanged', context: 'Sample.Periodic' },
    Trigger: { triggerReason: 'Trigger', context: 'Trigger' },
  };

  return {
    boot: (reason) => ({
      reason,
      chargingStation: { model, vendorName: VENDOR, firmwareVersion: FIRMWARE },
    }),

    status(c, at) {
      if (!c) return null;
      const connector = connectorStatus(c);
      return {
        key: connector,
        params: {
          timestamp: at.toISOString(),
          connectorStatus: connector,
          evseId: c.id,
          connectorId: 1,
        },
      };
    },

    started(c, tx, at, offline) {
      const entry = event('Started', c, tx, at, offline, {
        triggerReason: tx.start.remoteStartId === null ? 'Authorized' : 'RemoteStart',
        context: 'Transaction.Begin',
      });
      entry.onResult = (result) => {
        const status = (result as { idTokenInfo?: { status: string } }).idTokenInfo?.status;
        if (status !== undefined && status !== 'Accepted') deauthorize(c, tx);
      };
      return entry;
    },

    metered: (c, tx, trigger, at, offline) =>
      event('Updated', c, tx, at, offline, updatedBy[trigger]),

    ended: (c, tx, reason, at, offline) =>
      event('Ended', c, tx, at, offline, {
        triggerReason: ENDED_BY[reason],
        context: 'Transaction.End',
        stoppedReason: reason,
      }),

    authorize: (idTag, accepted) =>
      authorizeCall(
        { idToken: { idToken: idTag, type: PRESENTED } },
        (result) => (result as { idTokenInfo?: { status: string } }).idTokenInfo?.status,
        accepted,
      ),

    meterValues(c, at) {
      const params = { evseId: c.id, meterValue: meterValue(c, at, 'Trigger') };
      return { method: 'MeterValues', keep: false, params: () => params };
    },

    triggers: TRIGGERS,

    handle(client, control) {
      answer(
        client,
        'RequestStartTransaction',
        (p: {
          idToken: { idToken: string; type: string };
          evseId?: number;
          remoteStartId: number;
        }) => ({
          status: control.remoteStart(p.evseId, {
            idTag: p.idToken.idToken,
            tokenType: p.idToken.type,
            remoteStartId: p.remoteStartId,
          })
            ? 'Accepted'
            : 'Rejected',
        }),
      );
      answer(client, 'RequestStopTransaction', (p: { transactionId: string }) => ({
        status: control.remoteStop((tx) => tx.id === p.transactionId) ? 'Accepted' : 'Rejected',
      }));
      // A charger with a display shows the running price; this one has none to show it on.
      answer(client, 'CostUpdated', () => ({}));
      // Smart charging: a transaction's limit (TxProfile), its first period from now on.
      answer(
        client,
        'SetChargingProfile',
        (p: {
          evseId: number;
          chargingProfile: {
            chargingProfilePurpose: string;
            transactionId?: string;
            chargingSchedule: {
              chargingRateUnit: 'A' | 'W';
              chargingSchedulePeriod: { limit: number; numberPhases?: number }[];
            }[];
          };
        }) => {
          const profile = p.chargingProfile;
          const [schedule] = profile.chargingSchedule;
          const [period] = schedule?.chargingSchedulePeriod ?? [];
          if (profile.chargingProfilePurpose !== 'TxProfile' || !schedule || !period)
            return { status: 'Rejected' };
          const limitW = wattsOf(schedule.chargingRateUnit, period);
          const matches = (tx: Transaction) =>
            profile.transactionId === undefined || tx.id === profile.transactionId;
          return { status: control.limit(matches, limitW, p.evseId) ? 'Accepted' : 'Rejected' };
        },
      );
      answer(client, 'ClearChargingProfile', () => ({
        status: control.limit(() => true, null) ? 'Accepted' : 'Unknown',
      }));
      answer(client, 'TriggerMessage', (p: { requestedMessage: string; evse?: { id: number } }) => {
        const kind = TRIGGERS.find((t) => t === p.requestedMessage);
        if (!kind) return { status: 'NotImplemented' };
        return { status: control.trigger(kind, p.evse?.id) ? 'Accepted' : 'Rejected' };
      });
    },
  };
}
