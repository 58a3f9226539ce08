import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { testConfig } from '../../config.ts';
import { idempotencyRecords, payments, userSubscriptions } from '../../db/schema/index.ts';
import { seedSubscriptionPlans } from '../../seed/subscriptions.ts';
import { bearer, registerUser } from '../../test/app.ts';
import { checkBooks } from '../../test/books.ts';
import { startApiChild, stopApiChild, createTestDatabase } from '../../test/api-child.ts';
import { addTestCard } from '../../test/cards.ts';
import { issue } from '../vouchers/index.ts';
import { reconcile } from './reconcile.ts';

// The API process is killed (SIGKILL) at chosen points of a payment and started again on the same
// PostgreSQL database. A retry of the request must finish it once; without a retry, the
// reconciliation must undo it. Either way the books must balance.

const serverUrl = process.env.TEST_DATABASE_URL;
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let app: FastifyInstance;
let planId = 0;

async function customer(code: string) {
  const user = await registerUser(app);
  const me = (await app.inject({ url: '/api/user/v2', headers: bearer(user.token) })).json<{
    id: string;
  }>();
  const card = await addTestCard(app, me.id);
  await issue(app.ctx.db, {
    code,
    codeType: 'premium',
    kind: 'value',
    name: 'Gávukort',
    amount: 10_000,
    expiresAt: new Date(Date.now() + 86_400_000),
  });
  const redeemed = await app.inject({
    method: 'POST',
    url: '/api/vouchers/redeem',
    headers: bearer(user.token),
    payload: { code },
  });
  expect(redeemed.statusCode).toBe(201);
  return { token: user.token, id: me.id, cardId: card.id };
}

type Customer = Awaited<ReturnType<typeof customer>>;

function subscribe(base: string, c: Customer, key: string) {
  return fetch(`${base}/api/subscriptions/${String(planId)}/subscribe`, {
    method: 'POST',
    headers: {
      ...bearer(c.token),
      'content-type': 'application/json',
      'idempotency-key': key,
    },
    body: JSON.stringify({ interval: 'monthly', paymentMethodId: c.cardId }),
  });
}

/** Sends the request to an API that dies at `point`, and waits for it to die. */
async function crashDuring(point: string, c: Customer, key: string) {
  const api = await startApiChild(database.url, point);
  await expect(subscribe(api.base, c, key)).rejects.toThrow();
  expect(await api.exited).toBe('SIGKILL');
}

/** Moves the clock past the claims' and payments' leases, as if the crash were minutes ago. */
async function ageClaims(userId: string) {
  await app.ctx.db
    .update(idempotencyRecords)
    .set({ lockedUntil: sql`now() - interval '10 minutes'` })
    .where(eq(idempotencyRecords.userId, userId));
  await app.ctx.db
    .update(payments)
    .set({
      updatedAt: sql`now() - interval '10 minutes'`,
      createdAt: sql`now() - interval '10 minutes'`,
    })
    .where(eq(payments.userId, userId));
}

const balanceOf = async (c: Customer) =>
  (await app.inject({ url: '/api/vouchers', headers: bearer(c.token) })).json<{ balance: number }>()
    .balance;

const subscriptionsOf = (c: Customer) =>
  app.ctx.db.select().from(userSubscriptions).where(eq(userSubscriptions.userId, c.id));

describe.skipIf(!serverUrl)('a crash mid-payment (SIGKILL, PostgreSQL)', () => {
  beforeAll(async () => {
    database = await createTestDatabase(serverUrl ?? '', 'stod_crash');
    app = await buildApp(
      testConfig({ DATABASE_URL: database.url, RATE_LIMIT_PER_MINUTE: '10000' }),
    );
    await seedSubscriptionPlans(app.ctx.db);
    const plans = (await app.inject({ url: '/api/subscriptions' })).json<{
      items: { id: number; index: number }[];
    }>();
    planId = plans.items.find((p) => p.index === 1)?.id ?? 0;
  }, 120_000);

  afterAll(async () => {
    await app.close();
    await database.drop();
  });

  it.each([
    'payment.before-hold',
    'payment.after-hold',
    'payment.after-balance',
    'subscription.before-finish',
  ])(
    'killed at %s: a retry finishes it once, and without one the reconciliation undoes it',
    async (point) => {
      const tag = point.replace(/[^a-z]/g, '').toUpperCase();
      const retried = await customer(`RETRY${tag}`);
      const abandoned = await customer(`ABANDON${tag}`);
      await crashDuring(point, retried, `retry-${point}`);
      await crashDuring(point, abandoned, `abandon-${point}`);

      const api = await startApiChild(database.url);
      try {
        await ageClaims(retried.id);
        const again = await subscribe(api.base, retried, `retry-${point}`);
        expect(again.status).toBe(201);
        const repeat = await subscribe(api.base, retried, `retry-${point}`);
        expect(await repeat.json()).toEqual(await again.json());
      } finally {
        await stopApiChild(api);
      }
      const made = (await subscriptionsOf(retried)).filter((s) => s.status === 'active');
      expect(made).toHaveLength(1);
      const paid = await app.ctx.db.select().from(payments).where(eq(payments.userId, retried.id));
      expect(paid).toHaveLength(1);
      expect(paid[0]).toMatchObject({ status: 'captured', amountCaptured: 14_900 - 10_000 });
      expect(await balanceOf(retried)).toBe(0);

      await ageClaims(abandoned.id);
      await reconcile(app.ctx, 0);
      await reconcile(app.ctx, 0);
      expect((await subscriptionsOf(abandoned)).length).toBe(0);
      expect(await balanceOf(abandoned)).toBe(10_000);
      const undone = await app.ctx.db
        .select()
        .from(payments)
        .where(eq(payments.userId, abandoned.id));
      for (const p of undone) expect(['voided', 'failed', 'refunded']).toContain(p.status);
      const late = await app.inject({
        method: 'POST',
        url: `/api/subscriptions/${String(planId)}/subscribe`,
        headers: { ...bearer(abandoned.token), 'idempotency-key': `abandon-${point}` },
        payload: { interval: 'monthly', paymentMethodId: abandoned.cardId },
      });
      expect(late.json()).toMatchObject({ code: 'PAYMENT_ABANDONED' });

      expect(await checkBooks(app.ctx.db)).toEqual([]);
    },
    120_000,
  );
});
