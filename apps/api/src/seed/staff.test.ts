import { count, eq } from 'drizzle-orm';
import { buildApp } from '../app.ts';
import { testConfig } from '../config.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stations, userStations, users } from '../db/schema/index.ts';
import { bearer, createTestApp, sharedTestDatabase, signIn, type TestApp } from '../test/app.ts';
import { DEMO_STAFF, seedDemo, seedIfEmpty } from './index.ts';
import { seedStaff } from './staff.ts';
import { seedStations } from '../integrations/provider-stations/network.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'auto' });
  await seedDemo(t.app.ctx);
});
afterAll(() => t.close());

async function tokenOf(email: string, password: string) {
  const res = await signIn(t.app, email, password);
  expect(res.statusCode, email).toBe(200);
  return res.json<{ access_token: string }>().access_token;
}

describe('the demo staff accounts', () => {
  it('signs the demo operator in, and it reaches the operator routes', async () => {
    const { email, password } = DEMO_STAFF.operator;
    expect({ email, password }).toEqual({
      email: 'operator@example.com',
      password: 'operator-password-1',
    });
    const headers = bearer(await tokenOf(email, password));
    expect((await t.app.inject({ url: '/api/admin/vouchers', headers })).statusCode).toBe(200);
  });

  it('binds the demo kitchen to the first demo station only', async () => {
    const { email, password } = DEMO_STAFF.kitchen;
    expect({ email, password }).toEqual({
      email: 'kitchen@example.com',
      password: 'kitchen-password-1',
    });
    const headers = bearer(await tokenOf(email, password));
    const [first] = await t.app.ctx.db
      .select({ id: stations.id })
      .from(stations)
      .where(eq(stations.tokheimStationId, seedStations[0]!.tokheimStationId));
    const list = (await t.app.inject({ url: '/api/admin/stations', headers })).json<{
      items: { id: number }[];
    }>();
    expect(list.items.map((s) => s.id)).toEqual([first!.id]);
    expect((await t.app.inject({ url: '/api/admin/vouchers', headers })).statusCode).toBe(403);
  });

  it('binds the demo station manager to the first station, and support to none', async () => {
    const [first] = await t.app.ctx.db
      .select({ id: stations.id })
      .from(stations)
      .where(eq(stations.tokheimStationId, seedStations[0]!.tokheimStationId));
    const manager = bearer(await tokenOf('station@example.com', 'station-password-1'));
    const me = (await t.app.inject({ url: '/api/admin/me', headers: manager })).json<{
      role: string;
      stationIds: number[];
    }>();
    expect(me).toMatchObject({ role: 'station', stationIds: [first!.id] });
    const support = bearer(await tokenOf('support@example.com', 'support-password-1'));
    const agent = await t.app.inject({ url: '/api/admin/me', headers: support });
    expect(agent.json()).toMatchObject({ role: 'support', stationIds: null });
    expect((await t.app.inject({ url: '/api/admin/staff', headers: support })).statusCode).toBe(
      403,
    );
  });

  it('seeds them once, and leaves a changed account as it is', async () => {
    const kitchen = DEMO_STAFF.kitchen.email;
    await t.app.ctx.db.update(users).set({ name: 'Nýtt navn' }).where(eq(users.email, kitchen));
    await seedStaff(t.app.ctx.db);
    expect(await seedIfEmpty(t.app.ctx)).toBe(false);
    const rows = await t.app.ctx.db
      .select({ name: users.name, role: users.role })
      .from(users)
      .where(eq(users.email, kitchen));
    expect(rows).toEqual([{ name: 'Nýtt navn', role: 'kitchen' }]);
    const bindings = await t.app.ctx.db
      .select()
      .from(userStations)
      .innerJoin(users, eq(users.id, userStations.userId))
      .where(eq(users.email, kitchen));
    expect(bindings).toHaveLength(1);
  });

  it('adds them to a development database seeded before they existed', async () => {
    await t.app.ctx.db.delete(users).where(eq(users.email, DEMO_STAFF.operator.email));
    expect(await seedIfEmpty(t.app.ctx)).toBe(false);
    await tokenOf(DEMO_STAFF.operator.email, DEMO_STAFF.operator.password);
  });
});

describe('the demo staff accounts in production', () => {
  it('are never seeded there, whatever SEED_DEMO says', async () => {
    const prod = await createTestApp({
      NODE_ENV: 'production',
      GATEWAY_WEBHOOK_SECRET: 'production-webhook-secret-0123',
      IDENTITY_CLIENT_SECRET: 'production-identity-secret-0123',
      IDENTITY_ISSUER_URL: 'https://login.example.fo',
      SIMULATORS:
        'gateway,provider-stations,provider-cards,forecourt,carwash,menu,beverage-machines',
      SEED_DEMO: 'true',
    });
    try {
      expect(await seedIfEmpty(prod.app.ctx)).toBe(true);
      const staff = await prod.app.ctx.db
        .select({ email: users.email })
        .from(users)
        .where(eq(users.email, DEMO_STAFF.operator.email));
      expect(staff).toEqual([]);
      expect(
        (await signIn(prod.app, DEMO_STAFF.kitchen.email, DEMO_STAFF.kitchen.password)).statusCode,
      ).toBe(401);
    } finally {
      await prod.close();
    }
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('two processes starting together', () => {
  it('seed one database once; the other waits and finds it seeded', async () => {
    const shared = await sharedTestDatabase();
    const config = testConfig({ SEED_DEMO: 'auto' });
    const [a, b] = await Promise.all([
      buildApp(config, { database: shared.database }),
      buildApp(config, { database: shared.database }),
    ]);
    try {
      const seeded = await Promise.all([seedIfEmpty(a.ctx), seedIfEmpty(b.ctx)]);
      expect(seeded.filter(Boolean)).toHaveLength(1);
      const [row] = await a.ctx.db.select({ n: count() }).from(stations);
      expect(row?.n).toBe(seedStations.length);
    } finally {
      await Promise.all([a.close(), b.close()]);
      await shared.close();
    }
  });
});
