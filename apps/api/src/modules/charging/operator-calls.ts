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
import { tagVerdict } from './tag-starts.ts';

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
    payload: masked(call.action, call.payload),
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
  if (answer.outcome === 'result')
    await followCall(ctx, charger.id, call.action, call.payload, answer.response);
  return { ...answer, commandId: command.id };
}

// ---------------------------------------------------------------------------------------------
// What a call changes on our side.

type Json = Record<string, unknown>;
const objectOf = (value: unknown): Json =>
  value !== null && typeof value === 'object' ? (value as Json) : {};
const isPasswordSetting = (entry: unknown) => {
  const e = objectOf(entry);
  return (
    objectOf(e.component).name === 'SecurityCtrlr' &&
    objectOf(e.variable).name === 'BasicAuthPassword'
  );
};
const SECRET = '********';

/** The secrets of a 2.0.1 network profile: the APN's password and SIM PIN, the VPN's. */
const NETWORK_SECRETS: Record<string, readonly string[]> = {
  apn: ['apnPassword', 'simPin'],
  vpn: ['password', 'key'],
};

const isAuthorizationKey = (key: unknown) =>
  typeof key === 'string' && key.toLowerCase() === 'authorizationkey';

/** The payload as the log keeps it: a charger password, a PIN or a VPN key never. */
function masked(action: string, payload: unknown): unknown {
  const p = objectOf(payload);
  if (action === 'ChangeConfiguration' && isAuthorizationKey(p.key)) return { ...p, value: SECRET };
  if (action === 'SetNetworkProfile') {
    const data = objectOf(p.connectionData);
    const hidden = Object.fromEntries(
      Object.entries(NETWORK_SECRETS)
        .filter(([part]) => data[part] !== undefined)
        .map(([part, fields]) => [
          part,
          Object.fromEntries(
            Object.entries(objectOf(data[part])).map(([k, v]) => [
              k,
              fields.includes(k) ? SECRET : v,
            ]),
          ),
        ]),
    );
    return { ...p, connectionData: { ...data, ...hidden } };
  }
  if (action === 'SetVariables' && Array.isArray(p.setVariableData))
    return {
      ...p,
      setVariableData: (p.setVariableData as unknown[]).map((entry) =>
        isPasswordSetting(entry) ? { ...objectOf(entry), attributeValue: SECRET } : entry,
      ),
    };
  return payload;
}

/** A status the charger took a setting with: at once, or after a reboot. */
const took = (status: unknown) => status === 'Accepted' || status === 'RebootRequired';

/** The new charger password in a call the charger took, or null. */
function passwordTakenIn(action: string, payload: unknown, response: unknown): string | null {
  const p = objectOf(payload);
  if (action === 'ChangeConfiguration')
    return isAuthorizationKey(p.key) &&
      typeof p.value === 'string' &&
      took(objectOf(response).status)
      ? p.value
      : null;
  if (action !== 'SetVariables' || !Array.isArray(p.setVariableData)) return null;
  const results = objectOf(response).setVariableResult;
  for (const entry of p.setVariableData) {
    if (!isPasswordSetting(entry)) continue;
    const answered = Array.isArray(results)
      ? results.map(objectOf).find(isPasswordSetting)
      : undefined;
    const value = objectOf(entry).attributeValue;
    if (answered && took(answered.attributeStatus) && typeof value === 'string') return value;
  }
  return null;
}

/**
 * What an answered call changes here: a password the charger took is the one it must now
 * present; a local list it accepted, or the version it reports, is its list's version.
 */
