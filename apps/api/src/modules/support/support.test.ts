import type { SupportCustomerDetail, SupportCustomerPage } from '@stod/domain';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  bearer,
  createTestApp,
  lastMailTo,
  registerUser,
  signIn,
  statuses,
  type TestApp,
} from '../../test/app.ts';
import { addTestCard } from '../../test/cards.ts';
import { signInAsStaff } from '../../test/staff.ts';
import * as payments from '../payments/index.ts';
import { createReceipt } from '../receipts/index.ts';

let t: TestApp;
let agent: string;
let counter = 0;
beforeAll(async () => {
  t = await createTestApp();
  agent = await signInAsStaff(t.app, { role: 'support' });
});
afterAll(() => t.close());

/** A customer with a card and a 750 kr. hold on it for a fill, nothing more yet. */
async function customerWithHold(cardNumber = '4242424242424242') {
  const user = await registerUser(t.app, { name: `Kundi ${String((counter += 1))}` });
  const me = await t.app.inject({ url: '/api/user/v2', headers: bearer(user.token) });
  const userId = me.json<{ id: string }>().id;
  const card = await addTestCard(t.app, userId, cardNumber);
  const held = await payments.authorise(t.app.ctx, {
    userId,
    paymentMethodId: card.id,
    token: card.token,
    amount: 75_000,
    purpose: 'fuel',
    reference: 'pump-3',
    idempotencyKey: `fill-${userId}`,
  });
  return { ...user, userId, card, paymentId: held.id, held };
}

/** A customer who filled for `amount` øre: a captured payment and its receipt. */
async function customerWithFill(amount = 45_000, cardNumber = '4242424242424242') {
  const { held, userId, ...customer } = await customerWithHold(cardNumber);
  await payments.markServiceStarted(t.app.ctx, held.id);
  await payments.capture(t.app.ctx, held.id, amount, `capture-${userId}`);
  const receipt = await createReceipt(t.app.ctx.db, {
    userId,
    paymentId: held.id,
    stationName: 'Støð Argir',
    productType: 'Fuel',
    productDescription: 'Blýfrítt 95',
    amount,
  });
  return { ...customer, userId, receiptId: receipt.id };
}

