import type { StaffMember } from '@stod/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stations } from '../../db/schema/index.ts';
import { seedStationNetwork } from '../../seed/index.ts';
import { bearer, createTestApp, registerUser, type TestApp } from '../../test/app.ts';
import { signInAsStaff } from '../../test/staff.ts';

let t: TestApp;
let firstStation: number;
beforeAll(async () => {
  t = await createTestApp();
  await seedStationNetwork(t.app.ctx.db);
  const [row] = await t.app.ctx.db.select({ id: stations.id }).from(stations).limit(1);
  firstStation = row!.id;
});
afterAll(() => t.close());

const me = (token?: string) =>
  t.app.inject({ url: '/api/admin/me', headers: token ? bearer(token) : {} });

describe('GET /api/admin/me', () => {
  it('answers an operator with every station', async () => {
    const token = await signInAsStaff(t.app, { role: 'operator', email: 'ops-me@example.fo' });
    const res = await me(token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json<StaffMember>();
    expect(body).toMatchObject({ email: 'ops-me@example.fo', role: 'operator', stationIds: null });
  });

  it('answers kitchen staff with their own stations only', async () => {
    const token = await signInAsStaff(t.app, { role: 'kitchen', stationIds: [firstStation] });
    const body = (await me(token)).json<StaffMember>();
    expect(body.role).toBe('kitchen');
    expect(body.stationIds).toEqual([firstStation]);
  });

  it('refuses a customer (403) and a caller without a session (401), localized', async () => {
    const customer = await registerUser(t.app);
    const res = await t.app.inject({
      url: '/api/admin/me',
      headers: { ...bearer(customer.token), 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json<{ code: string; message: string }>().code).toBe('FORBIDDEN');
    expect((await me()).statusCode).toBe(401);
    expect((await me('not-a-token')).statusCode).toBe(401);
  });
});
