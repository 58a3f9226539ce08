import { afterEach, describe, expect, it } from 'vitest';
import { startChargerFleet } from './index.ts';
import { testCsms, until, type TestCsms, type TestCsmsOptions } from './test-csms.ts';

// What an operator's calls do at a simulated charger of either protocol: restarts, unlocks,
// availability, settings and the local list, as a real charger answers and behaves.

const V16 = 'SIM-OPS-16';
const V201 = 'SIM-OPS-201';
const open: { close(): Promise<unknown> }[] = [];

afterEach(async () => {
  for (const thing of open.splice(0).reverse()) await thing.close();
});

async function setup(csmsOptions: TestCsmsOptions = {}, password?: string) {
  const csms = await testCsms(csmsOptions);
  open.push(csms);
  const fleet = startChargerFleet({
    url: csms.url,
    chargers: [
      {
        identity: V16,
        protocol: 'ocpp1.6',
        connectors: 2,
        maxPowerKw: 22,
        ...(password ? { password } : {}),
      },
      { identity: V201, protocol: 'ocpp2.0.1', connectors: 2, maxPowerKw: 22 },
    ],
    speed: 100,
    autoPlug: false,
    log: { info: () => undefined, warn: () => undefined },
  });
  open.push(fleet);
  await fleet.ready(5_000);
  return { csms, fleet };
}

const statusOf16 = (csms: TestCsms, connectorId: number) =>
  csms
    .of(V16, 'StatusNotification')
    .filter((c) => c.params.connectorId === connectorId)
    .map((c) => c.params.status)
    .at(-1);
const statusOf201 = (csms: TestCsms, evseId: number) =>
  csms
    .of(V201, 'StatusNotification')
    .filter((c) => c.params.evseId === evseId)
    .map((c) => c.params.connectorStatus)
    .at(-1);

