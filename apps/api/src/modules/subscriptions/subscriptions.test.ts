import { eq, sql } from 'drizzle-orm';
import { formatDate } from '@stod/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments, userSubscriptions } from '../../db/schema/index.ts';
import { seedSubscriptionPlans } from '../../seed/subscriptions.ts';
import { bearer, createTestApp, lastMailTo, registerUser, type TestApp } from '../../test/app.ts';
import { addTestCard } from '../../test/cards.ts';
import { issue } from '../vouchers/index.ts';
import { renewDue } from './renewal.ts';
import { usable } from './views.ts';

let t: TestApp;
let plans: {
  id: number;
  index: number;
  name: string;
  prices: { monthly: number; yearly: number };
}[];

beforeAll(async () => {
  t = await createTestApp();
  await seedSubscriptionPlans(t.app.ctx.db);
  plans = (await t.app.inject({ url: '/api/subscriptions' })).json<{ items: typeof plans }>().items;
});
afterAll(() => t.close());

async function customer(cardNumber = '4242424242424242') {
  const user = await registerUser(t.app);
  const me = (await t.app.inject({ url: '/api/user/v2', headers: bearer(user.token) })).json<{
    id: string;
  }>();
  const card = await addTestCard(t.app, me.id, cardNumber);
  return { ...user, id: me.id, cardId: card.id };
}

