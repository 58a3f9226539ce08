import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedStationNetwork } from '../../seed/index.ts';
import { bearer, createTestApp, registerUser, type TestApp } from '../../test/app.ts';
import { signInAsStaff } from '../../test/staff.ts';

let t: TestApp;
let operator: string;
let station: { id: number; openingHours: unknown; services: string[] };
let other: { id: number };
beforeAll(async () => {
  t = await createTestApp();
  await seedStationNetwork(t.app.ctx.db);
  operator = await signInAsStaff(t.app, { role: 'operator' });
  const list = (await t.app.inject({ url: '/api/stations/stod?service=food' })).json<{
    items: { id: number; openingHours: unknown; services: string[] }[];
  }>();
  station = list.items[0]!;
  other = list.items[1]!;
});
afterAll(() => t.close());

const closedAllWeek = Array.from({ length: 7 }, () => null);
const patch = (id: number | string, payload: object, token = operator) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/admin/stations/${String(id)}`,
    headers: bearer(token),
    payload,
  });

describe('PATCH /api/admin/stations/{id}', () => {
  it('sets a station’s hours, which the station, its list and its menu answer with at once', async () => {
    const res = await patch(station.id, { openingHours: closedAllWeek });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: station.id, openingHours: closedAllWeek });
    const after = (await t.app.inject({ url: `/api/stations/stod/${String(station.id)}` })).json<{
      openingHours: unknown;
    }>();
    expect(after.openingHours).toEqual(closedAllWeek);
    // The list the API keeps for a few seconds is dropped by the change, not served stale.
    const listed = (await t.app.inject({ url: '/api/stations/stod?service=food' })).json<{
      items: { id: number; openingHours: unknown }[];
    }>();
    expect(listed.items.find((s) => s.id === station.id)?.openingHours).toEqual(closedAllWeek);
    expect((await patch(station.id, { openingHours: station.openingHours })).statusCode).toBe(200);
  });

  it('sets its services, and the customer list follows', async () => {
    const res = await patch(station.id, { services: ['fuel'] });
    expect(res.json()).toMatchObject({ services: ['fuel'] });
    const food = (await t.app.inject({ url: '/api/stations/stod?service=food' })).json<{
      items: { id: number }[];
    }>();
    expect(food.items.map((s) => s.id)).not.toContain(station.id);
    expect((await patch(station.id, { services: station.services })).statusCode).toBe(200);
  });

  it('lets a station manager change their own station only; support, kitchen and customers not at all', async () => {
    const manager = await signInAsStaff(t.app, { role: 'station', stationIds: [station.id] });
    expect(
      (await patch(station.id, { openingHours: station.openingHours }, manager)).statusCode,
    ).toBe(200);
    expect((await patch(other.id, { openingHours: closedAllWeek }, manager)).statusCode).toBe(404);
    for (const token of [
      await signInAsStaff(t.app, { role: 'support' }),
      await signInAsStaff(t.app, { role: 'kitchen', stationIds: [station.id] }),
      (await registerUser(t.app)).token,
    ]) {
      expect((await patch(station.id, { openingHours: closedAllWeek }, token)).statusCode).toBe(
        403,
      );
    }
    const after = (await t.app.inject({ url: `/api/stations/stod/${String(other.id)}` })).json<{
      openingHours: unknown;
    }>();
    expect(after.openingHours).not.toEqual(closedAllWeek);
  });

  it('answers 404 for no such station and 400 for bad settings', async () => {
    expect((await patch(999_999, { openingHours: closedAllWeek })).statusCode).toBe(404);
    for (const body of [
      {},
      { openingHours: [{ from: '25:00', to: '01:00' }] },
      { services: [] },
      { services: ['fuel', 'fuel'] },
      { services: ['laundry'] },
      { name: 'Nýtt navn' },
    ]) {
      const res = await patch(station.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.body).not.toMatch(/stack|Error:/);
    }
    expect((await patch('abc', { openingHours: closedAllWeek })).statusCode).toBe(400);
    // The development route is gone.
    const dev = await t.app.inject({
      method: 'PUT',
      url: `/api/dev/stations/${String(station.id)}/opening-hours`,
      payload: { openingHours: closedAllWeek },
    });
    expect(dev.statusCode).toBe(404);
  });
});