describe('operator calls at a simulated OCPP 1.6J charger', () => {
  it('a hard reset stops the running transaction, drops the connection and boots again', async () => {
    const { csms, fleet } = await setup();
    expect(
      await csms.call(V16, 'RemoteStartTransaction', { connectorId: 1, idTag: 'TAG-1' }),
    ).toEqual({ status: 'Accepted' });
    await fleet.act(V16, 1, 'plug');
    await until('the start', () => csms.of(V16, 'StartTransaction').length === 1);

    expect(await csms.call(V16, 'Reset', { type: 'Hard' })).toEqual({ status: 'Accepted' });
    const stop = await until('the stop', () => csms.of(V16, 'StopTransaction')[0]);
    expect(stop.params).toMatchObject({ reason: 'HardReset' });
    await until('a second boot', () => csms.of(V16, 'BootNotification').length === 2);
    expect(csms.failures).toEqual([]);
  });

  it('unlocks a connector, ending its transaction first; an unknown one is NotSupported', async () => {
    const { csms, fleet } = await setup();
    await csms.call(V16, 'RemoteStartTransaction', { connectorId: 2, idTag: 'TAG-2' });
    await fleet.act(V16, 2, 'plug');
    await until('the start', () => csms.of(V16, 'StartTransaction').length === 1);
    expect(await csms.call(V16, 'UnlockConnector', { connectorId: 2 })).toEqual({
      status: 'Unlocked',
    });
    const stop = await until('the stop', () => csms.of(V16, 'StopTransaction')[0]);
    expect(stop.params).toMatchObject({ reason: 'UnlockCommand' });
    expect(await csms.call(V16, 'UnlockConnector', { connectorId: 9 })).toEqual({
      status: 'NotSupported',
    });
  });

  it('takes a connector out of service and back; a busy one is Scheduled until its end', async () => {
    const { csms, fleet } = await setup();
    expect(
      await csms.call(V16, 'ChangeAvailability', { connectorId: 2, type: 'Inoperative' }),
    ).toEqual({ status: 'Accepted' });
    await until('unavailable', () => statusOf16(csms, 2) === 'Unavailable');
    // Out of service, a remote start is refused.
    expect(
      await csms.call(V16, 'RemoteStartTransaction', { connectorId: 2, idTag: 'TAG-3' }),
    ).toEqual({ status: 'Rejected' });
    expect(
      await csms.call(V16, 'ChangeAvailability', { connectorId: 2, type: 'Operative' }),
    ).toEqual({ status: 'Accepted' });
    await until('available', () => statusOf16(csms, 2) === 'Available');

    await csms.call(V16, 'RemoteStartTransaction', { connectorId: 1, idTag: 'TAG-4' });
    await fleet.act(V16, 1, 'plug');
    await until('the start', () => csms.of(V16, 'StartTransaction')[0]);
    expect(
      await csms.call(V16, 'ChangeAvailability', { connectorId: 1, type: 'Inoperative' }),
    ).toEqual({ status: 'Scheduled' });
    expect(statusOf16(csms, 1)).toBe('Charging');
    // The test backend numbers transactions from 1.
    await csms.call(V16, 'RemoteStopTransaction', { transactionId: 1 });
    await until('unavailable after the end', () => statusOf16(csms, 1) === 'Unavailable');

    // A later Operative calls a scheduled Inoperative off.
    await csms.call(V16, 'ChangeAvailability', { connectorId: 1, type: 'Operative' });
    await fleet.act(V16, 1, 'unplug');
    await until('available', () => statusOf16(csms, 1) === 'Available');
    await csms.call(V16, 'RemoteStartTransaction', { connectorId: 1, idTag: 'TAG-5' });
    await fleet.act(V16, 1, 'plug');
    await until('a second start', () => csms.of(V16, 'StartTransaction').length === 2);
    expect(
      await csms.call(V16, 'ChangeAvailability', { connectorId: 1, type: 'Inoperative' }),
    ).toEqual({ status: 'Scheduled' });
    expect(
      await csms.call(V16, 'ChangeAvailability', { connectorId: 1, type: 'Operative' }),
    ).toEqual({ status: 'Accepted' });
    await csms.call(V16, 'RemoteStopTransaction', { transactionId: 2 });
    await until('finishing', () => statusOf16(csms, 1) === 'Finishing');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(statusOf16(csms, 1)).toBe('Finishing');
    expect(
      await csms.call(V16, 'ChangeAvailability', { connectorId: 7, type: 'Inoperative' }),
    ).toEqual({ status: 'Rejected' });
  });

  it('reads and changes its configuration, and never tells its password', async () => {
    const passwords: Record<string, string> = { [V16]: 'the-first-password-1' };
    const { csms } = await setup({ passwords }, 'the-first-password-1');
    const all = (await csms.call(V16, 'GetConfiguration', {})) as {
      configurationKey: { key: string; readonly: boolean; value: string }[];
    };
    expect(all.configurationKey).toContainEqual({
      key: 'NumberOfConnectors',
      readonly: true,
      value: '2',
    });
    // The password is named, never told; an empty list of keys asks for them all.
    expect(all.configurationKey).toContainEqual({ key: 'AuthorizationKey', readonly: false });
    const none = (await csms.call(V16, 'GetConfiguration', { key: [] })) as typeof all;
    expect(none.configurationKey).toHaveLength(all.configurationKey.length);
    expect(
      await csms.call(V16, 'GetConfiguration', {
        key: ['HeartbeatInterval', 'NoSuchKey', 'toString'],
      }),
    ).toEqual({
      configurationKey: [{ key: 'HeartbeatInterval', readonly: false, value: '300' }],
      unknownKey: ['NoSuchKey', 'toString'],
    });
    const change = (key: string, value: string) =>
      csms.call(V16, 'ChangeConfiguration', { key, value });
    expect(await change('HeartbeatInterval', '60')).toEqual({ status: 'Accepted' });
    expect(await change('HeartbeatInterval', 'often')).toEqual({ status: 'Rejected' });
    expect(await change('NumberOfConnectors', '3')).toEqual({ status: 'Rejected' });
    expect(await change('NoSuchKey', '1')).toEqual({ status: 'NotSupported' });
    expect(await change('constructor', '1')).toEqual({ status: 'NotSupported' });
    expect(await csms.call(V16, 'GetConfiguration', { key: ['HeartbeatInterval'] })).toMatchObject({
      configurationKey: [{ value: '60' }],
    });

    // A new password holds from the next connection: after a restart the old one is refused.
    expect(await change('AuthorizationKey', 'the-second-password')).toEqual({
      status: 'Accepted',
    });
    passwords[V16] = 'the-second-password';
    await csms.call(V16, 'Reset', { type: 'Soft' });
    await until(
      'a boot with the new password',
      () => csms.of(V16, 'BootNotification').length === 2,
    );
  });

  it('keeps the local list it was sent: full, then differential with a higher version only', async () => {
    const { csms } = await setup();
    const send = (listVersion: number, updateType: string, list: unknown[]) =>
      csms.call(V16, 'SendLocalList', { listVersion, updateType, localAuthorizationList: list });
    expect(await csms.call(V16, 'GetLocalListVersion', {})).toEqual({ listVersion: 0 });
    const accepted = { status: 'Accepted' };
    expect(
      await send(3, 'Full', [
        { idTag: 'A', idTagInfo: accepted },
        { idTag: 'B', idTagInfo: accepted },
      ]),
    ).toEqual(accepted);
    expect(await send(3, 'Differential', [{ idTag: 'C', idTagInfo: accepted }])).toEqual({
      status: 'VersionMismatch',
    });
    expect(await send(4, 'Differential', [{ idTag: 'A' }])).toEqual(accepted);
    expect(await csms.call(V16, 'GetLocalListVersion', {})).toEqual({ listVersion: 4 });
  });

  it('lets a tag on its local list charge while the backend cannot be asked, and tells it later', async () => {
    const { csms, fleet } = await setup();
    expect(
      await csms.call(V16, 'SendLocalList', {
        listVersion: 1,
        updateType: 'Full',
        localAuthorizationList: [
          { idTag: 'LISTED', idTagInfo: { status: 'Accepted' } },
          { idTag: 'BLOCKED', idTagInfo: { status: 'Blocked' } },
          {
            idTag: 'EXPIRED',
            idTagInfo: { status: 'Accepted', expiryDate: '2020-01-01T00:00:00.000Z' },
          },
        ],
      }),
    ).toEqual({ status: 'Accepted' });
    await fleet.act(V16, 1, 'offline');
    await fleet.act(V16, 1, 'plug');
    await fleet.act(V16, 2, 'plug');
    // A blocked tag, and one not on the list, start nothing.
    const refused = await fleet.act(V16, 2, 'tag', 'BLOCKED');
    expect(refused.connectors[1]).toMatchObject({ status: 'Preparing' });
    for (const tag of ['STRANGER', 'EXPIRED'])
      expect((await fleet.act(V16, 2, 'tag', tag)).connectors[1], tag).toMatchObject({
        status: 'Preparing',
      });
    const charging = await fleet.act(V16, 1, 'tag', 'LISTED');
    expect(charging.connectors[0]).toMatchObject({ status: 'Charging' });
    expect(csms.of(V16, 'StartTransaction')).toEqual([]);

    await fleet.act(V16, 1, 'online');
    const start = await until(
      'the start, told once back',
      () => csms.of(V16, 'StartTransaction')[0],
    );
    expect(start.params).toMatchObject({ connectorId: 1, idTag: 'LISTED' });
    expect(csms.of(V16, 'StartTransaction')).toHaveLength(1);
  });
});

