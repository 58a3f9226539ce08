import type { RPCClient } from 'ocpp-rpc';
import { answer } from './protocol.ts';
import type { SimChargerSpec } from './types.ts';

/**
 * What an operator does to a charger: restart it, unlock a cable, take a connector out of
 * service, read and change its settings, and give it a local list of tags. Both protocols reach
 * the same charger through here; each call is answered in its protocol's words.
 */

export type ResetKind = 'soft' | 'hard';

/** What the charger does; `charger.ts` gives it its connectors and its connection. */
export interface ChargerOperations {
  /** Soft waits for the running transactions (2.0.1 `Scheduled`); hard stops them first. */
  reset(kind: ResetKind): 'Accepted' | 'Scheduled';
  unlock(connectorId: number): 'Unlocked' | 'Ongoing' | 'Unknown';
  /** Connector 0: every connector. A running transaction is let finish (`Scheduled`). */
  availability(connectorId: number, operative: boolean): 'Accepted' | 'Scheduled' | 'Rejected';
  heartbeatInterval(): number;
  setHeartbeatInterval(seconds: number): void;
  /** The HTTP Basic password, from the next connection on. */
  setPassword(password: string): void;
}

interface Setting {
  read(): string | null;
  /** Absent: read-only. Returns false for a value the setting refuses. */
  write?: (value: string) => boolean;
}

const whole = (value: string) => /^\d{1,9}$/.test(value);

/** The local list as the charger keeps it: its version, and each tag with its standing. */
interface LocalList {
  version: number;
  tags: Map<string, { status: string; expiresAt: number | null }>;
}

interface ListEntry {
  tag: string;
  /** The tag's standing (`Accepted`, `Blocked`, …); none removes it (a differential update). */
  status: string | null;
  /** When it stops being valid (1.6 `expiryDate`, 2.0.1 `cacheExpiryDateTime`). */
  expiresAt: number | null;
}

function entryOf(tag: string, info: unknown, expiryField: string): ListEntry {
  const fields = info && typeof info === 'object' ? (info as Record<string, unknown>) : {};
  const status = typeof fields.status === 'string' ? fields.status : null;
  const expiry = fields[expiryField];
  const expiresAt = typeof expiry === 'string' ? Date.parse(expiry) : NaN;
  return { tag, status, expiresAt: Number.isNaN(expiresAt) ? null : expiresAt };
}

function settingsOf(
  spec: SimChargerSpec,
  ops: ChargerOperations,
  list: LocalList,
): Record<string, Setting> {
  const heartbeat: Setting = {
    read: () => String(ops.heartbeatInterval()),
    write(value) {
      if (!whole(value)) return false;
      ops.setHeartbeatInterval(Number(value));
      return true;
    },
  };
  const password: Setting = {
    // Write-only: no charger tells its password.
    read: () => null,
    write(value) {
      if (value.length < 16 || value.length > 40) return false;
      ops.setPassword(value);
      return true;
    },
  };
  const fixed = (value: string): Setting => ({ read: () => value });
  if (spec.protocol === 'ocpp1.6')
    return {
      HeartbeatInterval: heartbeat,
      AuthorizationKey: password,
      NumberOfConnectors: fixed(String(spec.connectors)),
      SupportedFeatureProfiles: fixed('Core,LocalAuthListManagement,RemoteTrigger,SmartCharging'),
      MeterValuesSampledData: fixed('Energy.Active.Import.Register,Power.Active.Import,SoC'),
      StopTransactionOnInvalidId: fixed('true'),
      ConnectionTimeOut: fixed('60'),
      LocalAuthListEnabled: fixed('true'),
      LocalAuthListMaxLength: fixed(String(LOCAL_LIST_MAX)),
      SendLocalListMaxLength: fixed(String(LOCAL_LIST_MAX)),
    };
  return {
    'OCPPCommCtrlr.HeartbeatInterval': heartbeat,
    'SecurityCtrlr.BasicAuthPassword': password,
    'SecurityCtrlr.SecurityProfile': fixed('1'),
    'TxCtrlr.EVConnectionTimeOut': fixed('60'),
    'AuthCtrlr.Enabled': fixed('true'),
    'LocalAuthListCtrlr.Enabled': fixed('true'),
    'LocalAuthListCtrlr.Entries': { read: () => String(list.tags.size) },
    'LocalAuthListCtrlr.ItemsPerMessage': fixed(String(LOCAL_LIST_MAX)),
  };
}

