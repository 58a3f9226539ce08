import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  payments,
  simGatewayAuthorizations,
  userSubscriptions,
  voucherSpends,
} from '../../db/schema/index.ts';
import { seedSubscriptionPlans } from '../../seed/subscriptions.ts';
import { bearer, createTestApp, registerUser, type TestApp } from '../../test/app.ts';
import { checkBooks } from '../../test/books.ts';
import { addTestCard } from '../../test/cards.ts';
import { issue } from '../vouchers/index.ts';
import { renewDue } from './renewal.ts';

// Requests really run in parallel on PostgreSQL (TEST_DATABASE_URL); on PGlite they interleave
// between queries. Both must hold the same books.

let t: TestApp;
let plans: { id: number; index: number; prices: { monthly: number } }[];

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
  await seedSubscriptionPlans(t.app.ctx.db);
  plans = (await t.app.inject({ url: '/api/subscriptions' })).json<{ items: typeof plans }>().items;
});
afterAll(() => t.close());

const plan = (index: number) => plans.find((p) => p.index === index)!;

async function customer() {
  const user = await registerUser(t.app);
  const me = (await t.app.inject({ url: '/api/user/v2', headers: bearer(user.token) })).json<{
    id: string;
  }>();
  const card = await addTestCard(t.app, me.id);
  return { ...user, id: me.id, cardId: card.id };
}

const subscribe = (c: { token: string; cardId: string }, planId: number, key: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/subscriptions/${String(planId)}/subscribe`,
    headers: { ...bearer(c.token), 'idempotency-key': key },
    payload: { interval: 'monthly', paymentMethodId: c.cardId },
  });

const upgrade = (token: string, id: string, planId: number, key: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/user-subscriptions/${id}/upgrade`,
    headers: { ...bearer(token), 'idempotency-key': key },
    payload: { subscriptionId: planId },
  });

async function giveBalance(token: string, code: string, amount: number) {
  await issue(t.app.ctx.db, {
    code,
    codeType: 'premium',
    kind: 'value',
    name: 'Gávukort',
    amount,
    expiresAt: new Date(Date.now() + 86_400_000),
  });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/vouchers/redeem',
    headers: bearer(token),
    payload: { code },
  });
  expect(res.statusCode).toBe(201);
}

const subsOf = (userId: string) =>
  t.app.ctx.db.select().from(userSubscriptions).where(eq(userSubscriptions.userId, userId));

async function capturedFor(userId: string) {
  const rows = await t.app.ctx.db
    .select({ captured: simGatewayAuthorizations.captured })
    .from(simGatewayAuthorizations)
    .innerJoin(payments, eq(payments.gatewayAuthorizationId, simGatewayAuthorizations.id))
    .where(eq(payments.userId, userId));
  return rows.reduce((sum, r) => sum + r.captured, 0);
}

describe('subscribe under races', () => {
  it('ten parallel subscribes with their own keys make one subscription and one charge', async () => {
    const c = await customer();
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => subscribe(c, plan(1).id, `parallel-${String(i)}-key`)),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes.filter((s) => s === 201)).toHaveLength(1);
    expect(codes.filter((s) => s === 409)).toHaveLength(9);
    const subs = (await subsOf(c.id)).filter((s) => s.status !== 'ended');
    expect(subs).toHaveLength(1);
    expect(await capturedFor(c.id)).toBe(plan(1).prices.monthly);
    // The refused ones left no hold either.
    const holds = await t.app.ctx.db.select().from(payments).where(eq(payments.userId, c.id));
    expect(holds.filter((p) => p.status === 'authorised')).toHaveLength(0);
    expect(await checkBooks(t.app.ctx.db)).toEqual([]);
  });

  it('120 repeats of one key, two every 8 ms, answer one subscription from one payment', async () => {
    const c = await customer();
    const waits: Promise<Awaited<ReturnType<typeof subscribe>>>[] = [];
    for (let i = 0; i < 60; i += 1) {
      waits.push(subscribe(c, plan(1).id, 'one-key-many-times'));
      waits.push(subscribe(c, plan(1).id, 'one-key-many-times'));
      await new Promise((resolve) => setTimeout(resolve, 8));
    }
    const answers = await Promise.all(waits);
    const ids = new Set(
      answers.filter((a) => a.statusCode === 201).map((a) => a.json<{ id: string }>().id),
    );
    expect(ids.size).toBe(1);
    // A repeat waits for the first answer; only one that outwaits it hears 'in progress'.
    for (const a of answers) expect([201, 409]).toContain(a.statusCode);
    expect((await subsOf(c.id)).filter((s) => s.status !== 'ended')).toHaveLength(1);
    expect(
      await t.app.ctx.db.select().from(payments).where(eq(payments.userId, c.id)),
    ).toHaveLength(1);
    // Later repeats answer the same subscription, and renewal finds one to charge.
    const again = await subscribe(c, plan(1).id, 'one-key-many-times');
    expect(again.json<{ id: string }>().id).toBe([...ids][0]);
  });

  it('a key used again with another request is refused and changes nothing', async () => {
    const c = await customer();
    expect((await subscribe(c, plan(1).id, 'reused-key-1')).statusCode).toBe(201);
    const other = await subscribe(c, plan(2).id, 'reused-key-1');
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
    expect(await subsOf(c.id)).toHaveLength(1);
  });

  it('a refused card is answered again for its key, and frees the type for a new key', async () => {
    const c = await customer();
    const poor = await addTestCard(t.app, c.id, '4000000000009995');
    const body = { interval: 'monthly', paymentMethodId: poor.id };
    const send = (key: string, payload: Record<string, unknown> = body) =>
      t.app.inject({
        method: 'POST',
        url: `/api/subscriptions/${String(plan(1).id)}/subscribe`,
        headers: { ...bearer(c.token), 'idempotency-key': key },
        payload,
      });
    expect((await send('refused-once')).statusCode).toBe(422);
    expect((await send('refused-once')).json()).toMatchObject({ code: 'NOT_ENOUGH_FUNDS' });
    expect(await subsOf(c.id)).toHaveLength(0);
    const good = await send('after-refusal', { interval: 'monthly', paymentMethodId: c.cardId });
    expect(good.statusCode).toBe(201);
  });
});

