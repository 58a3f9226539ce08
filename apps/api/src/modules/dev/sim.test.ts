import { translate, type Station } from '@stod/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CarwashEvent } from '../../integrations/carwash/port.ts';
import type { CarwashSim } from '../../integrations/carwash/sim.ts';
import type { ForecourtEvent, FuelSale } from '../../integrations/forecourt/port.ts';
import type { ForecourtSim } from '../../integrations/forecourt/sim.ts';
import { seedStationNetwork } from '../../seed/index.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { expectFitsPhone } from '../../test/html.ts';
import { registerDeviceSims } from './routes.ts';

let t: TestApp;
let forecourt: ForecourtSim;
let carwash: CarwashSim;
/** A station with pumps and bays, and one with pumps only. */
let full: Station;
let noWash: Station;

beforeAll(async () => {
  t = await createTestApp({ SIM_SPEED: '200' });
  // The simulators are the app's own ports: what the routes do, the services hear.
  forecourt = t.app.ctx.forecourt as ForecourtSim;
  carwash = t.app.ctx.carwash as CarwashSim;
  // Mounted here until app.ts mounts them itself; a second mount does nothing.
  registerDeviceSims(t.app, { forecourt, carwash });
  await seedStationNetwork(t.app.ctx.db);
  const res = await t.app.inject({ url: '/api/stations/stod' });
  const { items } = res.json<{ items: Station[] }>();
  const withBays = items.find((s) => s.carwashBays.length > 0 && s.pumps.length > 0);
  const withoutBays = items.find((s) => s.carwashBays.length === 0 && s.pumps.length > 0);
  if (!withBays || !withoutBays) throw new Error('the seed has no stations to test with');
  full = withBays;
  noWash = withoutBays;
});
afterAll(() => t.close());

const pumps = (payload: Record<string, unknown>, language = 'en') =>
  t.app.inject({
    method: 'POST',
    url: '/api/dev/sim/pumps',
    headers: { 'accept-language': language },
    payload,
  });
const bays = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/dev/sim/bays', payload });

function nextSale(reference: string) {
  return new Promise<FuelSale>((resolve) => {
    const stop = forecourt.subscribe((event: ForecourtEvent) => {
      if (event.type !== 'sale' || event.sale.reference !== reference) return;
      stop();
      resolve(event.sale);
    });
  });
}
function nextBay(state: CarwashEvent['state'], bay: number) {
  return new Promise<CarwashEvent>((resolve) => {
    const stop = carwash.subscribe((event) => {
      if (event.state !== state || event.bay !== bay) return;
      stop();
      resolve(event);
    });
  });
}

describe('POST /api/dev/sim/pumps', () => {
  it('lifts, hangs up and breaks a pump the forecourt port authorised', async () => {
    const site = full.tokheim_station_id;
    await forecourt.authorise(site, 1, {
      reference: 'dev-1',
      limit: 75_000,
      grade: 'Blýfrítt 95',
      unitPrice: 1_299,
    });
    const sold = nextSale('dev-1');
    const lifted = await pumps({ stationId: full.id, pumpNumber: 1, action: 'lift', litres: 5 });
    expect(lifted.statusCode).toBe(200);
    expect(lifted.json()).toEqual({ pump: { pump: 1, state: 'fuelling', reference: 'dev-1' } });
    expect((await sold).volumeMl).toBe(5_000);

    await forecourt.authorise(site, 2, {
      reference: 'dev-2',
      limit: 75_000,
      grade: 'Diesel',
      unitPrice: 1_199,
    });
    await pumps({ stationId: full.id, pumpNumber: 2, action: 'lift' });
    const hungUp = nextSale('dev-2');
    const hangup = await pumps({ stationId: full.id, pumpNumber: 2, action: 'hangup' });
    expect(hangup.json()).toMatchObject({ pump: { state: 'finished', reference: 'dev-2' } });
    expect((await hungUp).amount).toBeLessThanOrEqual(75_000);

    for (const [action, state] of [
      ['fault', 'inactive'],
      ['offline', 'offline'],
      ['online', 'idle'],
    ] as const) {
      const res = await pumps({ stationId: full.id, pumpNumber: 3, action });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ pump: { pump: 3, state, reference: null } });
    }
  });

  it('answers 400 with field errors for bad input', async () => {
    const missing = await pumps({ stationId: full.id, pumpNumber: 1 });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      code: 'VALIDATION',
      fieldErrors: { action: expect.any(String) },
    });
    const cases: [Record<string, unknown>, string][] = [
      [{ stationId: full.id, pumpNumber: 1, action: 'explode' }, 'action'],
      [{ stationId: full.id, pumpNumber: 1, action: 'lift', litres: -1 }, 'litres'],
      [{ stationId: 'one', pumpNumber: 1, action: 'lift' }, 'stationId'],
      [{ stationId: full.id, pumpNumber: 0, action: 'lift' }, 'pumpNumber'],
      [{ stationId: full.id, pumpNumber: 1, action: 'lift', extra: true }, 'extra'],
    ];
    for (const [payload, field] of cases) {
      const res = await pumps(payload);
      expect(res.statusCode, field).toBe(400);
      expect(Object.keys(res.json<{ fieldErrors: object }>().fieldErrors)).toContain(field);
    }
  });

  it('answers 404 with the localized text for an unknown station or pump', async () => {
    const station = await pumps({ stationId: 999_999, pumpNumber: 1, action: 'lift' });
    expect(station.statusCode).toBe(404);
    expect(station.json()).toEqual({
      statusCode: 404,
      code: 'NOT_FOUND',
      message: translate('error.notFound', 'en'),
    });
    const pump = await pumps({ stationId: full.id, pumpNumber: 99, action: 'fault' }, 'fo');
    expect(pump.statusCode).toBe(404);
    expect(pump.json()).toMatchObject({ message: translate('error.notFound', 'fo') });
  });
});

