import { randomUUID } from 'node:crypto';
import type { BeverageFill } from '@stod/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { GatewayError } from '../../integrations/payments/port.ts';
import { bearer, createTestApp, registerUser, statuses, type TestApp } from '../../test/app.ts';
import { beverageKit, type Purchase } from '../../test/beverages.ts';
import { checkBooks } from '../../test/books.ts';
import { cardCustomer, until } from '../../test/stations.ts';
import { purchase } from './purchase.ts';
import { reconcileBeverages } from './reconcile.ts';

// Buying a cup once with a saved card (spec §7 "Beverages", §8): held, poured, captured once and
// a receipt written; each code pours once under retries and races; the refusals, and a machine
// that cannot pour charges nothing. The gateway's payment page is in one-time-page.test.ts.

let t: TestApp;
let kit: ReturnType<typeof beverageKit>;

beforeAll(async () => {
  // Fast machines: a cup pours in 25 simulated seconds, a few real milliseconds here.
  t = await createTestApp({ SIM_SPEED: '500' });
  kit = beverageKit(t.app);
  await kit.seed();
});
afterEach(async () => {
  expect(await checkBooks(t.app.ctx.db)).toEqual([]);
});
afterAll(() => t.close());

describe('POST /beverages/one-time-purchase with a saved card', () => {
  it('holds the price, pours, captures it once and writes the receipt', async () => {
    const user = await cardCustomer(t.app);
    const code = await kit.choose('COFFEE');
    const res = await kit.buy(user.token, { hash: code.hash, paymentMethodId: user.cardId });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<Purchase>();
    expect(body.paymentUrl).toBeNull();
    expect(body.fill.transaction_id).toBe(code.transactionId);
    // The answer tells the cup as the machine has it then: pouring, or, on a slow machine
    // where the few real milliseconds of the pour have passed, already poured.
    expect(['pouring', 'poured']).toContain(body.fill.state);
    const price = body.fill.price;
    expect(price).toBeGreaterThan(0);

    const [payment, ...more] = await kit.paymentsFor(code.transactionId);
    expect(more).toEqual([]);
    expect(payment).toMatchObject({
      status: 'captured',
      amountHeld: price,
      amountCaptured: price,
      captures: 1,
      purpose: 'beverages',
    });
    const receipt = await t.app.inject({
      url: `/api/receipts/${String(body.receiptId)}`,
      headers: bearer(user.token),
    });
    expect(receipt.json()).toMatchObject({
      productType: 'Food',
      productDescription: body.fill.name,
      amount: price,
      quantity: 1,
      stationName: expect.any(String),
      data: { items: [{ amount: 1, totalAmount: price, product: { name: body.fill.name } }] },
    });
    // The machine pours and reports the cup done.
    const done = await until(
      async () => (await kit.read(user.token, code.hash)).json<BeverageFill>(),
      (f) => f.state === 'poured',
    );
    expect(done.state).toBe('poured');
    // The app follows the cup by its code, and finds the receipt there too.
    expect(done.receiptId).toBe(body.receiptId);
  });

  it('charges once when the same request is sent again, in turn or at the same time', async () => {
    const user = await cardCustomer(t.app);
    const code = await kit.choose('TEA');
    const key = randomUUID();
    const body = { hash: code.hash, paymentMethodId: user.cardId };
    const first = await kit.buy(user.token, body, key);
    const again = await Promise.all([1, 2, 3].map(() => kit.buy(user.token, body, key)));
    for (const res of [first, ...again]) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<Purchase>().receiptId).toBe(first.json<Purchase>().receiptId);
    }
    const [payment, ...more] = await kit.paymentsFor(code.transactionId);
    expect(more).toEqual([]);
    expect(payment).toMatchObject({ status: 'captured', captures: 1 });
    expect(await kit.receiptsOf(user.id)).toHaveLength(1);
    // The same key with another code is another request: refused, nothing moves.
    const other = await kit.buy(user.token, { ...body, hash: (await kit.choose()).hash }, key);
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
  });

  it('pours and charges once when ten purchases of one code race', async () => {
    const user = await cardCustomer(t.app);
    const rival = await cardCustomer(t.app);
    const code = await kit.choose('COFFEE');
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => {
        const buyer = i % 2 ? rival : user;
        return kit.buy(buyer.token, { hash: code.hash, paymentMethodId: buyer.cardId });
      }),
    );
    expect(statuses(answers)).toEqual({ 200: 1, 409: 9 });
    for (const res of answers.filter((r) => r.statusCode === 409))
      expect(res.json<{ code: string }>().code).toMatch(/^BEVERAGE_(USED|PAYING)$/);
    const paid = await kit.paymentsFor(code.transactionId);
    expect(paid.map((p) => [p.status, p.captures])).toEqual([['captured', 1]]);
    const receipts = [...(await kit.receiptsOf(user.id)), ...(await kit.receiptsOf(rival.id))];
    expect(receipts).toHaveLength(1);
  });
});