describe('operator calls at a simulated OCPP 2.0.1 charger', () => {
  it('an OnIdle reset waits for the transaction; it then boots again as RemoteReset', async () => {
    const { csms, fleet } = await setup();
    await csms.call(V201, 'RequestStartTransaction', {
      idToken: { idToken: 'TOKEN-1', type: 'Central' },
      evseId: 1,
      remoteStartId: 1,
    });
    await fleet.act(V201, 1, 'plug');
    const started = await until('started', () =>
      csms.of(V201, 'TransactionEvent').find((c) => c.params.eventType === 'Started'),
    );
    expect(await csms.call(V201, 'Reset', { type: 'OnIdle' })).toEqual({ status: 'Scheduled' });
    expect(csms.of(V201, 'BootNotification')).toHaveLength(1);
    const { transactionId } = started.params.transactionInfo as { transactionId: string };
    await csms.call(V201, 'RequestStopTransaction', { transactionId });
    const boot = await until('the second boot', () => csms.of(V201, 'BootNotification')[1]);
    expect(boot.params).toMatchObject({ reason: 'RemoteReset' });
    expect(await csms.call(V201, 'Reset', { type: 'Immediate', evseId: 1 })).toEqual({
      status: 'Rejected',
    });
  });

  it('an immediate reset ends the transaction as ImmediateReset', async () => {
    const { csms, fleet } = await setup();
    await csms.call(V201, 'RequestStartTransaction', {
      idToken: { idToken: 'TOKEN-2', type: 'Central' },
      evseId: 2,
      remoteStartId: 2,
    });
    await fleet.act(V201, 2, 'plug');
    await until('started', () =>
      csms.of(V201, 'TransactionEvent').some((c) => c.params.eventType === 'Started'),
    );
    expect(await csms.call(V201, 'Reset', { type: 'Immediate' })).toEqual({ status: 'Accepted' });
    const ended = await until('ended', () =>
      csms.of(V201, 'TransactionEvent').find((c) => c.params.eventType === 'Ended'),
    );
    expect(ended.params).toMatchObject({
      triggerReason: 'ResetCommand',
      transactionInfo: { stoppedReason: 'ImmediateReset' },
    });
  });

  it('refuses to unlock a charging EVSE, and takes one out of service', async () => {
    const { csms, fleet } = await setup();
    await csms.call(V201, 'RequestStartTransaction', {
      idToken: { idToken: 'TOKEN-3', type: 'Central' },
      evseId: 1,
      remoteStartId: 3,
    });
    await fleet.act(V201, 1, 'plug');
    await until('started', () =>
      csms.of(V201, 'TransactionEvent').some((c) => c.params.eventType === 'Started'),
    );
    expect(await csms.call(V201, 'UnlockConnector', { evseId: 1, connectorId: 1 })).toEqual({
      status: 'OngoingAuthorizedTransaction',
    });
    expect(await csms.call(V201, 'UnlockConnector', { evseId: 2, connectorId: 1 })).toEqual({
      status: 'Unlocked',
    });
    expect(await csms.call(V201, 'UnlockConnector', { evseId: 2, connectorId: 2 })).toEqual({
      status: 'UnknownConnector',
    });
    expect(
      await csms.call(V201, 'ChangeAvailability', {
        operationalStatus: 'Inoperative',
        evse: { id: 2 },
      }),
    ).toEqual({ status: 'Accepted' });
    await until('unavailable', () => statusOf201(csms, 2) === 'Unavailable');
    expect(
      await csms.call(V201, 'ChangeAvailability', {
        operationalStatus: 'Operative',
        evse: { id: 2 },
      }),
    ).toEqual({ status: 'Accepted' });
    await until('available', () => statusOf201(csms, 2) === 'Available');
  });

  it('gets and sets variables, component by component', async () => {
    const { csms } = await setup();
    const ref = (component: string, variable: string) => ({
      component: { name: component },
      variable: { name: variable },
    });
    expect(
      await csms.call(V201, 'GetVariables', {
        getVariableData: [
          ref('OCPPCommCtrlr', 'HeartbeatInterval'),
          ref('OCPPCommCtrlr', 'Nothing'),
          ref('NoController', 'Enabled'),
          ref('SecurityCtrlr', 'BasicAuthPassword'),
        ],
      }),
    ).toEqual({
      getVariableResult: [
        {
          attributeStatus: 'Accepted',
          attributeType: 'Actual',
          attributeValue: '300',
          ...ref('OCPPCommCtrlr', 'HeartbeatInterval'),
        },
        { attributeStatus: 'UnknownVariable', ...ref('OCPPCommCtrlr', 'Nothing') },
        { attributeStatus: 'UnknownComponent', ...ref('NoController', 'Enabled') },
        { attributeStatus: 'Rejected', ...ref('SecurityCtrlr', 'BasicAuthPassword') },
      ],
    });
    expect(
      await csms.call(V201, 'GetVariables', {
        getVariableData: [
          { ...ref('OCPPCommCtrlr', 'HeartbeatInterval'), attributeType: 'MaxSet' },
        ],
      }),
    ).toMatchObject({ getVariableResult: [{ attributeStatus: 'NotSupportedAttributeType' }] });
    const set = (component: string, variable: string, attributeValue: string) =>
      csms.call(V201, 'SetVariables', {
        setVariableData: [{ ...ref(component, variable), attributeValue }],
      });
    expect(await set('OCPPCommCtrlr', 'HeartbeatInterval', '120')).toMatchObject({
      setVariableResult: [{ attributeStatus: 'Accepted' }],
    });
    expect(await set('SecurityCtrlr', 'SecurityProfile', '3')).toMatchObject({
      setVariableResult: [{ attributeStatus: 'Rejected' }],
    });
    expect(await set('SecurityCtrlr', 'BasicAuthPassword', 'short')).toMatchObject({
      setVariableResult: [{ attributeStatus: 'Rejected' }],
    });

    expect(
      await csms.call(V201, 'SendLocalList', {
        versionNumber: 2,
        updateType: 'Full',
        localAuthorizationList: [
          { idToken: { idToken: 'A', type: 'ISO14443' }, idTokenInfo: { status: 'Accepted' } },
        ],
      }),
    ).toEqual({ status: 'Accepted' });
    expect(await csms.call(V201, 'GetLocalListVersion', {})).toEqual({ versionNumber: 2 });
    expect(
      await csms.call(V201, 'GetVariables', {
        getVariableData: [ref('LocalAuthListCtrlr', 'Entries')],
      }),
    ).toMatchObject({ getVariableResult: [{ attributeValue: '1' }] });
  });
});
