import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simGatewaySessions } from '../../db/schema/index.ts';
import { bearer, createTestApp, registerUser, type TestApp } from '../../test/app.ts';
import { signWebhook } from '../../integrations/payments/signature.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'http://app.test' });
});
afterAll(() => t.close());

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

/** Starts card entry, fills the hosted page, and answers the page's response and the session id. */
async function enterCard(app: FastifyInstance, token: string, number: string, name?: string) {
  const start = await app.inject({
    method: 'POST',
    url: '/api/payment-methods',
    headers: bearer(token),
    payload: { returnPath: '/profile/payment-methods', ...(name ? { name } : {}) },
  });
  expect(start.statusCode).toBe(201);
  const { url, sessionId } = start.json<{ url: string; sessionId: string }>();
  const path = new URL(url).pathname;
  const pageRes = await app.inject({ url: path });
  expect(pageRes.statusCode).toBe(200);
  expect(pageRes.body).toContain('<form');
  const submitted = await app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: form({ number, expMonth: '12', expYear: '2030', cvc: '123' }),
  });
  return { submitted, sessionId };
}

const sessionStatus = (token: string, id: string) =>
  t.app.inject({ url: `/api/payment-methods/sessions/${id}`, headers: bearer(token) });

describe('adding a card through the hosted page', () => {
  it('saves 4242… with brand and last digits, and makes it the favourite', async () => {
    const user = await registerUser(t.app);
    const { submitted, sessionId } = await enterCard(
      t.app,
      user.token,
      '4242 4242 4242 4242',
      'Mítt kort',
    );
    expect(submitted.statusCode).toBe(303);
    expect(submitted.headers.location).toBe(
      `http://app.test/profile/payment-methods?cardSession=${sessionId}`,
    );
    const status = await sessionStatus(user.token, sessionId);
    expect(status.json()).toMatchObject({
      status: 'completed',
      paymentMethod: {
        kind: 'card',
        brand: 'visa',
        last4: '4242',
        name: 'Mítt kort',
        isFavourite: true,
        isActive: true,
      },
    });
    const list = await t.app.inject({ url: '/api/payment-methods', headers: bearer(user.token) });
    expect(list.json().items).toHaveLength(1);
    expect(list.json().agreement).toBeNull();
    // Polling again saves nothing twice.
    await sessionStatus(user.token, sessionId);
    const again = await t.app.inject({ url: '/api/payment-methods', headers: bearer(user.token) });
    expect(again.json().items).toHaveLength(1);
  });

  it('refuses a declined card and a bad number on the page, and the session stays open', async () => {
    const user = await registerUser(t.app);
    const declined = await enterCard(t.app, user.token, '4000 0000 0000 0002');
    expect(declined.submitted.statusCode).toBe(422);
    expect(declined.submitted.body).toContain('Payment unsuccessful (check the card number)');
    expect((await sessionStatus(user.token, declined.sessionId)).json()).toMatchObject({
      status: 'open',
      failure: 'declined',
      paymentMethod: null,
    });
    const bad = await enterCard(t.app, user.token, '4242 4242 4242 4241');
    expect(bad.submitted.statusCode).toBe(422);
    expect(bad.submitted.body).toContain('The card number is not valid.');
    const list = await t.app.inject({ url: '/api/payment-methods', headers: bearer(user.token) });
    expect(list.json().items).toHaveLength(0);
  });

  it('reports an expired session and keeps its card out', async () => {
    const user = await registerUser(t.app);
    const start = await t.app.inject({
      method: 'POST',
      url: '/api/payment-methods',
      headers: bearer(user.token),
      payload: {},
    });
    const { sessionId } = start.json<{ sessionId: string }>();
    await t.app.ctx.db
      .update(simGatewaySessions)
      .set({ expiresAt: sql`now() - interval '1 second'` });
    expect((await sessionStatus(user.token, sessionId)).json()).toMatchObject({
      status: 'expired',
    });
  });

  it('validates the start request', async () => {
    const user = await registerUser(t.app);
    for (const payload of [
      { returnPath: 'https://evil.example/' },
      { returnPath: '//evil' },
      { nope: 1 },
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/payment-methods',
        headers: bearer(user.token),
        payload,
      });
      expect(res.statusCode).toBe(400);
    }
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/payment-methods', payload: {} })).statusCode,
    ).toBe(401);
  });
});

describe('the gateway webhook', () => {
  it('refuses a bad or stale signature', async () => {
    const payload = JSON.stringify({ type: 'card_session.completed', sessionId: 'cs_x' });
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: { 'content-type': 'application/json', 'x-gateway-signature': 't=1,v1=abc' },
      payload,
    });
    expect(bad.statusCode).toBe(401);
    const stale = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: {
        'content-type': 'application/json',
        'x-gateway-signature': signWebhook('dev-webhook-secret-change-me', payload, 1_000_000),
      },
      payload,
    });
    expect(stale.statusCode).toBe(401);
    const good = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: {
        'content-type': 'application/json',
        'x-gateway-signature': signWebhook('dev-webhook-secret-change-me', payload),
      },
      payload,
    });
    expect(good.statusCode).toBe(204);
  });
});