const refund = (
  paymentId: string,
  body: Record<string, unknown>,
  key: string | null = `refund-${String(Math.random())}`,
  token = agent,
) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/payments/${paymentId}/refund`,
    headers: { ...bearer(token), ...(key ? { 'idempotency-key': key } : {}) },
    payload: body,
  });
const detail = async (id: string, token = agent) =>
  (
    await t.app.inject({ url: `/api/admin/customers/${id}`, headers: bearer(token) })
  ).json<SupportCustomerDetail>();
const search = async (q: string, token = agent) =>
  (
    await t.app.inject({
      url: `/api/admin/customers?q=${encodeURIComponent(q)}`,
      headers: bearer(token),
    })
  ).json<SupportCustomerPage>();

describe('GET /api/admin/customers', () => {
  it('finds a customer by e-mail, name, phone, card digits, receipt id and payment id', async () => {
    const c = await customerWithFill(45_000, '4000056655665556');
    for (const q of [
      c.email,
      c.email.toUpperCase().slice(0, 12),
      'Kundi',
      c.receiptId,
      c.paymentId,
      '5556',
    ]) {
      const found = await search(q);

      expect(
        found.items.map((i) => i.id),
        q,
      ).toContain(c.userId);
    }
    // A search for digits no card ends in finds nobody by card.
    expect((await search('0000')).items.map((i) => i.id)).not.toContain(c.userId);
  });

  it('finds no staff member, and takes no wildcard', async () => {
    const staffEmail = `ops-${String(Date.now())}@example.fo`;
    await signInAsStaff(t.app, { role: 'operator', email: staffEmail });
    expect((await search(staffEmail)).total).toBe(0);
    expect((await search('%')).total).toBe(0);
  });
});

describe('GET /api/admin/customers/{id}', () => {
  it('shows the profile, the cards, the payment with its steps, and the timeline', async () => {
    const c = await customerWithFill(45_000);
    const d = await detail(c.userId);
    expect(d).toMatchObject({ id: c.userId, email: c.email, blockedAt: null });
    expect(d.cards).toEqual([expect.objectContaining({ last4: '4242', removed: false })]);
    expect(d.payments).toHaveLength(1);
    expect(d.payments[0]).toMatchObject({
      id: c.paymentId,
      service: 'fuel',
      status: 'captured',
      held: 75_000,
      captured: 45_000,
      refunded: 0,
      refundable: 45_000,
      card: '4242',
      receiptId: c.receiptId,
    });
    expect(d.payments[0]!.steps.map((s) => s.kind)).toEqual(['authorise', 'capture']);
    const kinds = d.timeline.map((e) => e.kind);
    expect(kinds).toContain('payment');
    expect(kinds).toContain('receipt');
    expect(d.timeline.find((e) => e.kind === 'receipt')).toMatchObject({
      title: 'Støð Argir · Blýfrítt 95',
      amount: 45_000,
    });
  });

  it('answers 404 for a staff member, an unknown id, and 400 for a bad one', async () => {
    const res = await t.app.inject({
      url: '/api/admin/customers/00000000-0000-4000-8000-000000000000',
      headers: bearer(agent),
    });
    expect(res.statusCode).toBe(404);
    const bad = await t.app.inject({ url: '/api/admin/customers/nope', headers: bearer(agent) });
    expect(bad.statusCode).toBe(400);
  });
});

describe('POST /api/admin/payments/{id}/refund', () => {
  it('refunds part, then the rest; each writes a credit receipt and mails the customer', async () => {
    const c = await customerWithFill(45_000);
    const part = await refund(c.paymentId, { amount: 10_000, reason: 'Pumpan taldi ov nógv' });

    expect(part.statusCode).toBe(200);
    const body = part.json<{ receiptId: string; payment: { refunded: number; status: string } }>();
    expect(body.payment).toMatchObject({
      refunded: 10_000,
      refundable: 35_000,
      status: 'captured',
    });
    const receipts = await t.app.inject({ url: '/api/receipts', headers: bearer(c.token) });
    const credit = receipts
      .json<{
        items: {
          id: string;
          amount: number;
          productDescription: string;
          data: { creditOf?: string };
        }[];
      }>()
      .items.find((r) => r.id === body.receiptId);
    expect(credit).toMatchObject({
      amount: -10_000,
      productDescription: 'Endurgjald · Blýfrítt 95',
      data: { creditOf: c.receiptId },
    });
    const mail = await lastMailTo(t.app, c.email);
    expect(mail?.subject).toBe('Tú hevur fingið pengar aftur');
    expect(mail?.text).toContain('100,00 kr.');

    const rest = await refund(c.paymentId, { amount: 35_000, reason: 'Alt aftur' });
    expect(rest.json()).toMatchObject({
      payment: { refunded: 45_000, refundable: 0, status: 'refunded' },
    });
    const after = await refund(c.paymentId, { amount: 1, reason: 'Ein oyra aftrat' });
    expect(after.statusCode).toBe(422);
  });

  it('refunds once for one key, and refuses the key with another amount', async () => {
    const c = await customerWithFill(30_000);
    const key = `same-${String(Date.now())}`;
    const first = await refund(c.paymentId, { amount: 5_000, reason: 'Vaskurin steðgaði' }, key);
    const again = await refund(c.paymentId, { amount: 5_000, reason: 'Vaskurin steðgaði' }, key);
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect((await detail(c.userId)).payments[0]!.refunded).toBe(5_000);
    const other = await refund(c.paymentId, { amount: 6_000, reason: 'Vaskurin steðgaði' }, key);
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
    const credits = (await detail(c.userId)).timeline.filter(
      (e) => e.kind === 'receipt' && (e.amount ?? 0) < 0,
    );
    expect(credits).toHaveLength(1);
  });

  it('refuses more than was captured, with the most it may give, and changes nothing', async () => {
    const c = await customerWithFill(20_000);
    const res = await refund(c.paymentId, { amount: 20_001, reason: 'Ov nógv' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      code: 'REFUND_TOO_MUCH',
      message: 'Endurgjaldið er størri enn tað, ið kann gevast aftur (í mesta lagi 200,00 kr.)',
      fieldErrors: { amount: 'Størri enn tað, ið kann gevast aftur.' },
    });
    expect((await detail(c.userId)).payments[0]!.refunded).toBe(0);
  });

  it('refuses bad input: no key, no reason, a non-integer, zero, an unknown field', async () => {
    const c = await customerWithFill(20_000);
    expect((await refund(c.paymentId, { amount: 100, reason: 'Orsøk' }, null)).statusCode).toBe(
      400,
    );
    for (const body of [
      { amount: 100 },
      { amount: 100, reason: '' },
      { amount: 10.5, reason: 'Orsøk' },
      { amount: 0, reason: 'Orsøk' },
      { amount: -100, reason: 'Orsøk' },
      { amount: '100', reason: 'Orsøk' },
      { amount: 100, reason: 'Orsøk', to: 'elsewhere' },
    ]) {
      expect((await refund(c.paymentId, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    const unknown = await refund('00000000-0000-4000-8000-000000000000', {
      amount: 100,
      reason: 'Orsøk',
    });
    expect(unknown.statusCode).toBe(404);
    expect((await detail(c.userId)).payments[0]!.refunded).toBe(0);
  });

  it('gives parallel refunds no more than was captured, whatever their keys', async () => {
    const c = await customerWithFill(30_000);
    const answers = await Promise.all(
      [12_000, 12_000, 12_000, 12_000].map((amount, i) =>
        refund(c.paymentId, { amount, reason: 'Samstundis' }, `parallel-${c.userId}-${String(i)}`),
      ),
    );
    const done = answers.filter((a) => a.statusCode === 200).length;
    expect(done).toBe(2);
    expect(statuses(answers)[500]).toBeUndefined();
    const d = await detail(c.userId);
    expect(d.payments[0]!.refunded).toBe(24_000);
    expect(d.payments[0]!.steps.filter((s) => s.kind === 'refund')).toHaveLength(2);
    const credits = d.timeline.filter((e) => e.kind === 'receipt' && (e.amount ?? 0) < 0);
    expect(credits).toHaveLength(2);
  });
});

describe('POST /api/admin/payments/{id}/release', () => {
  const release = (paymentId: string, key: string, token = agent) =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/payments/${paymentId}/release`,
      headers: { ...bearer(token), 'idempotency-key': key },
      payload: { reason: 'Tankingin byrjaði aldri' },
    });

  it('lets go of an old hold nothing uses, once for one key', async () => {
    const c = await customerWithHold();
    // Young: a start may still be under way.
    const young = await release(c.paymentId, `release-${c.userId}`);
    expect(young.statusCode).toBe(409);
    expect(young.json()).toMatchObject({ code: 'HOLD_IN_USE' });
    const later = new Date(Date.now() + 20 * 60_000);
    const clock = vi.spyOn(t.app.ctx.clock, 'now').mockReturnValue(later);
    try {
      const res = await release(c.paymentId, `release-${c.userId}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 'voided', captured: 0 });
      const again = await release(c.paymentId, `release-${c.userId}`);
      expect(again.statusCode).toBe(200);
      const other = await release(c.paymentId, `other-${c.userId}`);
      expect(other.statusCode).toBe(409);
      expect(other.json()).toMatchObject({ code: 'NOT_HELD' });
    } finally {
      clock.mockRestore();
    }
    const steps = (await detail(c.userId)).payments[0]!.steps.map((s) => s.kind);
    expect(steps).toEqual(['authorise', 'void']);
  });

  it('refuses a captured payment, a missing key or reason, and an unknown payment', async () => {
    const c = await customerWithFill(10_000);
    expect((await release(c.paymentId, `captured-${c.userId}`)).statusCode).toBe(409);
    const noKey = await t.app.inject({
      method: 'POST',
      url: `/api/admin/payments/${c.paymentId}/release`,
      headers: bearer(agent),
      payload: { reason: 'Orsøk' },
    });
    expect(noKey.statusCode).toBe(400);
    const noReason = await t.app.inject({
      method: 'POST',
      url: `/api/admin/payments/${c.paymentId}/release`,
      headers: { ...bearer(agent), 'idempotency-key': 'no-reason-key' },
      payload: {},
    });
    expect(noReason.statusCode).toBe(400);
    const unknown = await release('00000000-0000-4000-8000-000000000000', 'unknown-key-1');
    expect(unknown.statusCode).toBe(404);
  });
});

describe('POST /api/admin/receipts/{id}/resend', () => {
  it('mails the receipt to its customer again, with a link to it', async () => {
    const c = await customerWithFill(12_345);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/receipts/${c.receiptId}/resend`,
      headers: bearer(agent),
      payload: { reason: 'Kundin bað um hana' },
    });
    expect(res.statusCode).toBe(204);
    const mail = await lastMailTo(t.app, c.email);
    expect(mail?.subject).toBe('Kvittan: Støð Argir · Blýfrítt 95');
    expect(mail?.text).toContain('123,45 kr.');
    expect(mail?.text).toContain(`/profile/receipts/${c.receiptId}`);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/admin/receipts/00000000-0000-4000-8000-000000000000/resend',
      headers: bearer(agent),
      payload: { reason: 'Orsøk' },
    });
    expect(unknown.statusCode).toBe(404);
    const customer = await t.app.inject({
      method: 'POST',
      url: `/api/admin/receipts/${c.receiptId}/resend`,
      headers: bearer(c.token),
      payload: { reason: 'Orsøk' },
    });
    expect(customer.statusCode).toBe(403);
  });
});