describe('refusals', () => {
  it('answers bad input with 400 and per-field texts in the asked language', async () => {
    const user = await cardCustomer(t.app);
    const code = await kit.choose();
    const missingKey = await kit.buy(user.token, { hash: code.hash }, null);
    expect(missingKey.statusCode).toBe(400);
    const bad = await kit.buy(user.token, { hash: 'short', paymentMethodId: 'card', extra: 1 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      code: 'VALIDATION',
      fieldErrors: { hash: 'The value is not valid.', paymentMethodId: 'The value is not valid.' },
    });
    const faroese = await t.app.inject({
      method: 'POST',
      url: '/api/beverages/one-time-purchase',
      headers: { ...bearer(user.token), 'idempotency-key': randomUUID() },
      payload: {},
    });
    expect(faroese.json()).toMatchObject({ fieldErrors: { hash: 'Virðið er ikki gildigt.' } });
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/beverages/one-time-purchase',
      payload: { hash: code.hash },
    });
    expect(anonymous.statusCode).toBe(401);
    const unknown = await kit.buy(user.token, { hash: 'ABCDEFGHIJKLMNOPQRSTUVWX' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ message: 'Not a QR code of the provider.' });
  });

  it("answers 404 for another user's card, and the code stays free", async () => {
    const owner = await cardCustomer(t.app);
    const user = await registerUser(t.app);
    const code = await kit.choose();
    const res = await kit.buy(user.token, { hash: code.hash, paymentMethodId: owner.cardId });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
    expect(await kit.paymentsFor(code.transactionId)).toEqual([]);
    expect((await kit.fill(code.hash)).state).toBe('pending');
  });

  it('refuses a code already bought, with the §8 title and message', async () => {
    const first = await cardCustomer(t.app);
    const second = await cardCustomer(t.app);
    const code = await kit.choose();
    const body = (u: typeof first) => ({ hash: code.hash, paymentMethodId: u.cardId });
    expect((await kit.buy(first.token, body(first))).statusCode).toBe(200);
    for (const buyer of [second, first]) {
      const res = await kit.buy(buyer.token, body(buyer));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        code: 'BEVERAGE_USED',
        header: 'The drink cannot be poured',
        message: 'This code has already been used. Choose the drink on the machine again.',
      });
    }
    expect(await kit.paymentsFor(code.transactionId)).toHaveLength(1);
  });

  it('refuses a code that has expired, and holds nothing', async () => {
    const user = await cardCustomer(t.app);
    const code = await kit.choose();
    const later = new Date(Date.now() + (t.app.ctx.config.BEVERAGE_HASH_TTL_SECONDS + 1) * 1000);
    const ctx = { ...t.app.ctx, clock: { now: () => later } };
    const input = { hash: code.hash, paymentMethodId: user.cardId };
    await expect(purchase(ctx, user.id, input, randomUUID())).rejects.toMatchObject({
      code: 'BEVERAGE_EXPIRED',
    });
    const res = await kit.buy(user.token, input);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'BEVERAGE_EXPIRED',
      message: 'This code has expired. Choose the drink on the machine again.',
    });
    expect(await kit.paymentsFor(code.transactionId)).toEqual([]);
  });

  it('voids the hold when the machine is out of order: nothing is charged', async () => {
    const user = await cardCustomer(t.app);
    const code = await kit.choose();
    kit.machines().setOutOfOrder(code.installationId, true);
    try {
      const res = await kit.buy(user.token, { hash: code.hash, paymentMethodId: user.cardId });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        code: 'MACHINE_OUT_OF_ORDER',
        message: 'The coffee machine is out of order. Nothing was charged.',
      });
    } finally {
      kit.machines().setOutOfOrder(code.installationId, false);
    }
    const paid = await kit.paymentsFor(code.transactionId);
    expect(paid.map((p) => [p.status, p.amountCaptured])).toEqual([['voided', 0]]);
    expect(await kit.receiptsOf(user.id)).toEqual([]);
    expect((await kit.fill(code.hash)).state).toBe('failed');
  });
});

describe('a crash between the steps', () => {
  it('a capture cut off is finished by the retry, or by the reconciliation, once', async () => {
    const gateway = t.app.ctx.gateway;
    const capture = gateway.capture.bind(gateway);
    for (const finish of ['retry', 'reconcile'] as const) {
      const user = await cardCustomer(t.app);
      const code = await kit.choose();
      const key = randomUUID();
      const body = { hash: code.hash, paymentMethodId: user.cardId };
      gateway.capture = () => Promise.reject(new GatewayError('unavailable'));
      const cut = await kit.buy(user.token, body, key).finally(() => {
        gateway.capture = capture;
      });
      expect(cut.statusCode).toBe(503);
      expect((await kit.paymentsFor(code.transactionId))[0]?.status).toBe('authorised');
      if (finish === 'retry') {
        expect((await kit.buy(user.token, body, key)).statusCode).toBe(200);
      } else {
        const later = new Date(Date.now() + 60_000);
        await reconcileBeverages({ ...t.app.ctx, clock: { now: () => later } });
      }
      const paid = await kit.paymentsFor(code.transactionId);
      expect(paid.map((p) => [p.status, p.captures])).toEqual([['captured', 1]]);
      expect(await kit.receiptsOf(user.id)).toHaveLength(1);
      expect((await kit.fill(code.hash)).receiptId).not.toBeNull();
    }
  });
});
