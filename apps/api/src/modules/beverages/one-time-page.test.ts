import { randomUUID } from 'node:crypto';
import { formatCurrency, type BeverageFill } from '@stod/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { gatewaySim } from '../../integrations/payments/sim.ts';
import { bearer, createTestApp, registerUser, type TestApp } from '../../test/app.ts';
import { beverageKit, type Purchase } from '../../test/beverages.ts';
import { checkBooks } from '../../test/books.ts';
import { expectFitsPhone } from '../../test/html.ts';
import { cardCustomer, until } from '../../test/stations.ts';
import { reconcileBeverages } from './reconcile.ts';

// Buying a cup once without a saved card: the answer is the gateway's payment page; the page
// takes the test card (and refuses the declined one), tells the API, and the cup pours with its
// receipt. A cancelled page gives the code back; a lost webhook is settled by the app's reading
// or the reconciliation; a machine that cannot pour then voids the hold.

let t: TestApp;
let kit: ReturnType<typeof beverageKit>;

beforeAll(async () => {
  t = await createTestApp({ SIM_SPEED: '500', PUBLIC_URL: 'http://app.test' });
  kit = beverageKit(t.app);
  await kit.seed();
});
afterEach(async () => {
  expect(await checkBooks(t.app.ctx.db)).toEqual([]);
});
afterAll(() => t.close());

const sim = () => t.app.ctx.gateway as ReturnType<typeof gatewaySim>;
const form = (number: string) =>
  new URLSearchParams({ number, expMonth: '12', expYear: '2099', cvc: '123' }).toString();
const post = (path: string, payload = '') =>
  t.app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload,
  });

/** A customer without a saved card asks to buy a new code: the page's path and the answer. */
async function startPage(family = 'COFFEE') {
  const user = await registerUser(t.app);
  const code = await kit.choose(family);
  const key = randomUUID();
  const res = await kit.buy(user.token, { hash: code.hash }, key);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json<Purchase>();
  expect(body.paymentUrl).toMatch(/^http:\/\/app\.test\/api\/sim\/gateway\/pay\//);
  return { user, code, key, body, path: new URL(body.paymentUrl ?? '').pathname };
}

describe('POST /beverages/one-time-purchase without a saved card', () => {
  it('answers the payment page, which pours the cup and writes the receipt once paid', async () => {
    const { user, code, key, body, path } = await startPage();
    expect(body).toMatchObject({ receiptId: null, fill: { state: 'paying' } });
    const price = body.fill.price;

    const page = await t.app.inject({ url: path });
    expect(page.statusCode).toBe(200);
    expectFitsPhone(page.body);
    expect(page.body).toContain(body.fill.name);
    expect(page.body).toContain(`Borga ${formatCurrency(price)} · Pay ${formatCurrency(price)}`);

    // The simulator's declined card is refused on the page, which stays open; nothing moves.
    const declined = await post(path, form('4000000000000002'));
    expect(declined.statusCode).toBe(422);
    expect(declined.body).toContain('Payment unsuccessful (check the card number).');
    expect((await kit.fill(code.hash)).state).toBe('paying');
    expect(await kit.paymentsFor(code.transactionId)).toEqual([]);

    const paid = await post(path, form('4242 4242 4242 4242'));
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`http://app.test/${code.hash}`);
    const fill = await kit.fill(code.hash);
    expect(fill.state).toMatch(/^pour/);
    expect(fill.receiptId).not.toBeNull();
    const [payment, ...more] = await kit.paymentsFor(code.transactionId);
    expect(more).toEqual([]);
    expect(payment).toMatchObject({
      status: 'captured',
      amountCaptured: price,
      captures: 1,
      paymentMethodId: null,
    });
    const receipts = await kit.receiptsOf((await kit.fill(code.hash)).userId ?? '');
    expect(receipts.map((r) => r.amount)).toEqual([price]);

    // The page is over; the request again answers as it stands now, and charges nothing more.
    expect((await t.app.inject({ url: path })).body).toContain('Gjaldið er góðkent.');
    const again = await kit.buy(user.token, { hash: code.hash }, key);
    expect(again.json<Purchase>()).toMatchObject({ receiptId: fill.receiptId });
    expect((await post(path, form('4242424242424242'))).statusCode).toBe(409);
    await until(
      async () => (await kit.read(user.token, code.hash)).json<BeverageFill>(),
      (f) => f.state === 'poured',
    );
    expect((await kit.paymentsFor(code.transactionId))[0]?.captures).toBe(1);
  });

  it('keeps the code for its buyer while the page is open', async () => {
    const { user, code } = await startPage();
    const other = await cardCustomer(t.app);
    const taken = await kit.buy(other.token, { hash: code.hash, paymentMethodId: other.cardId });
    expect(taken.json()).toMatchObject({ code: 'BEVERAGE_USED' });
    const twice = await kit.buy(user.token, { hash: code.hash });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({
      code: 'BEVERAGE_PAYING',
      message:
        'The drink is already being paid for. Finish that payment, or choose the drink on the machine again.',
    });
    expect((await kit.read(other.token, code.hash)).statusCode).toBe(409);
  });

  it('gives the code back when the page is cancelled', async () => {
    const { user, code, path } = await startPage();
    const cancelled = await post(`${path}/cancel`);
    expect(cancelled.statusCode).toBe(303);
    expect(new URL(cancelled.headers.location ?? '').searchParams.get('outcome')).toBe('cancelled');
    expect((await t.app.inject({ url: path })).body).toContain('Tú angraði. Einki varð kravt.');
    const read = await kit.read(user.token, code.hash);
    expect(read.json<BeverageFill>().state).toBe('pending');
    const other = await cardCustomer(t.app);
    const res = await kit.buy(other.token, { hash: code.hash, paymentMethodId: other.cardId });
    expect(res.statusCode).toBe(200);
  });

  it('pours when the webhook is lost: the app’s reading, or else the reconciliation', async () => {
    for (const settle of ['read', 'reconcile'] as const) {
      const { user, code, path } = await startPage();
      // The customer pays, but the gateway's word never reaches the API.
      const sessionId = path.split('/').pop() ?? '';
      await sim().payWithCard(sessionId, {
        number: '4242424242424242',
        expMonth: 12,
        expYear: 2099,
      });
      expect((await kit.fill(code.hash)).state).toBe('paying');
      if (settle === 'read') {
        const read = await kit.read(user.token, code.hash);
        expect(read.json<BeverageFill>().state).toMatch(/^pour/);
      } else {
        const later = new Date(Date.now() + 60_000);
        await reconcileBeverages({ ...t.app.ctx, clock: { now: () => later } });
      }
      const paid = await kit.paymentsFor(code.transactionId);
      expect(paid.map((p) => [p.status, p.captures])).toEqual([['captured', 1]]);
      expect((await kit.fill(code.hash)).receiptId).not.toBeNull();
    }
  });

  it('voids the paid hold when the machine cannot pour: nothing is charged', async () => {
    const { user, code, path } = await startPage();
    kit.machines().setOutOfOrder(code.installationId, true);
    try {
      expect((await post(path, form('4242424242424242'))).statusCode).toBe(303);
    } finally {
      kit.machines().setOutOfOrder(code.installationId, false);
    }
    const paid = await kit.paymentsFor(code.transactionId);
    expect(paid.map((p) => [p.status, p.amountCaptured])).toEqual([['voided', 0]]);
    expect((await kit.fill(code.hash)).state).toBe('failed');
    const res = await t.app.inject({
      url: `/api/receipts`,
      headers: bearer(user.token),
    });
    expect(res.json()).toMatchObject({ total: 0 });
  });
});