const subscribe = (token: string, planId: number, body: Record<string, unknown>, key?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/subscriptions/${String(planId)}/subscribe`,
    headers: { ...bearer(token), ...(key ? { 'idempotency-key': key } : {}) },
    payload: body,
  });

const plan = (index: number) => plans.find((p) => p.index === index)!;

describe('GET /api/user/v2 reads the user and the usable subscriptions together', () => {
  it('answers the usable ones, soonest end first, as the subscription calls read them', async () => {
    const user = await customer();
    const plan = plans[0]!;
    const day = 86_400_000;
    const row = (status: 'active' | 'cancelled' | 'ended', planType: string, days: number) => ({
      userId: user.id,
      subscriptionId: plan.id,
      interval: 'monthly' as const,
      status,
      planType,
      periodStart: new Date(Date.now() - 30 * day),
      validTo: new Date(Date.now() + days * day),
      periodPrice: plan.prices.monthly,
    });
    await t.app.ctx.db
      .insert(userSubscriptions)
      .values([
        row('active', 'A', 20),
        row('cancelled', 'B', 10),
        row('ended', 'C', 40),
        row('active', 'D', -1),
      ]);
    const me = (
      await t.app.inject({
        url: '/api/user/v2',
        headers: { ...bearer(user.token), 'accept-language': 'en' },
      })
    ).json<{ id: string; userSubscriptions: { validTo: string }[] }>();
    expect(me.id).toBe(user.id);
    expect(me.userSubscriptions).toEqual(await usable(t.app.ctx, user.id, 'en'));
    expect(me.userSubscriptions).toHaveLength(2);
    const ends = me.userSubscriptions.map((s) => Date.parse(s.validTo));
    expect(ends).toEqual([...ends].sort((a, b) => a - b));
  });

  it('answers a user without any with an empty list', async () => {
    const user = await customer();
    const me = (await t.app.inject({ url: '/api/user/v2', headers: bearer(user.token) })).json<{
      userSubscriptions: unknown[];
    }>();
    expect(me.userSubscriptions).toEqual([]);
  });
});

describe('plans', () => {
  it('lists the tiers with monthly and yearly prices, and one plan and its price', async () => {
    expect(plans.map((p) => p.index)).toEqual([1, 2, 3]);
    const one = await t.app.inject({ url: `/api/subscriptions/${String(plan(2).id)}` });
    expect(one.json()).toMatchObject({
      type: 'BEVERAGE',
      name: 'Kaffi+',
      prices: { monthly: 24_900 },
    });
    const price = await t.app.inject({
      url: `/api/subscriptions/${String(plan(1).id)}/price?interval=yearly`,
    });
    expect(price.json()).toEqual({
      subscriptionId: plan(1).id,
      interval: 'yearly',
      price: 149_000,
      currency: 'DKK',
    });
  });

  it('answers 400 and 404 for bad ids and intervals', async () => {
    expect((await t.app.inject({ url: '/api/subscriptions/999' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/subscriptions/abc' })).statusCode).toBe(400);
    expect(
      (
        await t.app.inject({
          url: `/api/subscriptions/${String(plan(1).id)}/price?interval=weekly`,
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (await t.app.inject({ url: `/api/subscriptions/${String(plan(1).id)}/price` })).statusCode,
    ).toBe(400);
  });
});

describe('subscribe', () => {
  it('charges the first month once per key and shows in /user/v2', async () => {
    const c = await customer();
    const first = await subscribe(
      c.token,
      plan(1).id,
      { interval: 'monthly', paymentMethodId: c.cardId },
      'key-subscribe-1',
    );
    expect(first.statusCode).toBe(201);
    const again = await subscribe(
      c.token,
      plan(1).id,
      { interval: 'monthly', paymentMethodId: c.cardId },
      'key-subscribe-1',
    );
    expect(again.statusCode).toBe(201);
    expect(again.json().id).toBe(first.json().id);
    const paid = await t.app.ctx.db.select().from(payments).where(eq(payments.userId, c.id));
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({
      status: 'captured',
      amountCaptured: 14_900,
      purpose: 'subscriptions',
    });
    const me = (await t.app.inject({ url: '/api/user/v2', headers: bearer(c.token) })).json();
    expect(me.userSubscriptions).toHaveLength(1);
    expect(me.userSubscriptions[0]).toMatchObject({
      cancelledAt: null,
      subscription: { type: 'BEVERAGE', productIds: 'COFFEE,TEA', index: 1 },
    });
    const days = (Date.parse(me.userSubscriptions[0].validTo) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(27);
    expect(days).toBeLessThan(32);
    // The next period is charged a day before this one ends.
    expect(
      Date.parse(me.userSubscriptions[0].validTo) -
        Date.parse(me.userSubscriptions[0].nextPaymentAt),
    ).toBe(86_400_000);
    const dup = await subscribe(c.token, plan(2).id, {
      interval: 'monthly',
      paymentMethodId: c.cardId,
    });
    expect(dup.statusCode).toBe(409);
  });

  it('spends the voucher balance before the card', async () => {
    const c = await customer();
    await issue(t.app.ctx.db, {
      code: 'SUBSBALANCE1',
      codeType: 'premium',
      kind: 'value',
      name: 'Gávukort',
      amount: 10_000,
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    const redeemed = await t.app.inject({
      method: 'POST',
      url: '/api/vouchers/redeem',
      headers: bearer(c.token),
      payload: { code: 'SUBSBALANCE1' },
    });
    expect(redeemed.statusCode).toBe(201);
    const made = await subscribe(c.token, plan(1).id, {
      interval: 'monthly',
      paymentMethodId: c.cardId,
    });
    expect(made.statusCode).toBe(201);
    const [paid] = await t.app.ctx.db.select().from(payments).where(eq(payments.userId, c.id));
    expect(paid).toMatchObject({ status: 'captured', amountCaptured: 14_900 - 10_000 });
    const wallet = (await t.app.inject({ url: '/api/vouchers', headers: bearer(c.token) })).json<{
      balance: number;
    }>();
    expect(wallet.balance).toBe(0);
  });

  it("refuses a card without funds, another user's card and bad input", async () => {
    const poor = await customer('4000000000009995');
    const refused = await subscribe(poor.token, plan(1).id, {
      interval: 'monthly',
      paymentMethodId: poor.cardId,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'NOT_ENOUGH_FUNDS' });
    const other = await customer();
    const stolen = await subscribe(other.token, plan(1).id, {
      interval: 'monthly',
      paymentMethodId: poor.cardId,
    });
    expect(stolen.statusCode).toBe(404);
    for (const body of [
      { interval: 'weekly', paymentMethodId: other.cardId },
      { interval: 'monthly' },
      { interval: 'monthly', paymentMethodId: other.cardId, extra: 1 },
    ]) {
      expect((await subscribe(other.token, plan(1).id, body)).statusCode).toBe(400);
    }
    expect(
      (await subscribe(other.token, 999, { interval: 'monthly', paymentMethodId: other.cardId }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/subscriptions/${String(plan(1).id)}/subscribe`,
          payload: {},
        })
      ).statusCode,
    ).toBe(401);
  });
});

