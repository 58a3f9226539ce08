import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { createRPCError } from 'ocpp-rpc';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSMS_ACTIONS } from '../../integrations/ocpp/csms-calls.ts';
import {
  bearer,
  createTestApp,
  registerUser,
  secondProcess,
  type TestApp,
} from '../../test/app.ts';
import {
  boot16,
  boot201,
  listen,
  registerCharger,
  scriptedCharger,
  type ScriptedCharger,
} from '../../test/chargers.ts';
import { signInAsStaff } from '../../test/staff.ts';
import { cardCustomer } from '../../test/stations.ts';

// An operator's OCPP calls: any CSMS-to-charger message of the charger's version, checked
// against the published schema, sent through the charger's holder, answered as the charger
// answered, and kept with who sent it.

let t: TestApp;
let url: string;
const open: ScriptedCharger[] = [];

beforeAll(async () => {
  t = await createTestApp();
  url = await listen(t.app);
});
afterAll(async () => {
  for (const charger of open) await charger.close();
  await t.close();
});

async function connected16(
  handlers: NonNullable<Parameters<typeof scriptedCharger>[2]>['handlers'] = {},
) {
  const charger = await registerCharger(t.app);
  const station = await scriptedCharger(url, charger.identity, { handlers });
  open.push(station);
  await boot16(station);
  return { ...charger, station };
}