/** The most tags a local list holds, and a SendLocalList carries. */
export const LOCAL_LIST_MAX = 1000;

/**
 * Applies a SendLocalList: a full list replaces the one kept, a differential one needs a higher
 * version and adds or removes tags. Returns the status the protocol names.
 */
function applyList(
  list: LocalList,
  version: number,
  full: boolean,
  entries: ListEntry[],
): 'Accepted' | 'Failed' | 'VersionMismatch' {
  if (entries.length > LOCAL_LIST_MAX) return 'Failed';
  if (!full && version <= list.version) return 'VersionMismatch';
  const tags = full
    ? new Map<string, { status: string; expiresAt: number | null }>()
    : new Map(list.tags);
  for (const entry of entries) {
    if (entry.status === null) tags.delete(entry.tag);
    else tags.set(entry.tag, { status: entry.status, expiresAt: entry.expiresAt });
  }
  if (tags.size > LOCAL_LIST_MAX) return 'Failed';
  list.version = version;
  list.tags = tags;
  return 'Accepted';
}

interface ListPayload16 {
  listVersion: number;
  updateType: 'Full' | 'Differential';
  localAuthorizationList?: { idTag: string; idTagInfo?: unknown }[];
}
interface ListPayload201 {
  versionNumber: number;
  updateType: 'Full' | 'Differential';
  localAuthorizationList?: { idToken: { idToken: string }; idTokenInfo?: unknown }[];
}
interface VariableRef {
  component: { name: string; instance?: string };
  variable: { name: string; instance?: string };
}

/**
 * Registers the operator's calls on the charger's connection. Returns whether the local list
 * lets a tag charge, for a card presented while the backend cannot be asked.
 */
