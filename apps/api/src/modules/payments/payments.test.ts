import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentSteps, payments, simGatewayAuthorizations } from '../../db/schema/index.ts';
import { GatewayError } from '../../integrations/payments/port.ts';
import { expireSimHold } from '../../integrations/payments/sim.ts';
import { AppError } from '../../lib/errors.ts';
import { addTestCard } from '../../test/cards.ts';
import { bearer, createTestApp, registerUser, type TestApp } from '../../test/app.ts';
import { issue } from '../vouchers/index.ts';
import * as payment from './service.ts';
import { reconcile as reconcileBooks } from './reconcile.ts';

let t: TestApp;
let userId: string;
let card: Awaited<ReturnType<typeof addTestCard>>;
let keyCounter = 0;
const key = () => `key-${String((keyCounter += 1))}`;

beforeAll(async () => {
  t = await createTestApp();
  const user = await registerUser(t.app);
  userId = (await t.app.inject({ url: '/api/user/v2', headers: bearer(user.token) })).json<{
    id: string;
  }>().id;
  card = await addTestCard(t.app, userId);
});
afterAll(() => t.close());

const hold = (amount = 75_000, idempotencyKey = key(), token = card.token) =>
  payment.authorise(t.app.ctx, {
    userId,
    paymentMethodId: card.id,
    token,
    amount,
    purpose: 'fuel',
    reference: 'pump-3',
    idempotencyKey,
  });

const failsWith = async (promise: Promise<unknown>, statusCode: number, code: string) => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  expect(error).toMatchObject({ statusCode, code });
};

describe('authorise', () => {
  it('places a hold and answers the same payment for a repeated key', async () => {
    const k = key();
    const first = await hold(75_000, k);
    expect(first).toMatchObject({ status: 'authorised', amountHeld: 75_000, amountCaptured: 0 });
    const again = await hold(75_000, k);
    expect(again.id).toBe(first.id);
    expect(again.gatewayAuthorizationId).toBe(first.gatewayAuthorizationId);
  });

  it('refuses a card without funds, and records the failure', async () => {
    const poor = await addTestCard(t.app, userId, '4000000000009995');
    await failsWith(hold(75_000, 'poor-1', poor.token), 422, 'NOT_ENOUGH_FUNDS');
    const [row] = await t.app.ctx.db
      .select()
      .from(payments)
      .where(eq(payments.idempotencyKey, 'poor-1'));
    expect(row).toMatchObject({ status: 'failed', failure: 'insufficient_funds', amountHeld: 0 });
  });
});

