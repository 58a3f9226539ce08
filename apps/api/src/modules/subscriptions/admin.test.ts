import type { AdminPlan, Subscriber } from '@stod/domain';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { beverages } from '../../db/schema/index.ts';
import { seedBeverages } from '../../seed/stations.ts';
import { seedSubscriptionPlans } from '../../seed/subscriptions.ts';
import { bearer, createTestApp, registerUser, type TestApp } from '../../test/app.ts';
import { addTestCard } from '../../test/cards.ts';
import { signInAsStaff } from '../../test/staff.ts';

// The plans as operators keep them: listed with their subscribers, made, changed and taken off
// offer; a subscription cancelled on a customer's behalf.

let t: TestApp;
let operator: string;
let support: string;
let coffee: AdminPlan;

beforeAll(async () => {
  t = await createTestApp();
  await seedSubscriptionPlans(t.app.ctx.db);
  await t.app.ctx.db.insert(beverages).values(seedBeverages);
  operator = await signInAsStaff(t.app, { role: 'operator' });
  support = await signInAsStaff(t.app, { role: 'support' });
  coffee = (await list()).items.find((p) => p.type === 'BEVERAGE' && p.index === 1)!;
});
afterAll(() => t.close());

async function list(token = operator) {
  const res = await t.app.inject({ url: '/api/admin/subscription-plans', headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ items: AdminPlan[]; products: { code: string; name: string }[] }>();
}

const create = (payload: object, token = operator) =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/subscription-plans',
    headers: bearer(token),
    payload,
  });

const patch = (id: number, payload: object, token = operator) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/admin/subscription-plans/${String(id)}`,
    headers: bearer(token),
    payload,
  });

const subscribersOf = async (id: number, query = '', token = operator) => {
  const res = await t.app.inject({
    url: `/api/admin/subscription-plans/${String(id)}/subscribers${query}`,
    headers: bearer(token),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ items: Subscriber[]; total: number }>();
};

const cancelFor = (id: string, token = operator) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/user-subscriptions/${id}/cancel`,
    headers: bearer(token),
  });

const offered = async () =>
  (await t.app.inject({ url: '/api/subscriptions', headers: { 'accept-language': 'en' } })).json<{
    items: { id: number; name: string; prices: { monthly: number; yearly: number } }[];
  }>().items;

