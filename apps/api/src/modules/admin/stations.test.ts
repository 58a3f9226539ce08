import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stations } from '../../db/schema/index.ts';
import { seedStationNetwork } from '../../seed/index.ts';
import { bearer, createTestApp, registerUser, type TestApp } from '../../test/app.ts';
import { signInAsStaff } from '../../test/staff.ts';

let t: TestApp;
let ids: number[];
beforeAll(async () => {
  t = await createTestApp();
  await seedStationNetwork(t.app.ctx.db);
  ids = (await t.app.ctx.db.select({ id: stations.id }).from(stations))
    .map((s) => s.id)
    .sort((a, b) => a - b);
});
afterAll(() => t.close());

type StationList = { total: number; items: { id: number; name: string }[] };
const get = (url: string, token: string) => t.app.inject({ url, headers: bearer(token) });

describe('station-bound staff', () => {
  it('lets an operator see every station', async () => {
    const token = await signInAsStaff(t.app, { role: 'operator' });
    const res = await get('/api/admin/stations?take=100', token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const list = res.json<StationList>();
    expect(list.total).toBe(ids.length);
    expect(list.items.map((s) => s.id)).toEqual(ids);
    expect((await get(`/api/admin/stations/${String(ids.at(-1))}`, token)).statusCode).toBe(200);
  });

  it("shows a station role its own stations and answers 404 for another's", async () => {
    const [mine, other, third] = ids as [number, number, number];
    const token = await signInAsStaff(t.app, { role: 'station', stationIds: [mine, third] });
    const list = (await get('/api/admin/stations', token)).json<StationList>();
    expect(list.total).toBe(2);
    expect(list.items.map((s) => s.id)).toEqual([mine, third]);
    const own = await get(`/api/admin/stations/${String(mine)}`, token);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ id: mine });
    const foreign = await get(`/api/admin/stations/${String(other)}`, token);
    expect(foreign.statusCode).toBe(404);
    // The same answer as for a station that does not exist: nothing tells them apart.
    const missing = await get('/api/admin/stations/2147483647', token);
    expect(missing.json()).toEqual(foreign.json());
    expect(foreign.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('binds a kitchen role the same way, and pages its list', async () => {
    const [, second] = ids as [number, number];
    const token = await signInAsStaff(t.app, { role: 'kitchen', stationIds: [second] });
    expect(
      (await get('/api/admin/stations', token)).json<StationList>().items.map((s) => s.id),
    ).toEqual([second]);
    expect((await get('/api/admin/stations?offset=1', token)).json()).toEqual({
      total: 1,
      items: [],
    });
    expect((await get(`/api/admin/stations/${String(ids[0])}`, token)).statusCode).toBe(404);
  });

  it('shows a station role bound to no station nothing', async () => {
    const token = await signInAsStaff(t.app, { role: 'station' });
    expect((await get('/api/admin/stations', token)).json()).toEqual({ total: 0, items: [] });
    expect((await get(`/api/admin/stations/${String(ids[0])}`, token)).statusCode).toBe(404);
  });

  it('follows a change of binding at once, without a new sign-in', async () => {
    const [first, second] = ids as [number, number];
    const email = 'moved-staff@example.fo';
    const token = await signInAsStaff(t.app, { role: 'station', stationIds: [first], email });
    expect((await get(`/api/admin/stations/${String(second)}`, token)).statusCode).toBe(404);
    await signInAsStaff(t.app, { role: 'station', stationIds: [second], email });
    expect((await get(`/api/admin/stations/${String(second)}`, token)).statusCode).toBe(200);
    expect((await get(`/api/admin/stations/${String(first)}`, token)).statusCode).toBe(404);
  });

  it('refuses bad ids and paging with field errors', async () => {
    const token = await signInAsStaff(t.app, { role: 'operator' });
    for (const bad of ['abc', '0', '-1', '1.5', '2147483648', '1e10']) {
      const res = await get(`/api/admin/stations/${bad}`, token);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'VALIDATION',
        fieldErrors: { id: expect.any(String) },
      });
    }
    const paging = await get('/api/admin/stations?take=101&offset=-1', token);
    expect(paging.statusCode).toBe(400);
    expect(Object.keys(paging.json<{ fieldErrors: object }>().fieldErrors).sort()).toEqual([
      'offset',
      'take',
    ]);
  });

  it('is closed to customers (403) and to callers without a session (401)', async () => {
    const user = await registerUser(t.app);
    for (const url of ['/api/admin/stations', `/api/admin/stations/${String(ids[0])}`]) {
      expect((await get(url, user.token)).statusCode, url).toBe(403);
      expect((await t.app.inject({ url })).statusCode, url).toBe(401);
    }
  });
});