const send = (
  app: FastifyInstance,
  token: string,
  identity: string,
  action: string,
  payload?: unknown,
) =>
  app.inject({
    method: 'POST',
    url: `/api/admin/chargers/${identity}/ocpp/${action}`,
    headers: { ...bearer(token), 'accept-language': 'en' },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

describe('POST /api/admin/chargers/{identity}/ocpp/{action}', () => {
  it("sends a 1.6 call and answers the charger's result, kept with who sent it", async () => {
    const charger = await connected16({
      Reset: () => ({ status: 'Accepted' }),
      GetConfiguration: () => ({
        configurationKey: [{ key: 'HeartbeatInterval', readonly: false, value: '300' }],
        unknownKey: ['Nope'],
      }),
    });
    const reset = await send(t.app, charger.operatorToken, charger.identity, 'Reset', {
      type: 'Soft',
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ response: { status: 'Accepted' } });
    expect(charger.station.received).toContainEqual({ method: 'Reset', params: { type: 'Soft' } });

    const config = await send(t.app, charger.operatorToken, charger.identity, 'GetConfiguration', {
      key: ['HeartbeatInterval', 'Nope'],
    });
    expect(config.json<{ response: { unknownKey: string[] } }>().response.unknownKey).toEqual([
      'Nope',
    ]);

    const me = await t.app.inject({ url: '/api/user/v2', headers: bearer(charger.operatorToken) });
    const log = await t.app.inject({
      url: `/api/admin/chargers/${charger.identity}/ocpp`,
      headers: bearer(charger.operatorToken),
    });
    expect(log.statusCode).toBe(200);
    const items = log.json<{ items: Record<string, unknown>[] }>().items;
    expect(items.map((i) => i.action)).toEqual(['GetConfiguration', 'Reset']);
    expect(items[1]).toMatchObject({
      protocol: 'ocpp1.6',
      payload: { type: 'Soft' },
      sentBy: me.json<{ id: string }>().id,
      requestId: reset.headers['x-request-id'],
      outcome: 'result',
      response: { status: 'Accepted' },
      error: null,
    });
  });

  it('takes a call without a body as an empty payload', async () => {
    const charger = await connected16({ ClearCache: () => ({ status: 'Accepted' }) });
    const res = await send(t.app, charger.operatorToken, charger.identity, 'ClearCache');
    expect(res.json()).toEqual({ response: { status: 'Accepted' } });
  });

  it("refuses a payload the version's schema does not allow, and sends nothing", async () => {
    const charger = await connected16();
    for (const payload of [{ type: 'Sideways' }, {}, { type: 'Soft', extra: 1 }]) {
      const res = await send(t.app, charger.operatorToken, charger.identity, 'Reset', payload);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ code: 'OCPP_INVALID_CALL' });
      expect(res.json<{ message: string }>().message).toMatch(/^The Reset call is not valid: /);
    }
    expect(charger.station.received.filter((r) => r.method === 'Reset')).toEqual([]);
    const log = await t.app.inject({
      url: `/api/admin/chargers/${charger.identity}/ocpp`,
      headers: bearer(charger.operatorToken),
    });
    expect(log.json()).toEqual({ items: [] });
  });

  it('refuses an action of the other version, one a CSMS never sends, and an unknown charger', async () => {
    const charger = await connected16();
    const other = await send(t.app, charger.operatorToken, charger.identity, 'SetVariables', {
      setVariableData: [],
    });
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({
      code: 'OCPP_ACTION_UNSUPPORTED',
      message: 'A central system cannot send SetVariables in ocpp1.6.',
    });
    for (const action of ['BootNotification', 'Heartbeat', 'Nonsense'])
      expect(
        (await send(t.app, charger.operatorToken, charger.identity, action, {})).statusCode,
      ).toBe(404);
    expect(
      (await send(t.app, charger.operatorToken, 'NO-SUCH-CHARGER', 'Reset', { type: 'Soft' }))
        .statusCode,
    ).toBe(404);
    const odd = await send(t.app, charger.operatorToken, charger.identity, 'Re-set', {});
    expect(odd.statusCode).toBe(400);
  });

  it("answers the charger's CALLERROR as 502 CHARGER_ERROR, with its code, text and details", async () => {
    const charger = await connected16({
      UnlockConnector: () => {
        throw createRPCError('NotSupported', 'no motorised lock', { connector: 1 }) as Error;
      },
    });
    const res = await send(t.app, charger.operatorToken, charger.identity, 'UnlockConnector', {
      connectorId: 1,
    });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({
      statusCode: 502,
      code: 'CHARGER_ERROR',
      message: 'The charger answered with an error (NotSupported).',
      error: { code: 'NotSupported', description: 'no motorised lock', details: { connector: 1 } },
    });
    const log = await t.app.inject({
      url: `/api/admin/chargers/${charger.identity}/ocpp`,
      headers: bearer(charger.operatorToken),
    });
    expect(log.json<{ items: unknown[] }>().items[0]).toMatchObject({
      outcome: 'error',
      error: { code: 'NotSupported' },
    });
  });

  it('answers 504 when the charger does not answer in time', async () => {
    // An app that gives a charger a second to answer.
    const quick = await createTestApp({ OCPP_CALL_TIMEOUT_SECONDS: '1' });
    try {
      const charger = await registerCharger(quick.app);
      const station = await scriptedCharger(await listen(quick.app), charger.identity, {
        handlers: { GetDiagnostics: () => new Promise(() => undefined) },
      });
      open.push(station);
      await boot16(station);
      const res = await send(quick.app, charger.operatorToken, charger.identity, 'GetDiagnostics', {
        location: 'ftp://logs.stod.example/',
      });
      expect(res.statusCode).toBe(504);
      expect(res.json()).toMatchObject({ code: 'CHARGER_TIMEOUT' });
    } finally {
      await quick.close();
    }
  });

  it('answers 409 CHARGER_OFFLINE for a charger never connected, or gone', async () => {
    const never = await registerCharger(t.app);
    expect(
      (await send(t.app, never.operatorToken, never.identity, 'Reset', { type: 'Soft' })).json(),
    ).toMatchObject({ code: 'CHARGER_OFFLINE' });
    const gone = await connected16();
    await gone.station.close();
    const res = await send(t.app, gone.operatorToken, gone.identity, 'Reset', { type: 'Hard' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'CHARGER_OFFLINE' });
  });

  it('sends a 2.0.1 call checked against the 2.0.1 schema', async () => {
    const charger = await registerCharger(t.app);
    const station = await scriptedCharger(url, charger.identity, {
      protocol: 'ocpp2.0.1',
      handlers: {
        GetVariables: (params) => ({
          getVariableResult: (
            params.getVariableData as { component: unknown; variable: unknown }[]
          ).map((d) => ({
            attributeStatus: 'Accepted',
            attributeValue: '60',
            component: d.component,
            variable: d.variable,
          })),
        }),
      },
    });
    open.push(station);
    await boot201(station);
    const query = {
      getVariableData: [
        { component: { name: 'OCPPCommCtrlr' }, variable: { name: 'HeartbeatInterval' } },
      ],
    };
    const res = await send(t.app, charger.operatorToken, charger.identity, 'GetVariables', query);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      response: { getVariableResult: [{ attributeStatus: 'Accepted', attributeValue: '60' }] },
    });
    // 1.6's Reset is not 2.0.1's: `type` there is Immediate or OnIdle.
    const reset = await send(t.app, charger.operatorToken, charger.identity, 'Reset', {
      type: 'Soft',
    });
    expect(reset.statusCode).toBe(422);
    expect(
      (await send(t.app, charger.operatorToken, charger.identity, 'GetConfiguration', {}))
        .statusCode,
    ).toBe(422);
  });

  it('is for operators only: customers, station staff and strangers are refused', async () => {
    const charger = await connected16();
    const customer = await cardCustomer(t.app);
    const station = await signInAsStaff(t.app, { role: 'station', stationIds: [] });
    for (const token of [customer.token, station]) {
      expect(
        (await send(t.app, token, charger.identity, 'Reset', { type: 'Soft' })).statusCode,
      ).toBe(403);
      expect(
        (
          await t.app.inject({
            url: `/api/admin/chargers/${charger.identity}/ocpp`,
            headers: bearer(token),
          })
        ).statusCode,
      ).toBe(403);
    }
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/api/admin/chargers/${charger.identity}/ocpp/Reset`,
      payload: { type: 'Soft' },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(charger.station.received.filter((r) => r.method === 'Reset')).toEqual([]);
  });

  it('knows every CSMS-initiated message of both versions', () => {
    expect(CSMS_ACTIONS['ocpp1.6']).toHaveLength(26);
    expect(CSMS_ACTIONS['ocpp2.0.1']).toHaveLength(40);
    expect(CSMS_ACTIONS['ocpp2.0.1']).toContain('CostUpdated');
    expect(CSMS_ACTIONS['ocpp1.6']).not.toContain('StartTransaction');
  });
});

describe('PUT /api/admin/chargers/{identity}/password', () => {
  const setPassword = (token: string, identity: string, password: unknown) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/admin/chargers/${identity}/password`,
      headers: { ...bearer(token), 'accept-language': 'en' },
      payload: { password },
    });
  const OLD = 'gamla-loyniordid-16';
  const NEW = 'nyggja-loyniordid-1234';

  it('sends a connected 1.6 charger its new password, stores it once taken, and logs no password', async () => {
    const charger = await registerCharger(t.app, { password: OLD });
    const station = await scriptedCharger(url, charger.identity, {
      password: OLD,
      handlers: { ChangeConfiguration: () => ({ status: 'Accepted' }) },
    });
    open.push(station);
    await boot16(station);
    const res = await setPassword(charger.operatorToken, charger.identity, NEW);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ sentToCharger: true });
    expect(station.received).toContainEqual({
      method: 'ChangeConfiguration',
      params: { key: 'AuthorizationKey', value: NEW },
    });
    // The charger dials again with the new password; the old one no longer opens.
    const again = await scriptedCharger(url, charger.identity, { password: NEW });
    open.push(again);
    await expect(scriptedCharger(url, charger.identity, { password: OLD })).rejects.toThrow();
    const log = await t.app.inject({
      url: `/api/admin/chargers/${charger.identity}/ocpp`,
      headers: bearer(charger.operatorToken),
    });
    expect(log.body).not.toContain(NEW);
    expect(log.json<{ items: unknown[] }>().items[0]).toMatchObject({
      action: 'ChangeConfiguration',
      payload: { key: 'AuthorizationKey', value: '********' },
      outcome: 'result',
    });
  });

  it('keeps the old password when the charger refuses the new one', async () => {
    const charger = await registerCharger(t.app, { password: OLD });
    const station = await scriptedCharger(url, charger.identity, {
      password: OLD,
      handlers: { ChangeConfiguration: () => ({ status: 'Rejected' }) },
    });
    open.push(station);
    await boot16(station);
    const res = await setPassword(charger.operatorToken, charger.identity, NEW);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'CHARGER_REFUSED',
      message: 'The charger did not take the new password. The old one still holds.',
    });
    open.push(await scriptedCharger(url, charger.identity, { password: OLD }));
  });

  it('sends a 2.0.1 charger SecurityCtrlr.BasicAuthPassword', async () => {
    const charger = await registerCharger(t.app, { password: OLD });
    const station = await scriptedCharger(url, charger.identity, {
      protocol: 'ocpp2.0.1',
      password: OLD,
      handlers: {
        SetVariables: (params) => ({
          setVariableResult: (
            params.setVariableData as { component: unknown; variable: unknown }[]
          ).map((d) => ({
            attributeStatus: 'RebootRequired',
            component: d.component,
            variable: d.variable,
          })),
        }),
      },
    });
    open.push(station);
    await boot201(station);
    expect((await setPassword(charger.operatorToken, charger.identity, NEW)).json()).toEqual({
      sentToCharger: true,
    });
    expect(station.received).toContainEqual({
      method: 'SetVariables',
      params: {
        setVariableData: [
          {
            component: { name: 'SecurityCtrlr' },
            variable: { name: 'BasicAuthPassword' },
            attributeValue: NEW,
          },
        ],
      },
    });
  });

  it('stores it at once for a charger that is not connected; refuses a bad one and strangers', async () => {
    const charger = await registerCharger(t.app, { password: OLD });
    expect((await setPassword(charger.operatorToken, charger.identity, NEW)).json()).toEqual({
      sentToCharger: false,
    });
    open.push(await scriptedCharger(url, charger.identity, { password: NEW }));
    for (const bad of ['short', 'x'.repeat(41), 42, null])
      expect((await setPassword(charger.operatorToken, charger.identity, bad)).statusCode).toBe(
        400,
      );
    expect((await setPassword(charger.operatorToken, 'NO-SUCH-CHARGER', NEW)).statusCode).toBe(404);
    const customer = await cardCustomer(t.app);
    expect((await setPassword(customer.token, charger.identity, OLD)).statusCode).toBe(403);
    open.push(await scriptedCharger(url, charger.identity, { password: NEW }));
  });
});