describe('favourite, read and delete', () => {
  it("answers 404 for another user's card on read, delete and favourite", async () => {
    const owner = await registerUser(t.app);
    const other = await registerUser(t.app);
    const { sessionId } = await enterCard(t.app, owner.token, '4242424242424242');
    const cardId = (await sessionStatus(owner.token, sessionId)).json().paymentMethod.id as string;
    for (const [method, url] of [
      ['GET', `/api/payment-methods/${cardId}`],
      ['DELETE', `/api/payment-methods/${cardId}`],
      ['PATCH', `/api/user/primary-payment-card/${cardId}`],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: bearer(other.token) });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await sessionStatus(other.token, sessionId)).statusCode).toBe(404);
    const still = await t.app.inject({
      url: `/api/payment-methods/${cardId}`,
      headers: bearer(owner.token),
    });
    expect(still.statusCode).toBe(200);
  });

  it('moves the favourite and deletes a card', async () => {
    const user = await registerUser(t.app);
    const first = await enterCard(t.app, user.token, '4242424242424242');
    const second = await enterCard(t.app, user.token, '5555555555554444');
    const a = (await sessionStatus(user.token, first.sessionId)).json().paymentMethod.id as string;
    const b = (await sessionStatus(user.token, second.sessionId)).json().paymentMethod.id as string;
    const fav = await t.app.inject({
      method: 'PATCH',
      url: `/api/user/primary-payment-card/${b}`,
      headers: bearer(user.token),
    });
    expect(fav.statusCode).toBe(200);
    const items = fav.json().items as { id: string; isFavourite: boolean; brand: string }[];
    expect(items.find((i) => i.id === b)).toMatchObject({ isFavourite: true, brand: 'mastercard' });
    expect(items.find((i) => i.id === a)?.isFavourite).toBe(false);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/payment-methods/${b}`,
      headers: bearer(user.token),
    });
    expect(del.statusCode).toBe(204);
    const left = await t.app.inject({ url: '/api/payment-methods', headers: bearer(user.token) });
    // The deleted card was the favourite, so the remaining one took its place.
    expect(left.json<{ items: { isFavourite: boolean }[] }>().items[0]?.isFavourite).toBe(true);
    expect(left.json<{ items: { id: string }[] }>().items.map((i) => i.id)).toEqual([a]);
    const twice = await t.app.inject({
      method: 'DELETE',
      url: `/api/payment-methods/${b}`,
      headers: bearer(user.token),
    });
    expect(twice.statusCode).toBe(404);
  });

  it('answers 400 for a malformed id', async () => {
    const user = await registerUser(t.app);
    const res = await t.app.inject({
      url: '/api/payment-methods/not-a-uuid',
      headers: bearer(user.token),
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('the payment agreement', () => {
  const agreement = {
    fullName: 'Jógvan Joensen',
    email: 'jogvan@example.fo',
    phone: '+298 211234',
    registrationNumber: '6460',
    accountNumber: '1234567890',
  };

  it('is created once, read masked, and changed', async () => {
    const user = await registerUser(t.app);
    expect(
      (await t.app.inject({ url: '/api/payment-agreement', headers: bearer(user.token) }))
        .statusCode,
    ).toBe(404);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/payment-agreement',
      headers: bearer(user.token),
      payload: agreement,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      fullName: 'Jógvan Joensen',
      accountNumberMasked: '••••7890',
    });
    expect(created.body).not.toContain('1234567890');
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/payment-agreement',
      headers: bearer(user.token),
      payload: agreement,
    });
    expect(again.statusCode).toBe(409);
    const changed = await t.app.inject({
      method: 'PATCH',
      url: '/api/payment-agreement',
      headers: bearer(user.token),
      payload: { ...agreement, phone: '+298 555555' },
    });
    expect(changed.json().phone).toBe('+298 555555');
    // The account number is only ever shown masked: an edit without it keeps the saved one.
    for (const accountNumber of [undefined, '', '   ']) {
      const kept = await t.app.inject({
        method: 'PATCH',
        url: '/api/payment-agreement',
        headers: bearer(user.token),
        payload: { ...agreement, accountNumber, fullName: 'Jógvan á Trøð' },
      });
      expect(kept.statusCode).toBe(200);
      expect(kept.json()).toMatchObject({
        fullName: 'Jógvan á Trøð',
        accountNumberMasked: '••••7890',
      });
    }
    const badEdit = await t.app.inject({
      method: 'PATCH',
      url: '/api/payment-agreement',
      headers: bearer(user.token),
      payload: { ...agreement, accountNumber: '12ab' },
    });
    expect(badEdit.statusCode).toBe(400);
    expect(Object.keys(badEdit.json().fieldErrors)).toEqual(['accountNumber']);
    const moved = await t.app.inject({
      method: 'PATCH',
      url: '/api/payment-agreement',
      headers: bearer(user.token),
      payload: { ...agreement, accountNumber: '555' },
    });
    expect(moved.json().accountNumberMasked).toBe('••••555');
    const other = await registerUser(t.app);
    expect(
      (await t.app.inject({ url: '/api/payment-agreement', headers: bearer(other.token) }))
        .statusCode,
    ).toBe(404);
  });

  it('refuses bad account and registration numbers and unknown fields', async () => {
    const user = await registerUser(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payment-agreement',
      headers: { ...bearer(user.token), 'accept-language': 'en' },
      payload: {
        ...agreement,
        registrationNumber: '64',
        accountNumber: '12345678901',
        iban: 'x',
        phone: 'abc',
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({
      registrationNumber: 'The registration number must be 4 digits.',
      accountNumber: 'The account number must be at most 10 digits.',
      phone: 'Please enter a valid phone number.',
      iban: 'This field is not allowed.',
    });
    expect(
      (await t.app.inject({ url: '/api/payment-agreement', headers: bearer(user.token) }))
        .statusCode,
    ).toBe(404);
  });
});