describe('when the gateway does not answer', () => {
  /** Makes the gateway's next authorise fail as a lost answer, before or after it acted. */
  function loseNextAnswer(after: boolean) {
    const gateway = t.app.ctx.gateway;
    const real = gateway.authorise.bind(gateway);
    gateway.authorise = async (...args) => {
      gateway.authorise = real;
      if (after) await real(...args);
      throw new GatewayError('unavailable');
    };
  }

  const gatewayHolds = async () =>
    (
      await t.app.ctx.db
        .select({ id: simGatewayAuthorizations.id })
        .from(simGatewayAuthorizations)
        .where(eq(simGatewayAuthorizations.token, card.token))
    ).length;

  it('tries again under the same key, and finds a hold the gateway did make', async () => {
    const k = key();
    const before = await gatewayHolds();
    loseNextAnswer(true);
    await failsWith(hold(75_000, k), 503, 'GATEWAY_UNAVAILABLE');
    const retried = await hold(75_000, k);
    expect(retried).toMatchObject({ status: 'authorised', amountHeld: 75_000 });
    const again = await hold(75_000, k);
    expect(again.id).toBe(retried.id);
    const rows = await t.app.ctx.db.select().from(payments).where(eq(payments.idempotencyKey, k));
    expect(rows).toHaveLength(1);
    // One hold at the gateway, not two.
    expect(await gatewayHolds()).toBe(before + 1);
    const steps = await t.app.ctx.db
      .select()
      .from(paymentSteps)
      .where(eq(paymentSteps.paymentId, retried.id));
    expect(steps.map((st) => [st.kind, st.amount])).toEqual([['authorise', 75_000]]);
  });

  it('answers a retry that races another one with "in progress", not with a refusal', async () => {
    const k = key();
    loseNextAnswer(false);
    await failsWith(hold(75_000, k), 503, 'GATEWAY_UNAVAILABLE');
    // The retry that reaches the gateway waits there until released.
    const gateway = t.app.ctx.gateway;
    const real = gateway.authorise.bind(gateway);
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    gateway.authorise = async (...args) => {
      gateway.authorise = real;
      await gate;
      return real(...args);
    };
    const calls = [hold(75_000, k), hold(75_000, k)];
    const first = await Promise.race(
      calls.map((c) =>
        c.then(
          () => null,
          (e: unknown) => e,
        ),
      ),
    );
    expect(first).toMatchObject({ statusCode: 409, code: 'PAYMENT_IN_PROGRESS' });
    release();
    const settled = await Promise.allSettled(calls);
    const made = settled.filter((r) => r.status === 'fulfilled');
    expect(made).toHaveLength(1);
    expect(made[0]?.value).toMatchObject({ status: 'authorised' });
    expect(await hold(75_000, k)).toMatchObject({ status: 'authorised' });
  });

  it('tries again under the same key when the gateway never acted', async () => {
    const k = key();
    loseNextAnswer(false);
    await failsWith(hold(75_000, k), 503, 'GATEWAY_UNAVAILABLE');
    expect(await hold(75_000, k)).toMatchObject({ status: 'authorised', amountHeld: 75_000 });
  });

  it('does not try a refused card again under the same key', async () => {
    const other = await registerUser(t.app);
    const otherId = (
      await t.app.inject({ url: '/api/user/v2', headers: bearer(other.token) })
    ).json<{ id: string }>().id;
    const poor = await addTestCard(t.app, otherId, '4000000000009995');
    const refused = () =>
      payment.authorise(t.app.ctx, {
        userId: otherId,
        paymentMethodId: poor.id,
        token: poor.token,
        amount: 75_000,
        purpose: 'fuel',
        reference: 'pump-3',
        idempotencyKey: 'poor-again',
      });
    await failsWith(refused(), 422, 'NOT_ENOUGH_FUNDS');
    expect(await refused()).toMatchObject({ status: 'failed', failure: 'insufficient_funds' });
  });
});

describe('capture', () => {
  it('takes the real amount, at most the hold', async () => {
    const p = await hold(75_000);
    await failsWith(payment.capture(t.app.ctx, p.id, 75_001, key()), 422, 'AMOUNT_EXCEEDS_HOLD');
    const captured = await payment.capture(t.app.ctx, p.id, 41_250, key());
    expect(captured).toMatchObject({ status: 'captured', amountCaptured: 41_250 });
    const gw = await t.app.ctx.gateway.status(p.gatewayAuthorizationId!);
    expect(gw).toMatchObject({ status: 'captured', captured: 41_250 });
  });

  it('makes one capture of two with the same key, even at once', async () => {
    const p = await hold(50_000);
    const k = key();
    const [a, b] = await Promise.all([
      payment.capture(t.app.ctx, p.id, 30_000, k),
      payment.capture(t.app.ctx, p.id, 30_000, k),
    ]);
    expect(a.amountCaptured).toBe(30_000);
    expect(b.amountCaptured).toBe(30_000);
    const again = await payment.capture(t.app.ctx, p.id, 30_000, k);
    expect(again.amountCaptured).toBe(30_000);
    const steps = await t.app.ctx.db
      .select()
      .from(paymentSteps)
      .where(sql`${paymentSteps.paymentId} = ${p.id} and ${paymentSteps.kind} = 'capture'`);
    expect(steps).toHaveLength(1);
    await failsWith(payment.capture(t.app.ctx, p.id, 1_000, key()), 409, 'ILLEGAL_STATE');
  });

  it('cannot capture an expired hold', async () => {
    const p = await hold(10_000);
    await expireSimHold(t.app.ctx.db, p.gatewayAuthorizationId!);
    await failsWith(payment.capture(t.app.ctx, p.id, 5_000, key()), 409, 'HOLD_EXPIRED');
    const [row] = await t.app.ctx.db.select().from(payments).where(eq(payments.id, p.id));
    expect(row?.status).toBe('expired');
  });
});