async function followCall(
  ctx: ServiceContext,
  chargerId: string,
  action: string,
  payload: unknown,
  response: unknown,
) {
  const password = passwordTakenIn(action, payload, response);
  if (password !== null)
    await repo.setPasswordHash(ctx.db, chargerId, hashChargerPassword(password));
  const p = objectOf(payload);
  const r = objectOf(response);
  if (action === 'SendLocalList' && r.status === 'Accepted') {
    const version = p.listVersion ?? p.versionNumber;
    const list = p.localAuthorizationList;
    if (typeof version === 'number')
      await repo.setLocalList(ctx.db, chargerId, {
        version,
        size: p.updateType === 'Full' ? (Array.isArray(list) ? list.length : 0) : null,
      });
  }
  if (action === 'GetLocalListVersion') {
    const version = r.listVersion ?? r.versionNumber;
    // 1.6's -1: the charger keeps no local list.
    if (typeof version === 'number' && version >= 0)
      await repo.setLocalList(ctx.db, chargerId, { version, size: null });
  }
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
      const payload = payloadWith(change.password);
      const answer = await sendOperatorCall(ctx, {
        identity: change.identity,
        action,
        payload,
        sentBy: change.sentBy,
        requestId: change.requestId,
      });
      // Taken: stored by the call itself (followCall).
      if (answer.outcome !== 'result' || passwordTakenIn(action, payload, answer.response) === null)
        throw new AppError(409, 'CHARGER_REFUSED', 'ocpp.passwordRefused');
      return { sentToCharger: true };
    } catch (error) {
      // Not connected: nothing to tell it; the new password is set by hand on the charger.
      if (!(error instanceof AppError && error.code === 'CHARGER_OFFLINE')) throw error;
    }
  }
  await repo.setPasswordHash(ctx.db, charger.id, hashChargerPassword(change.password));
  return { sentToCharger: false };
}

// ---------------------------------------------------------------------------------------------
// The local authorization list.

/**
 * Sends a charger the full local authorization list: the tags that may charge there now (see
 * tagsAt), each with its expiry date and group (1.6 `SendLocalList` with `idTagInfo`, 2.0.1 with
 * `idTokenInfo`), one version above the last it accepted, so a charger that loses its connection
 * still lets them start and a group tag stop. A tag left out (blocked, expired, another's) is
 * refused by a charger that asks. The version is stored once the charger accepts it (followCall).
 */
export async function sendLocalList(
  ctx: ServiceContext,
  request: { identity: string; sentBy: string | null; requestId: string },
) {
  const charger = await chargers.findChargerByIdentity(ctx.db, request.identity);
  if (!charger) throw notFound();
  const protocol = protocolOf(charger.protocol);
  if (!protocol) throw chargerOffline();
  const tags = await tagsAt(ctx, charger, protocol);
  const version = charger.localListVersion + 1;
  const payload =
    protocol === 'ocpp2.0.1'
      ? {
          versionNumber: version,
          updateType: 'Full',
          ...listOf(
            tags.map((tag) => ({
              idToken: { idToken: tag.idTag, type: tag.contract ? 'eMAID' : 'ISO14443' },
              idTokenInfo: {
                status: 'Accepted',
                ...(tag.expiresAt ? { cacheExpiryDateTime: tag.expiresAt.toISOString() } : {}),
                ...(tag.parentIdTag
                  ? { groupIdToken: { idToken: tag.parentIdTag, type: 'Central' } }
                  : {}),
              },
            })),
          ),
        }
      : {
          listVersion: version,
          updateType: 'Full',
          ...listOf(
            tags.map((tag) => ({
              idTag: tag.idTag,
              idTagInfo: {
                status: 'Accepted',
                ...(tag.expiresAt ? { expiryDate: tag.expiresAt.toISOString() } : {}),
                ...(tag.parentIdTag ? { parentIdTag: tag.parentIdTag } : {}),
              },
            })),
          ),
        };
  const answer = await sendOperatorCall(ctx, {
    identity: request.identity,
    action: 'SendLocalList',
    payload,
    sentBy: request.sentBy,
    requestId: request.requestId,
  });
  if (answer.outcome !== 'result') return { answer, version: charger.localListVersion };
  const accepted = objectOf(answer.response).status === 'Accepted';
  return { answer, version: accepted ? version : charger.localListVersion };
}