describe('what an operator call changes here', () => {
  const OLD = 'gamla-loyniordid-16';
  const NEW = 'beint-sent-loyniord-99';

  it('stores a password a charger took through the plain call route, and logs it masked', async () => {
    const charger = await registerCharger(t.app, { password: OLD });
    const station = await scriptedCharger(url, charger.identity, {
      password: OLD,
      handlers: { ChangeConfiguration: () => ({ status: 'Accepted' }) },
    });
    open.push(station);
    await boot16(station);
    const res = await send(t.app, charger.operatorToken, charger.identity, 'ChangeConfiguration', {
      key: 'AuthorizationKey',
      value: NEW,
    });
    expect(res.json()).toEqual({ response: { status: 'Accepted' } });
    open.push(await scriptedCharger(url, charger.identity, { password: NEW }));
    await expect(scriptedCharger(url, charger.identity, { password: OLD })).rejects.toThrow();
    const log = await t.app.inject({
      url: `/api/admin/chargers/${charger.identity}/ocpp`,
      headers: bearer(charger.operatorToken),
    });
    expect(log.body).not.toContain(NEW);
  });

  it('keeps the password when a 2.0.1 charger rejects the variable', async () => {
    const charger = await registerCharger(t.app, { password: OLD });
    const station = await scriptedCharger(url, charger.identity, {
      protocol: 'ocpp2.0.1',
      password: OLD,
      handlers: {
        SetVariables: () => ({
          setVariableResult: [
            {
              attributeStatus: 'Rejected',
              component: { name: 'SecurityCtrlr' },
              variable: { name: 'BasicAuthPassword' },
            },
          ],
        }),
      },
    });
    open.push(station);
    await boot201(station);
    const res = await send(t.app, charger.operatorToken, charger.identity, 'SetVariables', {
      setVariableData: [
        {
          component: { name: 'SecurityCtrlr' },
          variable: { name: 'BasicAuthPassword' },
          attributeValue: NEW,
        },
      ],
    });
    expect(res.statusCode).toBe(200);
    open.push(await scriptedCharger(url, charger.identity, { password: OLD }));
    const log = await t.app.inject({
      url: `/api/admin/chargers/${charger.identity}/ocpp`,
      headers: bearer(charger.operatorToken),
    });
    expect(log.body).not.toContain(NEW);
    expect(log.body).toContain('********');
  });

  it('records the version of a local list the charger accepted, and the one it reports', async () => {
    let version = 0;
    const charger = await connected16({
      SendLocalList: (params) => {
        version = params.listVersion as number;
        return { status: 'Accepted' };
      },
      GetLocalListVersion: () => ({ listVersion: version }),
    });
    const list = () =>
      t.app.inject({
        url: `/api/admin/chargers/${charger.identity}/local-list`,
        headers: bearer(charger.operatorToken),
      });
    expect((await list()).json()).toMatchObject({ version: 0, size: null, sentAt: null });
    const differential = await send(
      t.app,
      charger.operatorToken,
      charger.identity,
      'SendLocalList',
      {
        listVersion: 7,
        updateType: 'Differential',
        localAuthorizationList: [{ idTag: 'ABC123', idTagInfo: { status: 'Blocked' } }],
      },
    );
    expect(differential.statusCode).toBe(200);
    expect((await list()).json()).toMatchObject({ version: 7, size: null });
    version = 12;
    await send(t.app, charger.operatorToken, charger.identity, 'GetLocalListVersion');
    expect((await list()).json()).toMatchObject({ version: 12 });
  });
});