describe('cancel and upgrade', () => {
  it('lists a subscription until its validTo and not after; then a new one can be taken', async () => {
    const c = await customer();
    const sub = (
      await subscribe(c.token, plan(1).id, { interval: 'monthly', paymentMethodId: c.cardId })
    ).json<{ id: string }>();
    const listed = async () =>
      (await t.app.inject({ url: '/api/user-subscriptions', headers: bearer(c.token) })).json<{
        items: { id: string }[];
      }>().items;
    expect((await listed()).map((i) => i.id)).toEqual([sub.id]);
    await t.app.ctx.db
      .update(userSubscriptions)
      .set({ status: 'cancelled', validTo: new Date(Date.now() - 60_000), nextPaymentAt: null })
      .where(eq(userSubscriptions.id, sub.id));
    expect(await listed()).toEqual([]);
    const again = await subscribe(c.token, plan(1).id, {
      interval: 'monthly',
      paymentMethodId: c.cardId,
    });
    expect(again.statusCode).toBe(201);
  });

  it('cancels, and the subscription stays usable until validTo', async () => {
    const c = await customer();
    const sub = (
      await subscribe(c.token, plan(1).id, { interval: 'monthly', paymentMethodId: c.cardId })
    ).json<{ id: string }>();
    const stranger = await customer();
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/user-subscriptions/${sub.id}`,
          headers: bearer(stranger.token),
        })
      ).statusCode,
    ).toBe(404);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/user-subscriptions/${sub.id}`,
      headers: bearer(c.token),
    });
    expect(res.statusCode).toBe(204);
    const me = (await t.app.inject({ url: '/api/user/v2', headers: bearer(c.token) })).json();
    expect(me.userSubscriptions[0].cancelledAt).not.toBeNull();
    expect(me.userSubscriptions[0].nextPaymentAt).toBeNull();
    expect(Date.parse(me.userSubscriptions[0].validTo)).toBeGreaterThan(Date.now());
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: '/api/user-subscriptions/nope',
          headers: bearer(c.token),
        })
      ).statusCode,
    ).toBe(400);
  });

  it('upgrades to a higher tier and credits what is left', async () => {
    const c = await customer();
    const sub = (
      await subscribe(c.token, plan(1).id, { interval: 'monthly', paymentMethodId: c.cardId })
    ).json<{ id: string }>();
    const down = await t.app.inject({
      method: 'POST',
      url: `/api/user-subscriptions/${sub.id}/upgrade`,
      headers: bearer(c.token),
      payload: { subscriptionId: plan(1).id },
    });
    expect(down.json()).toMatchObject({ statusCode: 422, code: 'NOT_AN_UPGRADE' });
    const up = await t.app.inject({
      method: 'POST',
      url: `/api/user-subscriptions/${sub.id}/upgrade`,
      headers: bearer(c.token),
      payload: { subscriptionId: plan(3).id },
    });
    expect(up.statusCode).toBe(200);
    const body = up.json<{ credited: number; charged: number; subscription: { index: number } }>();
    expect(body.subscription.index).toBe(3);
    expect(body.credited).toBeGreaterThan(14_800);
    expect(body.credited + body.charged).toBe(34_900);
    const me = (await t.app.inject({ url: '/api/user/v2', headers: bearer(c.token) })).json<{
      userSubscriptions: { subscription: { index: number } }[];
    }>();
    expect(me.userSubscriptions.map((s) => s.subscription.index)).toEqual([3]);
  });
});

