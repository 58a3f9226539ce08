import type { OcppCall } from './chargers.ts';

/**
 * The common commands an operator sends a charger, each written as its protocol wants it. In
 * 2.0.1 a connector is an EVSE of one connector, as the project's chargers report them.
 */

export type Protocol = 'ocpp1.6' | 'ocpp2.0.1';
export type ResetKind = 'soft' | 'hard';
export type Availability = 'Operative' | 'Inoperative';
export const triggerable = [
  'StatusNotification',
  'MeterValues',
  'Heartbeat',
  'BootNotification',
] as const;
export type Trigger = (typeof triggerable)[number];

const is201 = (protocol: Protocol) => protocol === 'ocpp2.0.1';

/** 1.6 Soft/Hard; 2.0.1 OnIdle (after the running transactions) or Immediate. */
export function resetCall(protocol: Protocol, kind: ResetKind): OcppCall {
  if (is201(protocol))
    return { action: 'Reset', payload: { type: kind === 'soft' ? 'OnIdle' : 'Immediate' } };
  return { action: 'Reset', payload: { type: kind === 'soft' ? 'Soft' : 'Hard' } };
}

export function unlockCall(protocol: Protocol, connectorId: number): OcppCall {
  return is201(protocol)
    ? { action: 'UnlockConnector', payload: { evseId: connectorId, connectorId: 1 } }
    : { action: 'UnlockConnector', payload: { connectorId } };
}

/** A connector's availability, or the whole charger's with connector 0. */
export function availabilityCall(
  protocol: Protocol,
  connectorId: number,
  status: Availability,
): OcppCall {
  if (!is201(protocol))
    return { action: 'ChangeAvailability', payload: { connectorId, type: status } };
  return {
    action: 'ChangeAvailability',
    payload:
      connectorId === 0
        ? { operationalStatus: status }
        : {
            operationalStatus: status,
            evse: { id: connectorId },
          },
  };
}

/** Asks the charger to send a message now; a connector narrows it (a status needs one in 2.0.1). */
export function triggerCall(protocol: Protocol, message: Trigger, connectorId?: number): OcppCall {
  if (!is201(protocol))
    return {
      action: 'TriggerMessage',
      payload: connectorId
        ? { requestedMessage: message, connectorId }
        : { requestedMessage: message },
    };
  return {
    action: 'TriggerMessage',
    payload: connectorId
      ? { requestedMessage: message, evse: { id: connectorId, connectorId: 1 } }
      : { requestedMessage: message },
  };
}

/** 1.6: one key, or every key with none. 2.0.1: one component's variable. */
export function readConfigurationCall(
  protocol: Protocol,
  key: { name: string; component?: string },
): OcppCall {
  if (!is201(protocol))
    return { action: 'GetConfiguration', payload: key.name ? { key: [key.name] } : {} };
  return {
    action: 'GetVariables',
    payload: {
      getVariableData: [{ component: { name: key.component ?? '' }, variable: { name: key.name } }],
    },
  };
}

export function changeConfigurationCall(
  protocol: Protocol,
  key: { name: string; component?: string },
  value: string,
): OcppCall {
  if (!is201(protocol)) return { action: 'ChangeConfiguration', payload: { key: key.name, value } };
  return {
    action: 'SetVariables',
    payload: {
      setVariableData: [
        {
          attributeValue: value,
          component: { name: key.component ?? '' },
          variable: { name: key.name },
        },
      ],
    },
  };
}

export interface ConfigurationEntry {
  key: string;
  value: string | null;
  readonly: boolean;
}

/** The keys of a 1.6 GetConfiguration answer, and those the charger did not know. */
export function configurationOf(response: unknown): {
  entries: ConfigurationEntry[];
  unknown: string[];
} {
  const answer = (response ?? {}) as {
    configurationKey?: { key?: unknown; value?: unknown; readonly?: unknown }[];
    unknownKey?: unknown[];
  };
  const entries = (answer.configurationKey ?? [])
    .filter((k) => typeof k.key === 'string')
    .map((k) => ({
      key: k.key as string,
      value: typeof k.value === 'string' ? k.value : null,
      readonly: k.readonly === true,
    }))
    .sort((a, b) => a.key.localeCompare(b.key));
  const unknown = (answer.unknownKey ?? []).filter((k): k is string => typeof k === 'string');
  return { entries, unknown };
}