describe('split tender: voucher balance first, then the card', () => {
  /** A user with a card and `balance` øre on a redeemed value voucher. */
  async function customerWithBalance(balance: number) {
    const user = await registerUser(t.app);
    const id = (await t.app.inject({ url: '/api/user/v2', headers: bearer(user.token) })).json<{
      id: string;
    }>().id;
    const own = await addTestCard(t.app, id);
    const redeem = async (amount: number) => {
      const code = `SPLIT${String((keyCounter += 1)).padStart(6, '0')}`;
      await issue(t.app.ctx.db, {
        code,
        codeType: 'premium',
        kind: 'value',
        name: 'Test',
        amount,
        expiresAt: new Date(Date.now() + 86_400_000),
      });
      const redeemed = await t.app.inject({
        method: 'POST',
        url: '/api/vouchers/redeem',
        headers: bearer(user.token),
        payload: { code },
      });
      expect(redeemed.statusCode).toBe(201);
    };
    if (balance > 0) await redeem(balance);
    const holdFor = (amount: number) =>
      payment.authorise(t.app.ctx, {
        userId: id,
        paymentMethodId: own.id,
        token: own.token,
        amount,
        purpose: 'fuel',
        reference: 'pump-1',
        idempotencyKey: key(),
      });
    const balanceLeft = async () =>
      (await t.app.inject({ url: '/api/vouchers', headers: bearer(user.token) })).json<{
        balance: number;
      }>().balance;
    return { holdFor, balanceLeft, redeem };
  }

  it('draws the balance and captures the rest from the hold, once per key', async () => {
    const c = await customerWithBalance(10_000);
    const p = await c.holdFor(75_000);
    const k = key();
    const first = await payment.captureWithBalance(t.app.ctx, p.id, 30_000, k);
    expect(first).toMatchObject({ fromBalance: 10_000, fromCard: 20_000 });
    expect(first.payment).toMatchObject({ status: 'captured', amountCaptured: 20_000 });
    const again = await payment.captureWithBalance(t.app.ctx, p.id, 30_000, k);
    expect(again).toMatchObject({ fromBalance: 10_000, fromCard: 20_000 });
    expect(await c.balanceLeft()).toBe(0);
  });

  it('draws nothing on a repeat of a settled key, even when a balance has come since', async () => {
    const c = await customerWithBalance(0);
    const p = await c.holdFor(75_000);
    const k = key();
    expect(await payment.captureWithBalance(t.app.ctx, p.id, 30_000, k)).toMatchObject({
      fromBalance: 0,
      fromCard: 30_000,
    });
    await c.redeem(10_000);
    const again = await payment.captureWithBalance(t.app.ctx, p.id, 30_000, k);
    expect(again).toMatchObject({ fromBalance: 0, fromCard: 30_000 });
    expect(again.payment.amountCaptured).toBe(30_000);
    expect(await c.balanceLeft()).toBe(10_000);
  });

  it('voids the hold when the balance pays it all', async () => {
    const c = await customerWithBalance(10_000);
    const p = await c.holdFor(75_000);
    const paid = await payment.captureWithBalance(t.app.ctx, p.id, 4_000, key());
    expect(paid).toMatchObject({ fromBalance: 4_000, fromCard: 0 });
    expect(paid.payment.status).toBe('voided');
    expect(await c.balanceLeft()).toBe(6_000);
  });

  it('gives the balance back when the card part is refused', async () => {
    const c = await customerWithBalance(10_000);
    const p = await c.holdFor(20_000);
    await expireSimHold(t.app.ctx.db, p.gatewayAuthorizationId!);
    await failsWith(
      payment.captureWithBalance(t.app.ctx, p.id, 15_000, key()),
      409,
      'HOLD_EXPIRED',
    );
    expect(await c.balanceLeft()).toBe(10_000);
  });
});

