import { translate, type ConnectorStatus } from '@stod/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  setChargerFleet,
  startChargerFleet,
  type ChargerFleet,
  type SimChargerState,
} from '../../integrations/ocpp-sim/index.ts';
import { testCsms, until, type TestCsms } from '../../integrations/ocpp-sim/test-csms.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { expectFitsPhone } from '../../test/html.ts';

const AC = 'DEV-AC-1';
const DC = 'DEV-DC-1';
let t: TestApp;
let csms: TestCsms;
let fleet: ChargerFleet;

beforeAll(async () => {
  t = await createTestApp({ SIM_SPEED: '200' });
  // The chargers dial a small backend of the test's own; the routes only reach the fleet.
  csms = await testCsms();
  fleet = startChargerFleet({
    url: csms.url,
    chargers: [
      { identity: AC, protocol: 'ocpp1.6', connectors: 2, maxPowerKw: 22 },
      { identity: DC, protocol: 'ocpp2.0.1', connectors: 1, maxPowerKw: 150 },
    ],
    speed: 200,
    autoPlug: false,
  });
  setChargerFleet(fleet);
  await fleet.ready(10_000);
});
afterAll(async () => {
  setChargerFleet(null);
  await fleet.close();
  await csms.close();
  await t.close();
});

const act = (payload: Record<string, unknown>, language = 'en') =>
  t.app.inject({
    method: 'POST',
    url: '/api/dev/sim/chargers',
    headers: { 'accept-language': language },
    payload,
  });
const connector = (state: SimChargerState, connectorId: number) =>
  state.connectors.find((c) => c.connectorId === connectorId);
const lastStatus = (identity: string, connectorId: number): unknown =>
  csms
    .of(identity, 'StatusNotification')
    .filter((c) => (c.params.connectorId ?? c.params.evseId) === connectorId)
    .at(-1)?.params.status;

