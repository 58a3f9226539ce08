import type { Menu } from '@stod/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menuSoldOut, stations } from '../../db/schema/index.ts';
import { seedStationNetwork } from '../../seed/index.ts';
import { bearer, createTestApp, registerUser, type TestApp } from '../../test/app.ts';
import { signInAsStaff } from '../../test/staff.ts';

// Sold out at the station: staff mark a dish out, the customer's menu shows it unavailable and
// no order takes it, until it is back (by a word or by its time).

let t: TestApp;
let food: number;
let otherFood: number;
let kitchen: string;
beforeAll(async () => {
  t = await createTestApp();
  await seedStationNetwork(t.app.ctx.db);
  const all = await t.app.ctx.db.select().from(stations).orderBy(stations.id);
  const withFood = all.filter((s) => s.services.includes('food'));
  food = withFood[0]?.id ?? 0;
  otherFood = withFood[1]?.id ?? 0;
  kitchen = await signInAsStaff(t.app, { role: 'kitchen', stationIds: [food] });
});
afterAll(() => t.close());

const menu = async (id = food) =>
  (await t.app.inject({ url: `/api/food/stations/${String(id)}/menu` })).json<Menu>();
const mark = (item: string, payload: object, token = kitchen, id = food) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/admin/stations/${String(id)}/menu/${item}/availability`,
    headers: bearer(token),
    payload,
  });
const product = (m: Menu, id: string) => m.products.find((p) => p.id === id);
const quote = (productId: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/food/orders/quote',
    payload: { stationId: food, lines: [{ type: 'product', productId, quantity: 1 }] },
  });

describe('PUT /api/admin/stations/{id}/menu/{itemId}/availability', () => {
  it('marks a dish sold out: the menu shows it unavailable with a new version, and no order takes it', async () => {
    const before = await menu();
    expect(product(before, 'franskar')?.available).toBe(true);
    const res = await mark('franskar', { available: false });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ itemId: 'franskar', available: false, until: null });
    const after = await menu();
    expect(product(after, 'franskar')?.available).toBe(false);
    expect(after.version).not.toBe(before.version);
    const refused = await quote('franskar');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'ITEM_UNAVAILABLE' });
    // Another station's kitchen still has it.
    expect(product(await menu(otherFood), 'franskar')?.available).toBe(true);

    expect((await mark('franskar', { available: true })).json()).toMatchObject({
      available: true,
    });
    const back = await menu();
    expect(product(back, 'franskar')?.available).toBe(true);
    expect(back.version).toBe(before.version);
    expect((await quote('franskar')).statusCode).toBe(200);
  });

  it('takes an offer off once one of its items has no choice left', async () => {
    const offer = (m: Menu) => m.offers.find((o) => o.id === 'burgaratilbod');
    await mark('burgari', { available: false });
    expect(offer(await menu())?.available).toBe(true);
    await mark('kjuklingaburgari', { available: false });
    expect(offer(await menu())?.available).toBe(false);
    await mark('burgari', { available: true });
    await mark('kjuklingaburgari', { available: true });
    expect(offer(await menu())?.available).toBe(true);
  });

  it('brings a dish back by itself when its time comes', async () => {
    const until = new Date(Date.now() + 3_600_000).toISOString();
    const res = await mark('franskar', { available: false, until });
    expect(res.json()).toEqual({ itemId: 'franskar', available: false, until });
    expect(product(await menu(), 'franskar')?.available).toBe(false);
    await t.app.ctx.db
      .update(menuSoldOut)
      .set({ until: new Date(Date.now() - 1000) })
      .where(eq(menuSoldOut.itemId, 'franskar'));
    expect(product(await menu(), 'franskar')?.available).toBe(true);
  });

  it('answers 404 for a dish not on the menu, and refuses bad input without a change', async () => {
    expect((await mark('humar', { available: false })).statusCode).toBe(404);
    const past = await mark('franskar', {
      available: false,
      until: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(past.statusCode).toBe(422);
    expect(past.json()).toMatchObject({ code: 'UNTIL_PAST' });
    for (const payload of [
      {},
      { available: 'no' },
      { available: true, until: new Date(Date.now() + 60_000).toISOString() },
      { available: false, until: 'tomorrow' },
      { available: false, extra: 1 },
    ])
      expect((await mark('franskar', payload)).statusCode, JSON.stringify(payload)).toBe(400);
    expect(product(await menu(), 'franskar')?.available).toBe(true);
  });

  it('lets the station’s kitchen, manager and the operator mark; no one else', async () => {
    expect((await mark('cola', { available: false }, kitchen, otherFood)).statusCode).toBe(404);
    const manager = await signInAsStaff(t.app, { role: 'station', stationIds: [food] });
    const operator = await signInAsStaff(t.app, { role: 'operator' });
    expect((await mark('cola', { available: false }, manager)).statusCode).toBe(200);
    expect((await mark('cola', { available: true }, operator)).statusCode).toBe(200);
    for (const token of [
      await signInAsStaff(t.app, { role: 'support' }),
      (await registerUser(t.app)).token,
    ])
      expect((await mark('cola', { available: false }, token)).statusCode).toBe(403);
    expect(product(await menu(), 'cola')?.available).toBe(true);
  });
});