/** A customer with a card who subscribes to a plan monthly. */
async function subscriber(planId: number) {
  const user = await registerUser(t.app);
  const me = (await t.app.inject({ url: '/api/user/v2', headers: bearer(user.token) })).json<{
    id: string;
  }>();
  const card = await addTestCard(t.app, me.id, '4242424242424242');
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/subscriptions/${String(planId)}/subscribe`,
    headers: { ...bearer(user.token), 'idempotency-key': randomUUID() },
    payload: { interval: 'monthly', paymentMethodId: card.id },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { ...user, id: me.id, subscriptionId: res.json<{ id: string }>().id };
}

const plan = {
  type: 'WASH',
  index: 1,
  productIds: 'BASIC,PREMIUM',
  name: 'Vask',
  nameEn: 'Wash',
  description: 'Ein vask um vikuna.',
  descriptionEn: 'A wash a week.',
  priceMonthly: 19_900,
  priceYearly: 199_000,
  fairUseMinutes: null,
};

describe('GET /api/admin/subscription-plans', () => {
  it('lists every plan by type and tier, with its subscribers and the products a plan may cover', async () => {
    const before = await list();
    expect(before.items.map((p) => [p.type, p.index])).toEqual([
      ['BEVERAGE', 1],
      ['BEVERAGE', 2],
      ['BEVERAGE', 3],
    ]);
    expect(coffee).toMatchObject({
      name: 'Kaffi',
      nameEn: 'Coffee',
      priceMonthly: 14_900,
      active: true,
      subscribers: { active: 0, cancelled: 0, expiring: 0 },
    });
    expect(before.products).toContainEqual({ code: 'COFFEE', name: 'Kaffi' });
    expect(new Set(before.products.map((p) => p.code)).size).toBe(before.products.length);
    await subscriber(coffee.id);
    const after = (await list(support)).items.find((p) => p.id === coffee.id);
    expect(after?.subscribers.active).toBe(1);
  });
});

describe('POST /api/admin/subscription-plans', () => {
  it('makes a plan the app offers at once', async () => {
    const res = await create(plan);
    expect(res.statusCode, res.body).toBe(201);
    const made = res.json<AdminPlan>();
    expect(made).toMatchObject({ ...plan, active: true, subscribers: { active: 0 } });
    expect(await offered()).toContainEqual(
      expect.objectContaining({
        id: made.id,
        name: 'Wash',
        prices: { monthly: 19_900, yearly: 199_000 },
      }),
    );
  });

  it('refuses bad input with the field, and a tier already taken', async () => {
    for (const bad of [
      { ...plan, index: 5, type: 'wash' },
      { ...plan, index: 5, productIds: 'BASIC,,PREMIUM' },
      { ...plan, index: 5, priceMonthly: 0 },
      { ...plan, index: 5, name: '  ' },
      { ...plan, index: 5, fairUseMinutes: 0 },
      { ...plan, index: 5, other: true },
    ]) {
      const res = await create(bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    const taken = await create({ ...plan, name: 'Vask aftur' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      code: 'PLAN_TIER_TAKEN',
      fieldErrors: { index: 'Stigið er tikið.' },
    });
  });
});

describe('PATCH /api/admin/subscription-plans/{id}', () => {
  it('changes the prices and names new subscribers see, and takes a plan off offer and back', async () => {
    const res = await patch(coffee.id, { priceMonthly: 15_900, nameEn: 'Coffee Classic' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<AdminPlan>()).toMatchObject({ priceMonthly: 15_900, priceYearly: 149_000 });
    expect(await offered()).toContainEqual(
      expect.objectContaining({
        id: coffee.id,
        name: 'Coffee Classic',
        prices: { monthly: 15_900, yearly: 149_000 },
      }),
    );
    // Off offer: gone from the app, its subscribers kept.
    expect((await patch(coffee.id, { active: false })).statusCode).toBe(200);
    expect((await offered()).map((p) => p.id)).not.toContain(coffee.id);
    expect((await subscribersOf(coffee.id)).total).toBeGreaterThan(0);
    expect((await patch(coffee.id, { active: true })).statusCode).toBe(200);
    expect((await offered()).map((p) => p.id)).toContain(coffee.id);
  });

  it('refuses an empty change, another plan’s tier, and an unknown plan', async () => {
    expect((await patch(coffee.id, {})).statusCode).toBe(400);
    expect((await patch(coffee.id, { priceYearly: -1 })).statusCode).toBe(400);
    expect((await patch(coffee.id, { index: 2 })).statusCode).toBe(409);
    expect((await patch(999_999, { active: true })).statusCode).toBe(404);
  });
});

describe('a subscription cancelled on the customer’s behalf', () => {
  it('stops renewing and stays usable to its end, once however often it is asked', async () => {
    const customer = await subscriber(coffee.id);
    const listed = await subscribersOf(coffee.id, '?status=active');
    const row = listed.items.find((s) => s.id === customer.subscriptionId);
    expect(row).toMatchObject({ email: customer.email, status: 'active', interval: 'monthly' });
    expect(row?.nextPaymentAt).not.toBeNull();

    const res = await cancelFor(customer.subscriptionId, support);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'cancelled', validTo: row?.validTo });
    expect((await cancelFor(customer.subscriptionId)).statusCode).toBe(200);
    const own = (
      await t.app.inject({ url: '/api/user-subscriptions', headers: bearer(customer.token) })
    ).json<{ items: { id: string; cancelledAt: string | null; nextPaymentAt: string | null }[] }>();
    expect(own.items.find((s) => s.id === customer.subscriptionId)).toMatchObject({
      cancelledAt: expect.any(String),
      nextPaymentAt: null,
    });
    const cancelled = await subscribersOf(coffee.id, '?status=cancelled');
    expect(cancelled.items.map((s) => s.id)).toContain(customer.subscriptionId);
    expect((await cancelFor(randomUUID())).statusCode).toBe(404);
    expect((await cancelFor('not-an-id')).statusCode).toBe(400);
  });
});

describe('who may', () => {
  it('lets support read and cancel but not change plans; no one else in', async () => {
    expect((await create({ ...plan, index: 9 }, support)).statusCode).toBe(403);
    expect((await patch(coffee.id, { active: true }, support)).statusCode).toBe(403);
    const station = await signInAsStaff(t.app, { role: 'station', stationIds: [] });
    const finance = await signInAsStaff(t.app, { role: 'finance' });
    const customer = (await registerUser(t.app)).token;
    for (const token of [station, finance, customer]) {
      const read = await t.app.inject({
        url: '/api/admin/subscription-plans',
        headers: bearer(token),
      });
      expect(read.statusCode).toBe(403);
      expect((await cancelFor(randomUUID(), token)).statusCode).toBe(403);
      const subs = await t.app.inject({
        url: `/api/admin/subscription-plans/${String(coffee.id)}/subscribers`,
        headers: bearer(token),
      });
      expect(subs.statusCode).toBe(403);
    }
    expect((await t.app.inject({ url: '/api/admin/subscription-plans' })).statusCode).toBe(401);
  });
});
