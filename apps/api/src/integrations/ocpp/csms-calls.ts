import { createRequire } from 'node:module';
import { createValidator, type RPCClient } from 'ocpp-rpc';
import type { OcppCallAnswer, OcppProtocol } from './port.ts';

/**
 * Every call a CSMS may send to a charger, by protocol: OCPP 1.6J's Core, Firmware Management,
 * Local Auth List Management, Reservation, Smart Charging and Remote Trigger profiles with the
 * security whitepaper's messages; OCPP 2.0.1's Core, Advanced Security, Local Authorization List,
 * Smart Charging, Reservation, Diagnostics, Display Messages, Tariff and Cost, and the rest of
 * its CSMS-to-charger messages.
 */
export const CSMS_ACTIONS: Readonly<Record<OcppProtocol, readonly string[]>> = {
  'ocpp1.6': [
    'CancelReservation',
    'CertificateSigned',
    'ChangeAvailability',
    'ChangeConfiguration',
    'ClearCache',
    'ClearChargingProfile',
    'DataTransfer',
    'DeleteCertificate',
    'ExtendedTriggerMessage',
    'GetCompositeSchedule',
    'GetConfiguration',
    'GetDiagnostics',
    'GetInstalledCertificateIds',
    'GetLocalListVersion',
    'GetLog',
    'InstallCertificate',
    'RemoteStartTransaction',
    'RemoteStopTransaction',
    'ReserveNow',
    'Reset',
    'SendLocalList',
    'SetChargingProfile',
    'SignedUpdateFirmware',
    'TriggerMessage',
    'UnlockConnector',
    'UpdateFirmware',
  ],
  'ocpp2.0.1': [
    'CancelReservation',
    'CertificateSigned',
    'ChangeAvailability',
    'ClearCache',
    'ClearChargingProfile',
    'ClearDisplayMessage',
    'ClearVariableMonitoring',
    'CostUpdated',
    'CustomerInformation',
    'DataTransfer',
    'DeleteCertificate',
    'GetBaseReport',
    'GetChargingProfiles',
    'GetCompositeSchedule',
    'GetDisplayMessages',
    'GetInstalledCertificateIds',
    'GetLocalListVersion',
    'GetLog',
    'GetMonitoringReport',
    'GetReport',
    'GetTransactionStatus',
    'GetVariables',
    'InstallCertificate',
    'PublishFirmware',
    'RequestStartTransaction',
    'RequestStopTransaction',
    'ReserveNow',
    'Reset',
    'SendLocalList',
    'SetChargingProfile',
    'SetDisplayMessage',
    'SetMonitoringBase',
    'SetMonitoringLevel',
    'SetNetworkProfile',
    'SetVariableMonitoring',
    'SetVariables',
    'TriggerMessage',
    'UnlockConnector',
    'UnpublishFirmware',
    'UpdateFirmware',
  ],
};

export const isCsmsAction = (protocol: OcppProtocol, action: string): boolean =>
  CSMS_ACTIONS[protocol].includes(action);

const require = createRequire(import.meta.url);
// Spread into the package's exports, so Node's import of it cannot name it.
const { TimeoutError } = require('ocpp-rpc/lib/errors.js') as {
  TimeoutError: new (...args: unknown[]) => Error;
};
/** The published schemas, strict: what we send is exactly what the standard allows. */
const validators = {
  'ocpp1.6': createValidator('ocpp1.6', require('ocpp-rpc/lib/schemas/ocpp1_6.json') as object[]),
  'ocpp2.0.1': createValidator(
    'ocpp2.0.1',
    require('ocpp-rpc/lib/schemas/ocpp2_0_1.json') as object[],
  ),
};

/** Why `payload` is not a valid `action` request of `protocol`, or null when it is. */
export function callProblem(
  protocol: OcppProtocol,
  action: string,
  payload: unknown,
): string | null {
  try {
    // Synchronous (Ajv), though the library's typings say it answers a promise; it throws.
    void validators[protocol].validate(`urn:${action}.req`, payload);
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : 'invalid';
  }
}

/** Sends one call on a charger's connection and answers what came of it; it never throws. */
export async function sendCall(
  client: RPCClient,
  action: string,
  payload: unknown,
  callTimeoutMs: number,
): Promise<OcppCallAnswer> {
  try {
    return { outcome: 'result', response: await client.call(action, payload, { callTimeoutMs }) };
  } catch (error) {
    if (error instanceof TimeoutError) return { outcome: 'timeout' };
    const rpc = error as { rpcErrorCode?: unknown; message?: unknown; details?: unknown };
    if (typeof rpc.rpcErrorCode === 'string')
      return {
        outcome: 'error',
        code: rpc.rpcErrorCode,
        description: typeof rpc.message === 'string' ? rpc.message : '',
        details: rpc.details ?? {},
      };
    // The connection closed before the answer came.
    return { outcome: 'offline' };
  }
}