describe('POST /api/dev/sim/chargers', () => {
  it('plugs a car in, which a remote start then charges, and answers the charger’s state', async () => {
    const res = await act({ identity: AC, connectorId: 1, action: 'plug' });
    expect(res.statusCode).toBe(200);
    const plugged = res.json<SimChargerState>();
    expect(plugged).toMatchObject({ identity: AC, protocol: 'ocpp1.6', connected: true });
    expect(connector(plugged, 1)).toEqual({
      connectorId: 1,
      status: 'Preparing',
      plugged: true,
      transactionId: null,
      energyWh: 0,
      powerW: 0,
      soc: null,
    });
    await until('Preparing at the backend', () => lastStatus(AC, 1) === 'Preparing');

    await csms.call(AC, 'RemoteStartTransaction', { connectorId: 1, idTag: 'DEV-TAG' });
    await until('a reading', () => csms.of(AC, 'MeterValues').length > 0);
    const state = await t.app.inject({ url: '/api/dev/sim/state' });
    expect(state.statusCode).toBe(200);
    const body = state.json<{ station: null; pumps: []; bays: []; chargers: SimChargerState[] }>();
    expect(body).toMatchObject({ station: null, pumps: [], bays: [] });
    expect(body.chargers.map((c) => c.identity)).toEqual([AC, DC]);
    const charging = body.chargers[0] ? connector(body.chargers[0], 1) : undefined;
    expect(charging).toMatchObject({ status: 'Charging', transactionId: '1' });
    expect(charging?.energyWh).toBeGreaterThan(0);
    expect(charging?.powerW).toBeGreaterThan(0);

    const unplugged = await act({ identity: AC, connectorId: 1, action: 'unplug' });
    expect(connector(unplugged.json(), 1)).toMatchObject({ status: 'Available', plugged: false });
    await until('StopTransaction', () => csms.of(AC, 'StopTransaction')[0]);
  });

  it('presents a card: Authorize, a start once the car is in, and the same card stops it', async () => {
    for (const [identity, connectorId] of [
      [AC, 2],
      [DC, 1],
    ] as const) {
      await act({ identity, connectorId, action: 'plug' });
      const shown = await act({ identity, connectorId, action: 'tag', idTag: 'CARD-1' });
      expect(shown.statusCode).toBe(200);
      await until(`${identity} started`, () =>
        identity === AC
          ? csms.of(AC, 'StartTransaction').find((c) => c.params.idTag === 'CARD-1')
          : csms.of(DC, 'TransactionEvent').find((c) => c.params.eventType === 'Started'),
      );
      const authorize = csms.of(identity, 'Authorize').at(-1)?.params;
      expect(authorize).toEqual(
        identity === AC
          ? { idTag: 'CARD-1' }
          : { idToken: { idToken: 'CARD-1', type: 'ISO14443' } },
      );
      await act({ identity, connectorId, action: 'tag', idTag: 'CARD-1' });
      if (identity === AC) {
        const stop = await until('StopTransaction', () =>
          csms.of(AC, 'StopTransaction').find((c) => c.params.reason === 'Local'),
        );
        expect(stop.params).toMatchObject({ idTag: 'CARD-1', reason: 'Local' });
      } else {
        const ended = await until('Ended', () =>
          csms.of(DC, 'TransactionEvent').find((c) => c.params.eventType === 'Ended'),
        );
        expect(ended.params).toMatchObject({
          triggerReason: 'StopAuthorized',
          transactionInfo: { stoppedReason: 'Local' },
        });
        const started = csms
          .of(DC, 'TransactionEvent')
          .find((c) => c.params.eventType === 'Started');
        expect(started?.params).toMatchObject({
          triggerReason: 'Authorized',
          idToken: { idToken: 'CARD-1', type: 'ISO14443' },
        });
      }
      await act({ identity, connectorId, action: 'unplug' });
    }
  });

  it('faults and clears a connector, and takes a charger offline and back', async () => {
    const steps: [string, ConnectorStatus][] = [
      ['fault', 'Faulted'],
      ['plug', 'Faulted'],
      ['unplug', 'Available'],
      ['unavailable', 'Unavailable'],
    ];
    for (const [action, status] of steps) {
      const res = await act({ identity: DC, connectorId: 1, action });
      expect(res.statusCode, action).toBe(200);
      expect(connector(res.json(), 1)?.status, action).toBe(status);
    }
    const away = await act({ identity: DC, connectorId: 1, action: 'offline' });
    expect(away.json()).toMatchObject({ identity: DC, protocol: 'ocpp2.0.1', connected: false });
    const back = await act({ identity: DC, connectorId: 1, action: 'online' });
    expect(back.json()).toMatchObject({ connected: true });
    expect(csms.of(DC, 'BootNotification')).toHaveLength(1);
  });

  it('answers 404 for a charger or connector the fleet does not have', async () => {
    for (const [payload, language] of [
      [{ identity: 'NOBODY', connectorId: 1, action: 'plug' }, 'en'],
      [{ identity: AC, connectorId: 3, action: 'plug' }, 'fo'],
    ] as const) {
      const res = await act(payload, language);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        statusCode: 404,
        code: 'NOT_FOUND',
        message: translate('error.notFound', language),
      });
    }
  });

  it('answers 400 with field errors for bad input', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ identity: AC, connectorId: 1, action: 'explode' }, 'action'],
      [{ identity: AC, connectorId: 0, action: 'plug' }, 'connectorId'],
      [{ identity: 'no spaces', connectorId: 1, action: 'plug' }, 'identity'],
      [{ identity: AC, connectorId: 1, action: 'plug', extra: true }, 'extra'],
      [{ identity: AC, connectorId: 1, action: 'tag', idTag: 'x'.repeat(21) }, 'idTag'],
    ];
    for (const [payload, field] of cases) {
      const res = await act(payload);
      expect(res.statusCode, field).toBe(400);
      expect(Object.keys(res.json<{ fieldErrors: object }>().fieldErrors)).toContain(field);
    }
  });

  it('answers 409 when no fleet runs, and the state lists no chargers', async () => {
    setChargerFleet(null);
    try {
      const res = await act({ identity: AC, connectorId: 1, action: 'plug' });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        statusCode: 409,
        code: 'SIM_UNAVAILABLE',
        message: translate('error.conflict', 'en'),
      });
      const state = await t.app.inject({ url: '/api/dev/sim/state' });
      expect(state.json()).toEqual({
        station: null,
        pumps: [],
        bays: [],
        machines: [],
        chargers: [],
      });
    } finally {
      setChargerFleet(fleet);
    }
  });
});

describe('the simulator page', () => {
  it('has a chargers panel whose buttons reach the chargers’ route', async () => {
    const page = await t.app.inject({ url: '/api/dev/sim' });
    expect(page.statusCode).toBe(200);
    expectFitsPhone(page.body);
    expect(page.body).toContain('<h2>Chargers</h2>');
    expect(page.body).toContain('id="chargers"');
    const script = await t.app.inject({ url: '/api/dev/sim/page.js' });
    expect(script.body).toContain("'/chargers'");
    for (const action of ['plug', 'unplug', 'fault', 'unavailable', 'offline', 'online', 'tag'])
      expect(script.body).toContain(`['${action}', `);

    const doc = (await t.app.inject({ url: '/api/docs/json' })).json<{ paths: object }>();
    expect(Object.keys(doc.paths)).toContain('/api/dev/sim/chargers');
  });
});