export function handleOperations(
  client: RPCClient,
  spec: SimChargerSpec,
  ops: ChargerOperations,
): (tag: string) => boolean {
  const list: LocalList = { version: 0, tags: new Map() };
  const accepts = (tag: string) => {
    const entry = list.tags.get(tag);
    return (
      entry?.status === 'Accepted' && (entry.expiresAt === null || entry.expiresAt > Date.now())
    );
  };
  const settings = new Map(Object.entries(settingsOf(spec, ops, list)));

  if (spec.protocol === 'ocpp1.6') {
    answer(client, 'Reset', (p: { type: 'Soft' | 'Hard' }) => {
      ops.reset(p.type === 'Soft' ? 'soft' : 'hard');
      return { status: 'Accepted' };
    });
    answer(client, 'UnlockConnector', (p: { connectorId: number }) => {
      const done = ops.unlock(p.connectorId);
      return { status: done === 'Unknown' ? 'NotSupported' : 'Unlocked' };
    });
    answer(
      client,
      'ChangeAvailability',
      (p: { connectorId: number; type: 'Operative' | 'Inoperative' }) => ({
        status: ops.availability(p.connectorId, p.type === 'Operative'),
      }),
    );
    answer(client, 'GetConfiguration', (p: { key?: string[] }) => {
      // No keys, or an empty list: every key.
      const asked = p.key && p.key.length > 0 ? p.key : [...settings.keys()];
      const configurationKey = asked.flatMap((key) => {
        const setting = settings.get(key);
        if (!setting) return [];
        const value = setting.read();
        // A write-only key (the password) is named, never told.
        return [{ key, readonly: !setting.write, ...(value === null ? {} : { value }) }];
      });
      const unknownKey = asked.filter((k) => !settings.has(k));
      return { configurationKey, ...(unknownKey.length > 0 ? { unknownKey } : {}) };
    });
    answer(client, 'ChangeConfiguration', (p: { key: string; value: string }) => {
      const setting = settings.get(p.key);
      if (!setting) return { status: 'NotSupported' };
      if (!setting.write) return { status: 'Rejected' };
      return { status: setting.write(p.value) ? 'Accepted' : 'Rejected' };
    });
    answer(client, 'SendLocalList', (p: ListPayload16) => ({
      status: applyList(
        list,
        p.listVersion,
        p.updateType === 'Full',
        (p.localAuthorizationList ?? []).map((e) => entryOf(e.idTag, e.idTagInfo, 'expiryDate')),
      ),
    }));
    answer(client, 'GetLocalListVersion', () => ({ listVersion: list.version }));
    return accepts;
  }

  answer(client, 'Reset', (p: { type: 'OnIdle' | 'Immediate'; evseId?: number }) => {
    if (p.evseId !== undefined) return { status: 'Rejected' };
    return { status: ops.reset(p.type === 'OnIdle' ? 'soft' : 'hard') };
  });
  answer(client, 'UnlockConnector', (p: { evseId: number; connectorId: number }) => {
    if (p.connectorId !== 1) return { status: 'UnknownConnector' };
    const done = ops.unlock(p.evseId);
    return {
      status: {
        Unlocked: 'Unlocked',
        Ongoing: 'OngoingAuthorizedTransaction',
        Unknown: 'UnknownConnector',
      }[done],
    };
  });
  answer(
    client,
    'ChangeAvailability',
    (p: { operationalStatus: 'Operative' | 'Inoperative'; evse?: { id: number } }) => ({
      status: ops.availability(p.evse?.id ?? 0, p.operationalStatus === 'Operative'),
    }),
  );
  const settingAt = (ref: VariableRef) => {
    const setting = settings.get(`${ref.component.name}.${ref.variable.name}`);
    if (setting) return { setting };
    const component = [...settings.keys()].some((k) => k.startsWith(`${ref.component.name}.`));
    return { unknown: component ? 'UnknownVariable' : 'UnknownComponent' };
  };
  answer(
    client,
    'GetVariables',
    (p: { getVariableData: (VariableRef & { attributeType?: string })[] }) => ({
      getVariableResult: p.getVariableData.map((ref) => {
        const found = settingAt(ref);
        const echo = { component: ref.component, variable: ref.variable };
        if (!found.setting) return { attributeStatus: found.unknown, ...echo };
        // Only the actual value is kept here: no target, minimum or maximum.
        if ((ref.attributeType ?? 'Actual') !== 'Actual')
          return {
            attributeStatus: 'NotSupportedAttributeType',
            attributeType: ref.attributeType,
            ...echo,
          };
        const value = found.setting.read();
        if (value === null) return { attributeStatus: 'Rejected', ...echo };
        return {
          attributeStatus: 'Accepted',
          attributeType: 'Actual',
          attributeValue: value,
          ...echo,
        };
      }),
    }),
  );
  answer(
    client,
    'SetVariables',
    (p: {
      setVariableData: (VariableRef & { attributeValue: string; attributeType?: string })[];
    }) => ({
      setVariableResult: p.setVariableData.map((ref) => {
        const found = settingAt(ref);
        const echo = { component: ref.component, variable: ref.variable };
        if (!found.setting) return { attributeStatus: found.unknown, ...echo };
        if ((ref.attributeType ?? 'Actual') !== 'Actual')
          return { attributeStatus: 'NotSupportedAttributeType', ...echo };
        const took = found.setting.write?.(ref.attributeValue) ?? false;
        return { attributeStatus: took ? 'Accepted' : 'Rejected', ...echo };
      }),
    }),
  );
  answer(client, 'SendLocalList', (p: ListPayload201) => ({
    status: applyList(
      list,
      p.versionNumber,
      p.updateType === 'Full',
      (p.localAuthorizationList ?? []).map((e) =>
        entryOf(e.idToken.idToken, e.idTokenInfo, 'cacheExpiryDateTime'),
      ),
    ),
  }));
  answer(client, 'GetLocalListVersion', () => ({ versionNumber: list.version }));
  return accepts;
}
