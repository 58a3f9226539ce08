import type { Station } from '@stod/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BeverageMachineEvent } from '../../integrations/beverage-machine/port.ts';
import type { BeverageMachineSim } from '../../integrations/beverage-machine/sim.ts';
import { seedStationNetwork } from '../../seed/index.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { expectFitsPhone } from '../../test/html.ts';
import type { MachineStatus } from './sim-coffee.ts';

let t: TestApp;
let machines: BeverageMachineSim;
/** A station with a kitchen (and so a coffee machine), and one without. */
let food: Station;
let noFood: Station | undefined;
let publicUrl: string;

beforeAll(async () => {
  // Fast enough that a cup pours in a second, slow enough that "done" is seen.
  t = await createTestApp({ SIM_SPEED: '25' });
  machines = t.app.ctx.beverageMachines as BeverageMachineSim;
  publicUrl = t.app.ctx.config.publicUrl;
  await seedStationNetwork(t.app.ctx.db);
  const { items } = (await t.app.inject({ url: '/api/stations/stod' })).json<{
    items: Station[];
  }>();
  const withFood = items.find((s) => s.services.includes('food'));
  if (!withFood) throw new Error('the seed has no station with a kitchen');
  food = withFood;
  noFood = items.find((s) => !s.services.includes('food'));
});
afterAll(() => t.close());

async function machinesAt(station: Station) {
  const res = await t.app.inject({ url: `/api/dev/sim/state?stationId=${String(station.id)}` });
  expect(res.statusCode).toBe(200);
  return res.json<{ machines: MachineStatus[] }>().machines;
}
const choose = (beverageFamily = 'COFFEE') =>
  t.app.inject({
    method: 'POST',
    url: '/api/dev/sim/beverage-machines',
    payload: { stationId: food.id, beverageFamily },
  });
const setOrder = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/dev/sim/beverage-machines/out-of-order', payload });
const setConnection = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/dev/sim/beverage-machines/connection', payload });
const qr = (text: string) =>
  t.app.inject({ url: `/api/dev/sim/qr?text=${encodeURIComponent(text)}` });

function next(machineId: string, state: BeverageMachineEvent['state']) {
  return new Promise<void>((resolve) => {
    const stop = machines.subscribe((event) => {
      if (event.machineId !== machineId || event.state !== state) return;
      stop();
      resolve();
    });
  });
}

describe('GET /api/dev/sim/state: the coffee machines', () => {
  it('shows the code a chosen drink waits with, then its cup pouring and done', async () => {
    const [idle] = await machinesAt(food);
    expect(idle).toMatchObject({ state: 'idle', url: null, secondsLeft: null, drink: null });
    if (noFood) expect(await machinesAt(noFood)).toEqual([]);

    const chosen = await choose();
    expect(chosen.statusCode).toBe(200);
    const code = chosen.json<{ url: string; transactionId: string; installationId: string }>();
    const [waiting] = await machinesAt(food);
    expect(waiting).toMatchObject({
      machineId: code.installationId,
      state: 'awaiting payment',
      transactionId: code.transactionId,
      fillState: 'pending',
      url: code.url,
    });
    expect(waiting?.drink).toEqual(expect.any(String));
    // The code printed under the QR code, for a phone without a camera.
    expect(waiting?.typedCode).toMatch(/^[A-Z0-9]{3} [A-Z0-9]{3}$/);
    expect(waiting?.secondsLeft).toBeGreaterThan(60);
    expect(waiting?.secondsLeft).toBeLessThanOrEqual(t.app.ctx.config.BEVERAGE_HASH_TTL_SECONDS);

    // The vendor's service pours a paid code: the panel shows it used.
    const done = next(code.installationId, 'done');
    expect(await machines.pour(code.installationId, code.transactionId)).toBe('pouring');
    const [pouring] = await machinesAt(food);
    expect(pouring).toMatchObject({
      state: 'pouring',
      transactionId: code.transactionId,
      url: null,
      secondsLeft: null,
    });
    await done;
    expect((await machinesAt(food))[0]).toMatchObject({ state: 'done', url: null });
    await next(code.installationId, 'idle');
  });
});

describe('POST /api/dev/sim/beverage-machines/out-of-order', () => {
  it('takes the machine out of order, which drops its code, and back', async () => {
    const code = (await choose()).json<{ installationId: string }>();
    const machineId = code.installationId;
    const out = await setOrder({ stationId: food.id, machineId, outOfOrder: true });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toMatchObject({ machine: { machineId, state: 'out of order', url: null } });
    expect((await machinesAt(food))[0]?.state).toBe('out of order');
    // A drink chosen now shows no code.
    expect((await choose()).statusCode).toBe(200);
    expect((await machinesAt(food))[0]).toMatchObject({ state: 'out of order', url: null });

    const back = await setOrder({ stationId: food.id, machineId, outOfOrder: false });
    expect(back.statusCode).toBe(200);
    expect(back.json()).toMatchObject({ machine: { state: 'idle', transactionId: null } });
    const again = (await choose()).json<{ url: string }>();
    expect((await machinesAt(food))[0]).toMatchObject({
      state: 'awaiting payment',
      url: again.url,
    });
  });

  it('answers 400 for bad input and 404 for a machine of another station', async () => {
    const [machine] = await machinesAt(food);
    const machineId = machine?.machineId;
    const cases: [Record<string, unknown>, string][] = [
      [{ stationId: food.id, machineId: 'nope', outOfOrder: true }, 'machineId'],
      [{ stationId: food.id, machineId, outOfOrder: 'yes' }, 'outOfOrder'],
      [{ stationId: 0, machineId, outOfOrder: true }, 'stationId'],
      [{ stationId: food.id, machineId, outOfOrder: true, extra: 1 }, 'extra'],
    ];
    for (const [payload, field] of cases) {
      const res = await setOrder(payload);
      expect(res.statusCode, field).toBe(400);
      expect(Object.keys(res.json<{ fieldErrors: object }>().fieldErrors)).toContain(field);
    }
    const other = noFood ?? { id: 999_999 };
    const res = await setOrder({ stationId: other.id, machineId, outOfOrder: true });
    expect(res.statusCode).toBe(404);
    const unknown = '00000000-0000-4000-8000-000000000000';
    const missing = await setOrder({ stationId: food.id, machineId: unknown, outOfOrder: true });
    expect(missing.statusCode).toBe(404);
    expect((await machinesAt(food))[0]?.state).not.toBe('out of order');
  });
});