/**
 * The tags that may charge at this charger now, as the backend would answer them at Authorize
 * (standing, access to the installation, a share's terms, a card to pay with), and the
 * operators' master passes: no other user's tag goes to a charger, and none it would refuse
 * online. A contract's eMAID goes only to a 2.0.1 charger, typed as one.
 */
async function tagsAt(ctx: ServiceContext, charger: chargers.ChargerRow, protocol: OcppProtocol) {
  const link = { chargerId: charger.id, identity: charger.identity, protocol, session: '' };
  const now = ctx.clock.now();
  const standing = [];
  for (const tag of await repo.allIdTags(ctx.db)) {
    if (tag.status !== 'Accepted' || (tag.expiresAt && tag.expiresAt <= now)) continue;
    if (tag.contract && protocol !== 'ocpp2.0.1') continue;
    const master =
      tag.parentIdTag !== null && tag.parentIdTag === ctx.config.OCPP_MASTER_PASS_GROUP;
    const verdict = master
      ? 'Accepted'
      : await tagVerdict(ctx, link, tag.idTag, tag.contract ? 'eMAID' : null);
    if (verdict === 'Accepted' || verdict === 'ConcurrentTx') standing.push(tag);
  }
  return standing;
}

/** A full list with no tags is sent without one (2.0.1 allows no empty list): it empties the
 * charger's. */
const listOf = <T>(entries: T[]) => (entries.length > 0 ? { localAuthorizationList: entries } : {});

/** The most tags `GET …/local-list` names; `tagsTotal` counts them all. */
export const LOCAL_LIST_SHOWN = 200;

/**
 * What the backend knows of a charger's local list, and the tags a list sent now would carry
 * (a charger that never connected is taken to speak 1.6, which carries no contract ids).
 */
export async function localListOf(ctx: ServiceContext, identity: string) {
  const charger = await chargers.findChargerByIdentity(ctx.db, identity);
  if (!charger) throw notFound();
  const tags = await tagsAt(ctx, charger, protocolOf(charger.protocol) ?? 'ocpp1.6');
  return {
    version: charger.localListVersion,
    size: charger.localListSize,
    sentAt: charger.localListAt?.toISOString() ?? null,
    tags: tags.slice(0, LOCAL_LIST_SHOWN).map((tag) => ({
      idTag: tag.idTag,
      type: tag.contract ? ('eMAID' as const) : ('ISO14443' as const),
      expiresAt: tag.expiresAt?.toISOString() ?? null,
      parentIdTag: tag.parentIdTag,
    })),
    tagsTotal: tags.length,
  };
}

// ---------------------------------------------------------------------------------------------
// Security profiles.

/**
 * The security profile a charger must connect with from its next connection on (the one it
 * holds now is not cut). Profile 2 needs a password set and TLS somewhere (`OCPP_TLS_CERT`, or a
 * trusted proxy ending it); profile 3 needs the chargers' authority (`OCPP_TLS_CLIENT_CA`), as
 * its certificate is checked here. A profile no charger could meet is refused (422).
 */
export async function setSecurityProfile(ctx: ServiceContext, identity: string, profile: number) {
  const charger = await chargers.findChargerByIdentity(ctx.db, identity);
  if (!charger) throw notFound();
  const unavailable = (
    key: 'ocpp.profile.noTls' | 'ocpp.profile.noPassword' | 'ocpp.profile.noClientCa',
  ) =>
    new AppError(422, 'PROFILE_UNAVAILABLE', key, undefined, undefined, {
      params: { profile: String(profile) },
    });
  const tls = Boolean(ctx.config.OCPP_TLS_CERT) || Boolean(ctx.config.TRUST_PROXY);
  if (profile >= 2 && !tls) throw unavailable('ocpp.profile.noTls');
  if (profile === 2 && !charger.passwordHash) throw unavailable('ocpp.profile.noPassword');
  if (profile === 3 && !ctx.config.OCPP_TLS_CLIENT_CA) throw unavailable('ocpp.profile.noClientCa');
  await repo.setSecurityProfile(ctx.db, charger.id, profile);
  return { identity: charger.identity, securityProfile: profile };
}
