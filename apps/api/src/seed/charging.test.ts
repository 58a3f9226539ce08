import type { UserInstallation } from '@stod/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installations } from '../db/schema/index.ts';
import { bearer, createTestApp, signIn, type TestApp } from '../test/app.ts';
import { DEMO_ACCOUNT, NEIGHBOUR_ACCOUNT, seedDemo, seedIfEmpty } from './index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'auto' });
  await seedDemo(t.app.ctx);
});
afterAll(() => t.close());

async function installationsOf(account: { email: string; password: string }) {
  const res = await signIn(t.app, account.email, account.password);
  expect(res.statusCode).toBe(200);
  const token = res.json<{ access_token: string }>().access_token;
  const list = await t.app.inject({ url: '/api/user/installations', headers: bearer(token) });
  return list.json<{ items: UserInstallation[] }>().items;
}

describe('the demo installations', () => {
  it('gives the demo user a home charger, a public one, and the neighbour’s shared with them', async () => {
    const items = await installationsOf(DEMO_ACCOUNT);
    expect(items.map((i) => [i.name, i.role, i.public])).toEqual([
      ['Heima', 'own', false],
      ['Hoyvíkar ladistøð', 'own', true],
      ['Heima hjá Sigrid', 'shared', false],
    ]);
    expect(items[2]).toMatchObject({
      ownerName: 'Sigrid Poulsen',
      limits: { monthlyKwhCap: 150, pricePerKwh: 0 },
    });
    expect(items.flatMap((i) => i.chargers.map((c) => c.identity))).toEqual([
      'HEIMA-JJ-1',
      'HOYVIK-JJ-1',
      'HEIMA-SP-1',
    ]);
    const neighbour = await installationsOf(NEIGHBOUR_ACCOUNT);
    expect(neighbour.map((i) => [i.name, i.role, i.usersCount])).toEqual([
      ['Heima hjá Sigrid', 'own', 1],
    ]);
  });

  it('adds nothing twice when the seed runs again over the same database', async () => {
    const before = await t.app.ctx.db.select().from(installations);
    await seedIfEmpty(t.app.ctx);
    expect(await t.app.ctx.db.select().from(installations)).toHaveLength(before.length);
  });
});
