import type { Receipt } from '@stod/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { receipts, userSubscriptions } from '../../db/schema/index.ts';
import { seedSubscriptionPlans } from '../../seed/subscriptions.ts';
import { bearer, createTestApp, registerUser, type TestApp } from '../../test/app.ts';
import { addTestCard } from '../../test/cards.ts';
import { pdfText } from '../../test/pdf-text.ts';
import { issue } from '../vouchers/index.ts';
import { writeSubscriptionReceipts } from './receipts.ts';
import { renewDue } from './renewal.ts';

// Every payment a customer makes for a subscription gets a receipt with its VAT, listed and
// printable like the others: the first period, a renewal, an upgrade; one per payment, however
// often it is written, and one for a payment the voucher balance covered in part.

let t: TestApp;
let plans: { id: number; index: number; name: string; prices: { monthly: number } }[];

beforeAll(async () => {
  t = await createTestApp();
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
  const card = await addTestCard(t.app, me.id, '4242424242424242');
  return { ...user, id: me.id, cardId: card.id };
}

const subscribe = (token: string, planId: number, cardId: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/subscriptions/${String(planId)}/subscribe`,
    headers: { ...bearer(token), 'idempotency-key': crypto.randomUUID() },
    payload: { interval: 'monthly', paymentMethodId: cardId },
  });

const receiptsOf = async (token: string) =>
  (await t.app.inject({ url: '/api/receipts', headers: bearer(token) })).json<{
    items: Receipt[];
    total: number;
  }>();

describe('subscription receipts', () => {
  it('writes one for the first month, with its VAT, listed and printable', async () => {
    const c = await customer();
    expect((await subscribe(c.token, plan(1).id, c.cardId)).statusCode).toBe(201);
    const list = await receiptsOf(c.token);
    expect(list.total).toBe(1);
    const [receipt] = list.items;
    expect(receipt).toMatchObject({
      productType: 'Food',
      productDescription: plan(1).name,
      amount: 14_900,
      vatAmount: 2_980,
      stationName: null,
    });
    expect(receipt?.data.items?.[0]?.product?.name).toBe(`${plan(1).name}: hald í ein mánað`);
    const pdf = await t.app.inject({
      url: `/api/receipts/${String(receipt?.id)}/pdf`,
      headers: bearer(c.token),
    });
    expect(pdf.statusCode).toBe(200);
    expect(await pdfText(pdf.rawPayload)).toContain('hald í ein mánað');
    // Written again (the job's sweep, or a retry): still one.
    await writeSubscriptionReceipts(t.app.ctx);
    expect((await receiptsOf(c.token)).total).toBe(1);
  });

  it('writes one for each renewal and for an upgrade, for what was paid', async () => {
    const c = await customer();
    const sub = (await subscribe(c.token, plan(1).id, c.cardId)).json<{ id: string }>();
    await t.app.ctx.db
      .update(userSubscriptions)
      .set({ nextPaymentAt: sql`now() - interval '1 minute'` })
      .where(eq(userSubscriptions.id, sub.id));
    await renewDue(t.app.ctx);
    const up = await t.app.inject({
      method: 'POST',
      url: `/api/user-subscriptions/${sub.id}/upgrade`,
      headers: bearer(c.token),
      payload: { subscriptionId: plan(3).id },
    });
    expect(up.statusCode).toBe(200);
    const charged = up.json<{ charged: number }>().charged;
    const list = await receiptsOf(c.token);
    expect(list.items.map((r) => r.amount).sort((a, b) => a - b)).toEqual(
      [14_900, 14_900, charged].sort((a, b) => a - b),
    );
    expect(list.items.map((r) => r.data.items?.[0]?.product?.name)).toContain(
      `${plan(3).name}: dagført til hetta stigið`,
    );
  });

  it('counts what the voucher balance paid, and sweeps a payment a crash left without one', async () => {
    const c = await customer();
    const code = `RCPT${crypto.randomUUID().slice(0, 8).toUpperCase()}`;
    await issue(t.app.ctx.db, {
      code,
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
      payload: { code },
    });
    expect(redeemed.statusCode, redeemed.body).toBe(201);
    expect((await subscribe(c.token, plan(1).id, c.cardId)).statusCode).toBe(201);
    const [written] = (await receiptsOf(c.token)).items;
    expect(written?.amount).toBe(14_900);
    // As if the process died after the payment: the receipt is gone, and the job writes it.
    await t.app.ctx.db.delete(receipts).where(eq(receipts.userId, c.id));
    expect((await receiptsOf(c.token)).total).toBe(0);
    await renewDue(t.app.ctx);
    expect((await receiptsOf(c.token)).items.map((r) => r.amount)).toEqual([14_900]);
  });

  it('shows another user none of them', async () => {
    const c = await customer();
    await subscribe(c.token, plan(1).id, c.cardId);
    const [receipt] = (await receiptsOf(c.token)).items;
    const other = await registerUser(t.app);
    const res = await t.app.inject({
      url: `/api/receipts/${String(receipt?.id)}`,
      headers: bearer(other.token),
    });
    expect(res.statusCode).toBe(404);
  });
});