describe('PUT /api/admin/customers/{id}/blocked', () => {
  it('blocks a customer, who is signed out and cannot sign in, and unblocks them', async () => {
    const c = await customerWithFill(10_000);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/customers/${c.userId}/blocked`,
      headers: bearer(agent),
      payload: { blocked: true, reason: 'Misnýtsla av kortum' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ blockedAt: string | null }>().blockedAt).not.toBeNull();
    expect((await t.app.inject({ url: '/api/user/v2', headers: bearer(c.token) })).statusCode).toBe(
      401,
    );
    expect((await signIn(t.app, c.email, c.password)).statusCode).toBe(403);
    const open = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/customers/${c.userId}/blocked`,
      headers: bearer(agent),
      payload: { blocked: false, reason: 'Avgreitt' },
    });
    expect(open.json<{ blockedAt: string | null }>().blockedAt).toBeNull();
    expect((await signIn(t.app, c.email, c.password)).statusCode).toBe(200);
    const noReason = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/customers/${c.userId}/blocked`,
      headers: bearer(agent),
      payload: { blocked: true },
    });
    expect(noReason.statusCode).toBe(400);
  });
});

describe('the support routes by role', () => {
  it('are for operators and support: station and kitchen staff and customers 403, nobody 401', async () => {
    const c = await customerWithFill(10_000);
    const operator = await signInAsStaff(t.app, { role: 'operator' });
    expect((await search(c.email, operator)).total).toBe(1);
    const tokens = [
      await signInAsStaff(t.app, { role: 'station' }),
      await signInAsStaff(t.app, { role: 'kitchen' }),
      c.token,
    ];
    for (const token of tokens) {
      const calls = await Promise.all([
        t.app.inject({ url: '/api/admin/customers?q=a', headers: bearer(token) }),
        t.app.inject({ url: `/api/admin/customers/${c.userId}`, headers: bearer(token) }),
        refund(c.paymentId, { amount: 100, reason: 'Orsøk' }, 'role-check-key', token),
        t.app.inject({
          method: 'PUT',
          url: `/api/admin/customers/${c.userId}/blocked`,
          headers: bearer(token),
          payload: { blocked: true, reason: 'Orsøk' },
        }),
      ]);
      expect(calls.map((r) => r.statusCode)).toEqual([403, 403, 403, 403]);
    }
    expect((await t.app.inject({ url: '/api/admin/customers' })).statusCode).toBe(401);
    expect((await detail(c.userId)).payments[0]!.refunded).toBe(0);
  });
});