describe('GET /api/dev/sim/qr', () => {
  it("draws an app link's QR code as SVG", async () => {
    const res = await qr(`${publicUrl}/AbCdEf0123456789xyz`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('image/svg+xml');
    expect(res.body).toMatch(/^<svg [^>]*viewBox="0 0 \d+ \d+"/);
    expect(res.body).toContain('<path');
    // Another text, another code.
    expect((await qr(`${publicUrl}/other0123456789abcdef`)).body).not.toBe(res.body);
  });

  it('refuses what is not one of the app links, with a field error', async () => {
    const origin = new URL(publicUrl);
    const refused = [
      '',
      'hello',
      'https://example.com/AbCdEf0123456789',
      `${origin.protocol}//${origin.host}.example.com/AbCdEf0123456789`,
      `${origin.protocol}//user@${origin.host}/AbCdEf0123456789`,
      `ftp://${origin.host}/AbCdEf0123456789`,
      'javascript:alert(1)',
      `${publicUrl}/${'a'.repeat(600)}`,
    ];
    for (const text of refused) {
      const res = await qr(text);
      expect(res.statusCode, text).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'VALIDATION',
        fieldErrors: { text: expect.any(String) },
      });
    }
    expect((await t.app.inject({ url: '/api/dev/sim/qr' })).statusCode).toBe(400);
  });
});

describe('POST /api/dev/sim/beverage-machines/connection', () => {
  it('drops the connection (no new code, calls fail) and brings it back', async () => {
    const [machine] = await machinesAt(food);
    const machineId = machine?.machineId ?? '';
    const down = await setConnection({ stationId: food.id, machineId, online: false });
    expect(down.statusCode).toBe(200);
    expect(down.json()).toMatchObject({ machine: { machineId, online: false } });
    try {
      expect((await choose()).statusCode).toBe(503);
      await expect(machines.pour(machineId, crypto.randomUUID())).rejects.toThrow();
    } finally {
      const up = await setConnection({ stationId: food.id, machineId, online: true });
      expect(up.statusCode).toBe(200);
      expect(up.json()).toMatchObject({ machine: { online: true } });
    }
    expect((await choose()).statusCode).toBe(200);
  });

  it('answers 400 for bad input and 404 for a machine of another station', async () => {
    const [machine] = await machinesAt(food);
    const machineId = machine?.machineId;
    for (const [payload, field] of [
      [{ stationId: food.id, machineId, online: 'no' }, 'online'],
      [{ stationId: food.id, machineId: 'x', online: false }, 'machineId'],
      [{ stationId: food.id, machineId, online: false, extra: 1 }, 'extra'],
    ] as [Record<string, unknown>, string][]) {
      const res = await setConnection(payload);
      expect(res.statusCode, field).toBe(400);
      expect(Object.keys(res.json<{ fieldErrors: object }>().fieldErrors)).toContain(field);
    }
    const other = noFood ?? { id: 999_999 };
    expect(
      (await setConnection({ stationId: other.id, machineId, online: false })).statusCode,
    ).toBe(404);
    expect((await machinesAt(food))[0]?.online).toBe(true);
  });
});

describe('GET /api/dev/sim: the coffee machine panel', () => {
  it('has the panel, whose script chooses drinks, draws codes and breaks the machine', async () => {
    const page = await t.app.inject({ url: '/api/dev/sim' });
    expect(page.statusCode).toBe(200);
    expectFitsPhone(page.body);
    expect(page.body).toContain('<h2>Coffee machine</h2>');
    expect(page.body).toMatch(/<section id="coffee"[^>]*>/);
    expect(page.body).toContain('id="drinks"');
    expect(page.body).toContain('data-beverages="/api/stations/stod-beverages"');
    const script = (await t.app.inject({ url: '/api/dev/sim/page.js' })).body;
    for (const part of [
      "'/beverage-machines'",
      "'/beverage-machines/out-of-order'",
      "'/beverage-machines/connection'",
      "'/qr?text='",
    ])
      expect(script).toContain(part);
    expect(script).toContain("'sim:state'");

    const doc = (await t.app.inject({ url: '/api/docs/json' })).json<{ paths: object }>();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/dev/sim/qr', '/api/dev/sim/beverage-machines/out-of-order']),
    );
  });
});
