import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  idempotencyRecords,
  payments,
  simGatewayAuthorizations,
  userSubscriptions,
} from '../../db/schema/index.ts';
import { GatewayError, type PaymentGateway } from '../../integrations/payments/port.ts';
import { seedSubscriptionPlans } from '../../seed/subscriptions.ts';
import { bearer, createTestApp, registerUser, type TestApp } from '../../test/app.ts';
import { checkBooks } from '../../test/books.ts';
import { addTestCard } from '../../test/cards.ts';
import { reconcile } from '../payments/index.ts';
import { issue } from '../vouchers/index.ts';
import { renewDue } from './renewal.ts';

// Faults at the gateway's port (a lost answer, a process that dies mid-call) and the
// reconciliation or the renewal job running in between: the books must still balance.

let t: TestApp;
let plans: { id: number; index: number }[];
let gateway: PaymentGateway;
const real: Partial<PaymentGateway> = {};

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
  await seedSubscriptionPlans(t.app.ctx.db);
  plans = (await t.app.inject({ url: '/api/subscriptions' })).json<{ items: typeof plans }>().items;
  gateway = t.app.ctx.gateway;
  real.capture = gateway.capture.bind(gateway);
  real.authorise = gateway.authorise.bind(gateway);
  real.void = gateway.void.bind(gateway);
});
afterEach(() => {
  Object.assign(gateway, real);
});
afterAll(() => t.close());

const plan = (index: number) => plans.find((p) => p.index === index)!.id;
const died = () => new Error('the process died here');

let codes = 0;
async function customer() {
  const user = await registerUser(t.app);
  const me = (await t.app.inject({ url: '/api/user/v2', headers: bearer(user.token) })).json<{
    id: string;
  }>();
  const card = await addTestCard(t.app, me.id);
  codes += 1;
  const code = `RECOVERY${String(codes)}X${me.id.slice(0, 6).toUpperCase()}`;
  await issue(t.app.ctx.db, {
    code,
    codeType: 'premium',
    kind: 'value',
    name: 'Gávukort',
    amount: 10_000,
    expiresAt: new Date(Date.now() + 86_400_000),
  });
  await t.app.inject({
    method: 'POST',
    url: '/api/vouchers/redeem',
    headers: bearer(user.token),
    payload: { code },
  });
  return { token: user.token, id: me.id, cardId: card.id };
}
type Customer = Awaited<ReturnType<typeof customer>>;

const subscribe = (c: Customer, key: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/subscriptions/${String(plan(1))}/subscribe`,
    headers: { ...bearer(c.token), 'idempotency-key': key },
    payload: { interval: 'monthly', paymentMethodId: c.cardId },
  });

const upgrade = (c: Customer, id: string, key: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/user-subscriptions/${id}/upgrade`,
    headers: { ...bearer(c.token), 'idempotency-key': key },
    payload: { subscriptionId: plan(2) },
  });

const balanceOf = async (c: Customer) =>
  (await t.app.inject({ url: '/api/vouchers', headers: bearer(c.token) })).json<{
    balance: number;
  }>().balance;

/** As if the requests died long ago: their claims and payments are past every lease. */
async function age(userId: string) {
  await t.app.ctx.db
    .update(idempotencyRecords)
    .set({ lockedUntil: sql`now() - interval '2 hours'` })
    .where(eq(idempotencyRecords.userId, userId));
  await t.app.ctx.db
    .update(payments)
    .set({ createdAt: sql`now() - interval '2 hours'`, updatedAt: sql`now() - interval '2 hours'` })
    .where(eq(payments.userId, userId));
}

