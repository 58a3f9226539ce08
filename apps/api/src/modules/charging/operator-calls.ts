import { AppError, notFound } from '../../lib/errors.ts';
import { callProblem, CSMS_ACTIONS, isCsmsAction } from '../../integrations/ocpp/csms-calls.ts';
import {
  OCPP_PROTOCOLS,
  type OcppCallAnswer,
  type OcppProtocol,
} from '../../integrations/ocpp/port.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { sendOcppCall } from './commands.ts';
import * as repo from './commands-repo.ts';
import * as chargers from './repo.ts';
import { hashChargerPassword } from './registry.ts';
import { chargerOffline } from './errors.ts';

/**
 * An operator's call to a charger: any message a CSMS may send in the charger's protocol, checked
 * against that protocol's published schema before it goes, sent through the process that holds
 * the charger, and kept with who sent it and what came of it.
 */

const protocolOf = (value: string | null): OcppProtocol | null =>
  OCPP_PROTOCOLS.find((p) => p === value) ?? null;

export interface OperatorCall {
  identity: string;
  action: string;
  payload: unknown;
  /** What the log keeps of the payload, when it holds a secret. */
  logged?: unknown;
  sentBy: string | null;
  requestId: string;
}

export type OperatorCallAnswer = Exclude<OcppCallAnswer, { outcome: 'offline' }> & {
  commandId: string;
};

export async function sendOperatorCall(
  ctx: ServiceContext,
  call: OperatorCall,
): Promise<OperatorCallAnswer> {
  const known = Object.values(CSMS_ACTIONS).some((actions) => actions.includes(call.action));
  const charger = await chargers.findChargerByIdentity(ctx.db, call.identity);
  if (!charger || !known) throw notFound();
  // A charger that never connected has no protocol yet: nothing can reach it.
  const protocol = protocolOf(charger.protocol);
  if (!protocol) throw chargerOffline();
  if (!isCsmsAction(protocol, call.action))
    throw new AppError(
      422,
      'OCPP_ACTION_UNSUPPORTED',
      'ocpp.actionUnsupported',
      undefined,
      undefined,
      {
        params: { action: call.action, protocol },
      },
    );
  const problem = callProblem(protocol, call.action, call.payload);
  if (problem)
    throw new AppError(422, 'OCPP_INVALID_CALL', 'ocpp.invalidCall', undefined, undefined, {
      params: { action: call.action, problem },
    });
  const command = await repo.insertCommand(ctx.db, {
    chargerId: charger.id,
    protocol,
    action: call.action,
    payload: call.logged ?? call.payload,
    sentBy: call.sentBy,
    requestId: call.requestId,
  });
  const answer = await sendOcppCall(ctx, charger.identity, call.action, call.payload);
  await repo.recordAnswer(ctx.db, command.id, {
    outcome: answer.outcome,
    response: answer.outcome === 'result' ? (answer.response ?? null) : null,
    error:
      answer.outcome === 'error'
        ? { code: answer.code, description: answer.description, details: answer.details }
        : null,
  });
  if (answer.outcome === 'offline') throw chargerOffline();
  return { ...answer, commandId: command.id };
}

/** A charger's operator calls, newest first. */
export async function operatorCalls(ctx: ServiceContext, identity: string, take: number) {
  const charger = await chargers.findChargerByIdentity(ctx.db, identity);
  if (!charger) throw notFound();
  const rows = await repo.listCommands(ctx.db, charger.id, take);
  return {
    items: rows.map((row) => ({
      id: row.id,
      protocol: row.protocol,
      action: row.action,
      payload: row.payload,
      sentBy: row.sentBy,
      requestId: row.requestId,
      outcome: row.outcome,
      response: row.response,
      error: row.error as { code: string; description: string; details: unknown } | null,
      createdAt: row.createdAt.toISOString(),
      answeredAt: row.answeredAt?.toISOString() ?? null,
    })),
  };
}

/** The charger's answer to a new password: taken (perhaps after a reboot), or not. */
function passwordTaken(protocol: OcppProtocol, response: unknown): boolean {
  if (protocol === 'ocpp1.6') {
    const status = (response as { status?: string } | null)?.status;
    return status === 'Accepted' || status === 'RebootRequired';
  }
  const [result] =
    (response as { setVariableResult?: { attributeStatus?: string }[] } | null)
      ?.setVariableResult ?? [];
  return result?.attributeStatus === 'Accepted' || result?.attributeStatus === 'RebootRequired';
}

/**
 * A charger's new HTTP Basic password (security profiles 1 and 2). A connected charger is sent it
 * first (1.6 `ChangeConfiguration` of `AuthorizationKey`, 2.0.1 `SetVariables` of
 * `SecurityCtrlr.BasicAuthPassword`), and it is stored only once the charger took it, so the old
 * one works until then; a charger that refuses keeps its old one. A charger that is not connected
 * gets it stored at once, to be set on the charger by hand. The log keeps no password.
 */
export async function setChargerPassword(
  ctx: ServiceContext,
  change: { identity: string; password: string; sentBy: string | null; requestId: string },
): Promise<{ sentToCharger: boolean }> {
  const charger = await chargers.findChargerByIdentity(ctx.db, change.identity);
  if (!charger) throw notFound();
  const protocol = protocolOf(charger.protocol);
  const action = protocol === 'ocpp2.0.1' ? 'SetVariables' : 'ChangeConfiguration';
  const payloadWith = (value: string) =>
    protocol === 'ocpp2.0.1'
      ? {
          setVariableData: [
            {
              component: { name: 'SecurityCtrlr' },
              variable: { name: 'BasicAuthPassword' },
              attributeValue: value,
            },
          ],
        }
      : { key: 'AuthorizationKey', value };
  if (protocol) {
    try {
      const answer = await sendOperatorCall(ctx, {
        identity: change.identity,
        action,
        payload: payloadWith(change.password),
        logged: payloadWith('********'),
        sentBy: change.sentBy,
        requestId: change.requestId,
      });
      if (answer.outcome !== 'result' || !passwordTaken(protocol, answer.response))
        throw new AppError(409, 'CHARGER_REFUSED', 'ocpp.passwordRefused');
      await repo.setPasswordHash(ctx.db, charger.id, hashChargerPassword(change.password));
      return { sentToCharger: true };
    } catch (error) {
      // Not connected: nothing to tell it; the new password is set by hand on the charger.
      if (!(error instanceof AppError && error.code === 'CHARGER_OFFLINE')) throw error;
    }
  }
  await repo.setPasswordHash(ctx.db, charger.id, hashChargerPassword(change.password));
  return { sentToCharger: false };
}