describe('POST /api/dev/sim/bays', () => {
  it('faults a running wash, which is stopped once the bay is back', async () => {
    const site = full.tokheim_station_id;
    await carwash.load(site, 1, { reference: 'wash-1', programme: 'Vask 2', durationSeconds: 300 });
    const washing = nextBay('washing', 1);
    await carwash.start(site, 1, 'wash-1');
    await washing;
    const fault = await bays({ stationId: full.id, bayNumber: 1, action: 'fault' });
    expect(fault.statusCode).toBe(200);
    expect(fault.json()).toMatchObject({ bay: { bay: 1, state: 'fault', reference: 'wash-1' } });
    const online = await bays({ stationId: full.id, bayNumber: 1, action: 'online' });
    expect(online.json()).toMatchObject({ bay: { state: 'stopped', reference: 'wash-1' } });
    const offline = await bays({ stationId: full.id, bayNumber: 2, action: 'offline' });
    expect(offline.json()).toEqual({
      bay: { bay: 2, state: 'offline', reference: null, remainingSeconds: null },
    });
  });

  it('answers 404 for a bay the station does not have, and 400 for a pump action', async () => {
    const none = await bays({ stationId: noWash.id, bayNumber: 1, action: 'fault' });
    expect(none.statusCode).toBe(404);
    const lift = await bays({ stationId: full.id, bayNumber: 1, action: 'lift' });
    expect(lift.statusCode).toBe(400);
    expect(lift.json()).toMatchObject({ fieldErrors: { action: expect.any(String) } });
  });
});

describe('GET /api/dev/sim/state', () => {
  it("lists a station's pumps and bays with what they are doing", async () => {
    const res = await t.app.inject({ url: `/api/dev/sim/state?stationId=${String(full.id)}` });
    expect(res.statusCode).toBe(200);
    const body = res.json<{
      station: { id: number; site: string };
      pumps: { pump: number; pumpState: string; connected: boolean }[];
      bays: { bay: number }[];
    }>();
    expect(body.station).toMatchObject({ id: full.id, site: full.tokheim_station_id });
    expect(body.pumps.map((p) => p.pump)).toEqual(full.pumps);
    expect(body.bays.map((b) => b.bay)).toEqual(full.carwashBays);
    expect(body.pumps.every((p) => p.connected)).toBe(true);

    expect((await t.app.inject({ url: '/api/dev/sim/state?stationId=999999' })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ url: '/api/dev/sim/state?stationId=x' })).statusCode).toBe(400);
  });
});

describe('GET /api/dev/sim', () => {
  it('serves a phone-sized page whose only script is a file of its own', async () => {
    const page = await t.app.inject({ url: '/api/dev/sim' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expectFitsPhone(page.body);
    const scripts = [...page.body.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts).toHaveLength(1);
    expect(scripts[0]?.[1]).toContain('src="/api/dev/sim/page.js"');
    expect(scripts[0]?.[2]).toBe('');
    expect(page.body).toContain('data-stations="/api/stations/stod"');

    const script = await t.app.inject({ url: '/api/dev/sim/page.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toContain('text/javascript');
    expect(script.body).toContain('/state?stationId=');
  });

  it('documents the controls in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json<{ paths: object }>();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/dev/sim/pumps', '/api/dev/sim/bays', '/api/dev/sim/state']),
    );
  });

  it('is never mounted in production', () => {
    const register = vi.fn();
    const production = {
      ctx: { config: { isProduction: true } },
      register,
    } as unknown as FastifyInstance;
    registerDeviceSims(production, { forecourt, carwash });
    expect(register).not.toHaveBeenCalled();
  });
});