describe('upgrade under races', () => {
  it('eight parallel upgrades charge once and draw the balance once', async () => {
    const c = await customer();
    const sub = (await subscribe(c, plan(1).id, 'upgrade-base-key')).json<{ id: string }>();
    await giveBalance(c.token, `UPGRADEBAL${c.id.slice(0, 8).toUpperCase()}`, 100_000);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        upgrade(c.token, sub.id, plan(3).id, `upgrade-parallel-${String(i)}`),
      ),
    );
    const ok = answers.filter((a) => a.statusCode === 200);
    expect(ok).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(7);
    const charged = ok[0]!.json<{ charged: number }>().charged;
    const drawn = await t.app.ctx.db
      .select({ total: sql<number>`coalesce(sum(${voucherSpends.amount}), 0)::int` })
      .from(voucherSpends)
      .innerJoin(payments, eq(payments.id, voucherSpends.paymentId))
      .where(eq(payments.userId, c.id));
    expect(drawn[0]?.total).toBe(charged);
    const wallet = (await t.app.inject({ url: '/api/vouchers', headers: bearer(c.token) })).json<{
      balance: number;
    }>();
    expect(wallet.balance).toBe(100_000 - charged);
    expect(await checkBooks(t.app.ctx.db)).toEqual([]);
  });

  it('a repeat of a finished upgrade answers the first result, not 404', async () => {
    const c = await customer();
    const sub = (await subscribe(c, plan(1).id, 'repeat-up-base')).json<{ id: string }>();
    const first = await upgrade(c.token, sub.id, plan(2).id, 'repeat-up-key');
    expect(first.statusCode).toBe(200);
    const again = await upgrade(c.token, sub.id, plan(2).id, 'repeat-up-key');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    const other = await customer();
    const stranger = await upgrade(other.token, sub.id, plan(3).id, 'stranger-up-key');
    expect(stranger.statusCode).toBe(404);
  });
});

describe('renewal', () => {
  it('charges nothing for a deleted account', async () => {
    const c = await customer();
    const sub = (await subscribe(c, plan(1).id, 'deleted-account-key')).json<{ id: string }>();
    await t.app.ctx.db
      .update(userSubscriptions)
      .set({ nextPaymentAt: sql`now() - interval '1 minute'` })
      .where(eq(userSubscriptions.id, sub.id));
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/user',
      headers: bearer(c.token),
      payload: { password: c.password },
    });
    expect(deleted.statusCode).toBeLessThan(300);
    const before = await capturedFor(c.id);
    await renewDue(t.app.ctx);
    expect(await capturedFor(c.id)).toBe(before);
    const [row] = await t.app.ctx.db
      .select()
      .from(userSubscriptions)
      .where(and(eq(userSubscriptions.id, sub.id)));
    expect(row).toMatchObject({ status: 'cancelled', nextPaymentAt: null });
  });
});