describe('a remote start an operator sends', () => {
  const putTag = (token: string, idTag: string, email: string) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/admin/id-tags/${idTag}`,
      headers: bearer(token),
      payload: { email, status: 'Accepted' },
    });
  const activeOf = async (token: string) =>
    (await t.app.inject({ url: '/api/charges/active', headers: bearer(token) })).json<{
      charge: { id: string; state: string } | null;
    }>().charge;

  it('opens the charge of the tag it names, billed to the tag’s holder (1.6)', async () => {
    const charger = await connected16();
    const holder = await cardCustomer(t.app);
    const idTag = `RS${String(Date.now() % 1e8)}`;
    expect((await putTag(charger.operatorToken, idTag, holder.email)).statusCode).toBe(201);
    const res = await send(
      t.app,
      charger.operatorToken,
      charger.identity,
      'RemoteStartTransaction',
      {
        connectorId: 2,
        idTag,
      },
    );
    expect(res.json()).toEqual({ response: { status: 'Accepted' } });
    const tx = await charger.station.call('StartTransaction', {
      connectorId: 2,
      idTag,
      meterStart: 100,
      timestamp: new Date().toISOString(),
    });
    expect((tx.idTagInfo as { status: string }).status).toBe('Accepted');
    expect(await activeOf(holder.token)).toMatchObject({ state: 'charging' });
    await charger.station.call('StopTransaction', {
      transactionId: tx.transactionId,
      meterStop: 100,
      timestamp: new Date().toISOString(),
    });
  });

  it('opens the charge of a 2.0.1 RequestStartTransaction’s idToken', async () => {
    const registered = await registerCharger(t.app);
    const station = await scriptedCharger(url, registered.identity, { protocol: 'ocpp2.0.1' });
    open.push(station);
    await boot201(station);
    const holder = await cardCustomer(t.app);
    const idTag = `RQ${String(Date.now() % 1e8)}`;
    await putTag(registered.operatorToken, idTag, holder.email);
    const res = await send(
      t.app,
      registered.operatorToken,
      registered.identity,
      'RequestStartTransaction',
      { evseId: 1, remoteStartId: 4242, idToken: { idToken: idTag, type: 'ISO14443' } },
    );
    expect(res.json()).toEqual({ response: { status: 'Accepted' } });
    const started = await station.call('TransactionEvent', {
      eventType: 'Started',
      timestamp: new Date().toISOString(),
      triggerReason: 'RemoteStart',
      seqNo: 0,
      transactionInfo: { transactionId: `OP-${String(Date.now())}`, remoteStartId: 4242 },
      idToken: { idToken: idTag, type: 'ISO14443' },
      evse: { id: 1, connectorId: 1 },
    });
    expect(started.idTokenInfo).toMatchObject({ status: 'Accepted' });
    expect(await activeOf(holder.token)).toMatchObject({ state: 'charging' });
  });
});

describe('PUT and GET /api/admin/chargers/{identity}/local-list', () => {
  const putList = (token: string, identity: string) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/admin/chargers/${identity}/local-list`,
      headers: { ...bearer(token), 'accept-language': 'en' },
    });
  const putTag = (token: string, idTag: string, payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/admin/id-tags/${idTag}`,
      headers: bearer(token),
      payload,
    });

  it('sends the tags that may charge there, with expiry and group, one version up', async () => {
    const charger = await connected16({ SendLocalList: () => ({ status: 'Accepted' }) });
    const holder = await cardCustomer(t.app);
    const cardless = await registerUser(t.app);
    const suffix = String(Date.now() % 1e6);
    const group = `LLG${suffix}`;
    const blocked = `LLB${suffix}`;
    const expired = `LLE${suffix}`;
    const member = `LLM${suffix}`;
    const unpaid = `LLU${suffix}`;
    await putTag(charger.operatorToken, group, { email: holder.email, status: 'Accepted' });
    await putTag(charger.operatorToken, blocked, { email: holder.email, status: 'Blocked' });
    await putTag(charger.operatorToken, expired, {
      email: holder.email,
      status: 'Accepted',
      expiryDate: '2020-01-01T00:00:00.000Z',
    });
    await putTag(charger.operatorToken, member, {
      email: holder.email,
      status: 'Accepted',
      parentIdTag: group,
      expiryDate: '2099-01-01T00:00:00.000Z',
    });
    await putTag(charger.operatorToken, unpaid, { email: cardless.email, status: 'Accepted' });
    const first = await putList(charger.operatorToken, charger.identity);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ version: 1, response: { status: 'Accepted' } });
    const sent = charger.station.received.find((m) => m.method === 'SendLocalList')?.params as {
      listVersion: number;
      updateType: string;
      localAuthorizationList: { idTag: string; idTagInfo: Record<string, unknown> }[];
    };
    expect(sent).toMatchObject({ listVersion: 1, updateType: 'Full' });
    const byTag = new Map(sent.localAuthorizationList.map((e) => [e.idTag, e.idTagInfo]));
    expect(byTag.get(member)).toEqual({
      status: 'Accepted',
      expiryDate: '2099-01-01T00:00:00.000Z',
      parentIdTag: group,
    });
    // Blocked, expired, and a tag whose holder has no card to pay with: a charger that asks
    // online would refuse them, so they are not on its list.
    for (const left of [blocked, expired, unpaid]) expect(byTag.has(left), left).toBe(false);
    const second = await putList(charger.operatorToken, charger.identity);
    expect(second.json<{ version: number }>().version).toBe(2);
    const state = await t.app.inject({
      url: `/api/admin/chargers/${charger.identity}/local-list`,
      headers: bearer(charger.operatorToken),
    });
    expect(state.json()).toMatchObject({ version: 2, size: sent.localAuthorizationList.length });
    // The tags a list sent now would carry: the same as were sent, none of those left out.
    const listed = state.json<{
      tags: { idTag: string; type: string; expiresAt: string | null; parentIdTag: string | null }[];
      tagsTotal: number;
    }>();
    expect(listed.tagsTotal).toBe(sent.localAuthorizationList.length);
    expect(listed.tags).toContainEqual({
      idTag: member,
      type: 'ISO14443',
      expiresAt: '2099-01-01T00:00:00.000Z',
      parentIdTag: group,
    });
    for (const left of [blocked, expired, unpaid])
      expect(listed.tags.map((tag) => tag.idTag)).not.toContain(left);
  });

  it('sends a 2.0.1 charger idTokens with groupIdToken, and keeps the version it refused', async () => {
    const registered = await registerCharger(t.app);
    let answer = 'VersionMismatch';
    const station = await scriptedCharger(url, registered.identity, {
      protocol: 'ocpp2.0.1',
      handlers: { SendLocalList: () => ({ status: answer }) },
    });
    open.push(station);
    await boot201(station);
    const refused = await putList(registered.operatorToken, registered.identity);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'CHARGER_REFUSED',
      message: 'The charger did not take the local list: it answered VersionMismatch.',
    });
    answer = 'Accepted';
    const taken = await putList(registered.operatorToken, registered.identity);
    expect(taken.json()).toMatchObject({ version: 1 });
    const sent = station.received.filter((m) => m.method === 'SendLocalList').at(-1)?.params as {
      versionNumber: number;
      localAuthorizationList: { idToken: { type: string }; idTokenInfo: unknown }[];
    };
    expect(sent.versionNumber).toBe(1);
    expect(sent.localAuthorizationList[0]?.idToken.type).toBe('ISO14443');
  });

  it('answers 409 for a charger not connected, 404 for none, and only to operators', async () => {
    const charger = await registerCharger(t.app);
    expect((await putList(charger.operatorToken, charger.identity)).statusCode).toBe(409);
    expect((await putList(charger.operatorToken, 'NO-SUCH-CHARGER')).statusCode).toBe(404);
    const customer = await cardCustomer(t.app);
    expect((await putList(customer.token, charger.identity)).statusCode).toBe(403);
    const station = await signInAsStaff(t.app, { role: 'station' });
    const read = await t.app.inject({
      url: `/api/admin/chargers/${charger.identity}/local-list`,
      headers: bearer(station),
    });
    expect(read.statusCode).toBe(403);
  });
});

describe.skipIf(!process.env.TEST_REDIS_URL)('an operator call on the other process', () => {
  it("reaches a charger held by another process, and comes back with the charger's answer", async () => {
    const prefix = `stod-test-${randomBytes(6).toString('hex')}:`;
    const a = await createTestApp({ REDIS_KEY_PREFIX: prefix });
    const b = await secondProcess(a, process.env.TEST_REDIS_URL ?? '', prefix);
    try {
      const charger = await registerCharger(a.app);
      const station = await scriptedCharger(await listen(a.app), charger.identity, {
        handlers: { TriggerMessage: () => ({ status: 'Accepted' }) },
      });
      try {
        await boot16(station);
        const res = await send(b, charger.operatorToken, charger.identity, 'TriggerMessage', {
          requestedMessage: 'Heartbeat',
        });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ response: { status: 'Accepted' } });
        expect(station.received).toContainEqual({
          method: 'TriggerMessage',
          params: { requestedMessage: 'Heartbeat' },
        });
      } finally {
        await station.close();
      }
    } finally {
      await b.close();
      await a.close();
    }
  });
});