describe('recovery', () => {
  it('a retry that resumes a request while the reconciliation runs keeps what it paid for', async () => {
    const first = await customer();
    const second = await customer();
    gateway.capture = () => Promise.reject(died());
    expect((await subscribe(first, 'resume-race-first')).statusCode).toBe(500);
    expect((await subscribe(second, 'resume-race-second')).statusCode).toBe(500);
    gateway.capture = real.capture!;
    await age(first.id);
    await age(second.id);
    let resumed = 0;
    gateway.void = async (key, input) => {
      if (resumed === 0) {
        resumed = (await subscribe(second, 'resume-race-second')).statusCode;
      }
      return real.void!(key, input);
    };
    await reconcile(t.app.ctx, 60_000);
    await reconcile(t.app.ctx, 60_000);
    expect(resumed).toBe(201);
    const subs = await t.app.ctx.db
      .select()
      .from(userSubscriptions)
      .where(eq(userSubscriptions.userId, second.id));
    expect(subs.map((s) => s.status)).toEqual(['active']);
    const [paid] = await t.app.ctx.db.select().from(payments).where(eq(payments.userId, second.id));
    expect(paid).toMatchObject({ status: 'captured', amountRefunded: 0 });
    expect(await balanceOf(second)).toBe(0);
    expect(await balanceOf(first)).toBe(10_000);
    expect(await checkBooks(t.app.ctx.db)).toEqual([]);
  });

  it('a hold made while the answer was lost is found and voided', async () => {
    const c = await customer();
    gateway.authorise = async (key, input) => {
      await real.authorise!(key, input);
      throw new GatewayError('unavailable');
    };
    expect((await subscribe(c, 'lost-answer-key')).statusCode).toBe(503);
    gateway.authorise = real.authorise!;
    await age(c.id);
    await reconcile(t.app.ctx, 60_000);
    await reconcile(t.app.ctx, 60_000);
    const holds = await t.app.ctx.db
      .select({ status: simGatewayAuthorizations.status })
      .from(simGatewayAuthorizations)
      .innerJoin(payments, eq(payments.gatewayAuthorizationId, simGatewayAuthorizations.id))
      .where(eq(payments.userId, c.id));
    expect(holds).toEqual([{ status: 'voided' }]);
    expect((await subscribe(c, 'lost-answer-key')).json()).toMatchObject({
      code: 'PAYMENT_ABANDONED',
    });
    expect(await checkBooks(t.app.ctx.db)).toEqual([]);
  });

  it('a renewal due while an upgrade pays waits for it, and charges for the new tier later', async () => {
    const c = await customer();
    const sub = (await subscribe(c, 'renewal-upgrade-base')).json<{ id: string }>();
    await t.app.ctx.db
      .update(userSubscriptions)
      .set({ nextPaymentAt: sql`now() - interval '1 minute'` })
      .where(eq(userSubscriptions.id, sub.id));
    let renewal: Awaited<ReturnType<typeof renewDue>> | null = null;
    gateway.capture = async (key, input) => {
      renewal ??= await renewDue(t.app.ctx);
      return real.capture!(key, input);
    };
    const up = await upgrade(c, sub.id, 'renewal-upgrade-key');
    expect(up.statusCode).toBe(200);
    expect(renewal).toEqual({ renewed: 0, failed: 0 });
    const rows = await t.app.ctx.db
      .select()
      .from(userSubscriptions)
      .where(eq(userSubscriptions.userId, c.id));
    expect(rows.map((r) => r.status).sort()).toEqual(['active', 'replaced']);
    expect(await checkBooks(t.app.ctx.db)).toEqual([]);
  });

  it('a resumed upgrade charges what its first try held, a day later too', async () => {
    const c = await customer();
    const sub = (await subscribe(c, 'resumed-upgrade-base')).json<{ id: string }>();
    gateway.capture = () => Promise.reject(died());
    expect((await upgrade(c, sub.id, 'resumed-upgrade-key')).statusCode).toBe(500);
    gateway.capture = real.capture!;
    // A day passes before the app tries again: a day less of the old period to credit.
    await t.app.ctx.db
      .update(userSubscriptions)
      .set({
        periodStart: sql`period_start - interval '1 day'`,
        validTo: sql`valid_to - interval '1 day'`,
      })
      .where(eq(userSubscriptions.id, sub.id));
    await age(c.id);
    const again = await upgrade(c, sub.id, 'resumed-upgrade-key');
    expect(again.statusCode).toBe(200);
    const charged = again.json<{ charged: number }>().charged;
    const paid = await t.app.ctx.db
      .select()
      .from(payments)
      .where(eq(payments.idempotencyKey, 'upgrade:resumed-upgrade-key'));
    expect(paid[0]).toMatchObject({ status: 'captured', amountHeld: charged });
    expect(await checkBooks(t.app.ctx.db)).toEqual([]);
  });
});