describe('renewal', () => {
  const makeDue = (id: string) =>
    t.app.ctx.db
      .update(userSubscriptions)
      .set({ nextPaymentAt: sql`now() - interval '1 minute'` })
      .where(eq(userSubscriptions.id, id));

  it('charges once when run twice at the same time', async () => {
    const c = await customer();
    const sub = (
      await subscribe(c.token, plan(2).id, { interval: 'monthly', paymentMethodId: c.cardId })
    ).json<{ id: string; validTo: string }>();
    await makeDue(sub.id);
    await Promise.all([renewDue(t.app.ctx), renewDue(t.app.ctx)]);
    await renewDue(t.app.ctx);
    const paid = await t.app.ctx.db.select().from(payments).where(eq(payments.userId, c.id));
    expect(paid.filter((p) => p.status === 'captured')).toHaveLength(2);
    const [row] = await t.app.ctx.db
      .select()
      .from(userSubscriptions)
      .where(eq(userSubscriptions.id, sub.id));
    const months = (row!.validTo.getTime() - Date.parse(sub.validTo)) / 86_400_000;
    expect(months).toBeGreaterThan(27);
    expect(months).toBeLessThan(32);
  });

  it("renews on the day the subscription began, or the month's last day", async () => {
    const c = await customer();
    const sub = (
      await subscribe(c.token, plan(1).id, { interval: 'monthly', paymentMethodId: c.cardId })
    ).json<{ id: string }>();
    const began = new Date('2026-01-31T10:00:00.000Z');
    const february = new Date('2026-02-28T10:00:00.000Z');
    await t.app.ctx.db
      .update(userSubscriptions)
      .set({ createdAt: began, periodStart: began, validTo: february, nextPaymentAt: february })
      .where(eq(userSubscriptions.id, sub.id));
    await renewDue(t.app.ctx, new Date('2026-02-28T10:05:00.000Z'));
    const [row] = await t.app.ctx.db
      .select()
      .from(userSubscriptions)
      .where(eq(userSubscriptions.id, sub.id));
    expect(row?.periodStart.toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(row?.validTo.toISOString()).toBe('2026-03-31T10:00:00.000Z');
  });

  it('leaves a refused renewal expiring, usable until validTo, and tells the user', async () => {
    const c = await customer();
    const sub = (
      await subscribe(c.token, plan(1).id, { interval: 'monthly', paymentMethodId: c.cardId })
    ).json<{ id: string; validTo: string; nextPaymentAt: string }>();
    await t.app.inject({
      method: 'DELETE',
      url: `/api/payment-methods/${c.cardId}`,
      headers: bearer(c.token),
    });
    // The job runs when the renewal falls due, a day before the period ends.
    expect(
      await renewDue(t.app.ctx, new Date(Date.parse(sub.nextPaymentAt) - 60_000)),
    ).toMatchObject({
      failed: 0,
    });
    expect(
      await renewDue(t.app.ctx, new Date(Date.parse(sub.nextPaymentAt) + 60_000)),
    ).toMatchObject({
      failed: 1,
    });
    const [row] = await t.app.ctx.db
      .select()
      .from(userSubscriptions)
      .where(eq(userSubscriptions.id, sub.id));
    expect(row).toMatchObject({ status: 'expiring', nextPaymentAt: null });
    expect(row?.validTo.toISOString()).toBe(sub.validTo);
    const mail = await lastMailTo(t.app, c.email);
    expect(mail?.subject).toBe('Vit kundu ikki endurnýggja Kaffi');
    expect(mail?.text).toContain(`kann brúkast til ${formatDate(sub.validTo)}`);
    // Still the user's, usable until validTo, and no longer renewing.
    const me = (await t.app.inject({ url: '/api/user/v2', headers: bearer(c.token) })).json<{
      userSubscriptions: { id: string; nextPaymentAt: string | null; cancelledAt: string | null }[];
    }>();
    expect(me.userSubscriptions).toEqual([
      expect.objectContaining({ id: sub.id, nextPaymentAt: null, cancelledAt: null }),
    ]);
  });
});