describe('void and refund', () => {
  it('refuses a void after a capture', async () => {
    const p = await hold(10_000);
    await payment.capture(t.app.ctx, p.id, 10_000, key());
    await failsWith(payment.voidHold(t.app.ctx, p.id, key()), 409, 'ILLEGAL_STATE');
  });

  it('voids a hold once, and a capture after it is refused', async () => {
    const p = await hold(10_000);
    const k = key();
    expect((await payment.voidHold(t.app.ctx, p.id, k)).status).toBe('voided');
    expect((await payment.voidHold(t.app.ctx, p.id, k)).status).toBe('voided');
    await failsWith(payment.capture(t.app.ctx, p.id, 1, key()), 409, 'ILLEGAL_STATE');
  });

  it('refunds at most what was captured', async () => {
    const p = await hold(20_000);
    await payment.capture(t.app.ctx, p.id, 15_000, key());
    await failsWith(payment.refund(t.app.ctx, p.id, 15_001, key()), 422, 'AMOUNT_EXCEEDS_HOLD');
    expect(await payment.refund(t.app.ctx, p.id, 5_000, key())).toMatchObject({
      status: 'captured',
      amountRefunded: 5_000,
    });
    expect(await payment.refund(t.app.ctx, p.id, 10_000, key())).toMatchObject({
      status: 'refunded',
      amountRefunded: 15_000,
    });
    await failsWith(payment.refund(t.app.ctx, p.id, 1, key()), 409, 'ILLEGAL_STATE');
  });

  it('refuses steps on a payment that does not exist', async () => {
    await failsWith(
      payment.capture(t.app.ctx, '00000000-0000-4000-8000-000000000000', 1, key()),
      404,
      'NOT_FOUND',
    );
  });
});

describe('reconcile', () => {
  it('voids unstarted holds, leaves started ones, and syncs expired ones', async () => {
    const unstarted = await hold(10_000);
    const started = await hold(10_000);
    await payment.markServiceStarted(t.app.ctx, started.id);
    const expired = await hold(10_000);
    await payment.markServiceStarted(t.app.ctx, expired.id);
    await expireSimHold(t.app.ctx.db, expired.gatewayAuthorizationId!);
    await t.app.ctx.db
      .update(payments)
      .set({ holdExpiresAt: sql`now() - interval '1 second'` })
      .where(eq(payments.id, expired.id));

    const result = await reconcileBooks(t.app.ctx, -1000);
    expect(result.voided).toBeGreaterThanOrEqual(1);
    const status = async (id: string) =>
      (await t.app.ctx.db.select().from(payments).where(eq(payments.id, id)))[0]?.status;
    expect(await status(unstarted.id)).toBe('voided');
    expect(await status(started.id)).toBe('authorised');
    expect(await status(expired.id)).toBe('expired');
    // A second run, as on another process, changes nothing.
    await reconcileBooks(t.app.ctx, -1000);
    expect(await status(started.id)).toBe('authorised');
  });
});

describe('any sequence of steps and retries', () => {
  it('never captures more than the hold and never charges twice', async () => {
    const stepArb = fc.record({
      kind: fc.constantFrom('capture', 'void', 'refund'),
      amount: fc.integer({ min: 0, max: 12_000 }),
      keyIndex: fc.integer({ min: 0, max: 3 }),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(stepArb, { minLength: 1, maxLength: 8 }), async (steps) => {
        const p = await hold(10_000);
        const amountOfKey = new Map<string, number>();
        for (const s of steps) {
          const k = `${p.id}-${s.kind}-${String(s.keyIndex)}`;
          // A retry repeats the first request of its key exactly.
          const amount = amountOfKey.get(k) ?? s.amount;
          amountOfKey.set(k, amount);
          const run =
            s.kind === 'capture'
              ? payment.capture(t.app.ctx, p.id, amount, k)
              : s.kind === 'void'
                ? payment.voidHold(t.app.ctx, p.id, k)
                : payment.refund(t.app.ctx, p.id, amount, k);
          await run.catch((e: unknown) => {
            if (!(e instanceof AppError) || e.statusCode >= 500) throw e;
          });
        }
        const [row] = await t.app.ctx.db.select().from(payments).where(eq(payments.id, p.id));
        const gw = await t.app.ctx.gateway.status(p.gatewayAuthorizationId!);
        expect(row!.amountCaptured).toBeLessThanOrEqual(row!.amountHeld);
        expect(row!.amountRefunded).toBeLessThanOrEqual(row!.amountCaptured);
        expect(gw.captured).toBe(row!.amountCaptured);
        expect(gw.refunded).toBe(row!.amountRefunded);
        const captures = await t.app.ctx.db
          .select()
          .from(paymentSteps)
          .where(sql`${paymentSteps.paymentId} = ${p.id} and ${paymentSteps.kind} = 'capture'`);
        expect(captures.length).toBeLessThanOrEqual(1);
      }),
      { numRuns: 40 },
    );
  });
});
