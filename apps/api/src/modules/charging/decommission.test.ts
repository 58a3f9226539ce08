import type { OperatorCharger } from '@stod/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, registerUser, type TestApp } from '../../test/app.ts';
import {
  boot16,
  listen,
  openCharge,
  registerCharger,
  scriptedCharger,
  type ScriptedCharger,
} from '../../test/chargers.ts';
import { signInAsStaff } from '../../test/staff.ts';
import { cardCustomer } from '../../test/stations.ts';

// An operator takes a charger registered by mistake out of the network, edits another, and makes
// an installation private: the customer's list follows, and the charger is refused when it dials.

let t: TestApp;
let url: string;
let operator: string;
const open: ScriptedCharger[] = [];

beforeAll(async () => {
  t = await createTestApp();
  url = await listen(t.app);
  operator = await signInAsStaff(t.app, { role: 'operator' });
});
afterAll(async () => {
  for (const charger of open) await charger.close();
  await t.close();
});

const patchCharger = (identity: string, payload: unknown, token = operator) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/admin/chargers/${identity}`,
    headers: bearer(token),
    payload: payload as object,
  });
const patchInstallation = (id: string, payload: unknown, token = operator) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/admin/installations/${id}`,
    headers: bearer(token),
    payload: payload as object,
  });

/** The charger ids in a customer's list of installations. */
async function listedChargers(token: string) {
  const res = await t.app.inject({ url: '/api/installations', headers: bearer(token) });
  expect(res.statusCode).toBe(200);
  return res
    .json<{ items: { id: string; chargers: { id: string }[] }[] }>()
    .items.flatMap((i) => i.chargers.map((c) => c.id));
}

function closed(station: ScriptedCharger) {
  return new Promise<void>((resolve) => {
    station.client.once('close', () => resolve());
  });
}

describe('PATCH /api/admin/chargers/{identity}', () => {
  it('takes a charger out: its connection ends, it is refused when it dials, and it is gone from the app', async () => {
    const customer = await registerUser(t.app);
    const charger = await registerCharger(t.app);
    const station = await scriptedCharger(url, charger.identity);
    open.push(station);
    await boot16(station);
    expect(await listedChargers(customer.token)).toContain(charger.id);

    const ended = closed(station);
    const res = await patchCharger(charger.identity, { decommissioned: true });
    expect(res.statusCode).toBe(200);
    expect(res.json<OperatorCharger>()).toMatchObject({
      identity: charger.identity,
      online: false,
    });
    expect(res.json<OperatorCharger>().decommissionedAt).not.toBeNull();
    await ended;

    await expect(scriptedCharger(url, charger.identity)).rejects.toThrow();
    expect(await listedChargers(customer.token)).not.toContain(charger.id);
    const one = await t.app.inject({
      url: `/api/charger/${charger.id}`,
      headers: bearer(customer.token),
    });
    expect(one.statusCode).toBe(404);

    // Back in service: it may dial again and is listed again.
    const back = await patchCharger(charger.identity, { decommissioned: false });
    expect(back.json<OperatorCharger>().decommissionedAt).toBeNull();
    const again = await scriptedCharger(url, charger.identity);
    open.push(again);
    await boot16(again);
    expect(await listedChargers(customer.token)).toContain(charger.id);
  });

  it('refuses to take out a charger with a charge open', async () => {
    const charger = await registerCharger(t.app);
    const station = await scriptedCharger(url, charger.identity);
    open.push(station);
    await boot16(station);
    const customer = await cardCustomer(t.app);
    await openCharge(t.app, customer, charger, 1);
    const res = await patchCharger(charger.identity, { decommissioned: true });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'CHARGE_ACTIVE' });
  });

  it('changes its power and tariff', async () => {
    const charger = await registerCharger(t.app);
    const res = await patchCharger(charger.identity, {
      maxPowerKw: 11,
      tariff: { type: 'min', price: 90 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<OperatorCharger>()).toMatchObject({
      maxPowerKw: 11,
      tariff: { type: 'min', price: 90, startFee: 0, idleFee: 0, idleGraceMinutes: 0 },
      decommissionedAt: null,
    });
    // A start fee and an idle fee after a grace: the customer's app shows them before a start.
    const fees = { type: 'kWh', price: 390, startFee: 300, idleFee: 50, idleGraceMinutes: 30 };
    const withFees = await patchCharger(charger.identity, { tariff: fees });
    expect(withFees.statusCode, withFees.body).toBe(200);
    expect(withFees.json<OperatorCharger>().tariff).toEqual(fees);
    const customer = await registerUser(t.app);
    const listed = await t.app.inject({
      url: `/api/installations/${charger.installationId}`,
      headers: bearer(customer.token),
    });
    expect(JSON.stringify(listed.json())).toContain(JSON.stringify(fees));
  });

  it('refuses bad input, an unknown charger, and anyone but an operator', async () => {
    const charger = await registerCharger(t.app);
    for (const body of [
      {},
      { decommissioned: 'yes' },
      { maxPowerKw: -1 },
      { other: true },
      { tariff: { type: 'kWh', price: 350, startFee: -1 } },
      { tariff: { type: 'kWh', price: 350, idleFee: 10_001 } },
      { tariff: { type: 'kWh', price: 350, idleGraceMinutes: 1.5 } },
    ])
      expect((await patchCharger(charger.identity, body)).statusCode).toBe(400);
    expect((await patchCharger('NO-SUCH-CHARGER', { decommissioned: true })).statusCode).toBe(404);
    const manager = await signInAsStaff(t.app, { role: 'station', stationIds: [] });
    const support = await signInAsStaff(t.app, { role: 'support' });
    const customer = (await registerUser(t.app)).token;
    for (const token of [manager, support, customer])
      expect(
        (await patchCharger(charger.identity, { decommissioned: true }, token)).statusCode,
      ).toBe(403);
  });
});

describe('PATCH /api/admin/installations/{id}', () => {
  it('renames an installation and makes it private, and the customer list follows', async () => {
    const customer = await registerUser(t.app);
    const charger = await registerCharger(t.app);
    expect(await listedChargers(customer.token)).toContain(charger.id);
    const res = await patchInstallation(charger.installationId, {
      name: 'Ladistøð í Hoyvík',
      public: false,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Ladistøð í Hoyvík', public: false });
    expect(await listedChargers(customer.token)).not.toContain(charger.id);
    await patchInstallation(charger.installationId, { public: true });
    expect(await listedChargers(customer.token)).toContain(charger.id);
  });

  it('refuses bad input, an unknown installation, and anyone but an operator', async () => {
    const charger = await registerCharger(t.app);
    for (const body of [{}, { name: '' }, { lat: 200 }, { public: 'no' }])
      expect((await patchInstallation(charger.installationId, body)).statusCode).toBe(400);
    expect((await patchInstallation('not-an-id', { public: true })).statusCode).toBe(400);
    expect(
      (await patchInstallation('00000000-0000-4000-8000-000000000000', { public: true }))
        .statusCode,
    ).toBe(404);
    const support = await signInAsStaff(t.app, { role: 'support' });
    expect(
      (await patchInstallation(charger.installationId, { public: false }, support)).statusCode,
    ).toBe(403);
  });
});
