import { luhnValid } from '@stod/domain';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownCardLinks, paymentMethods } from '../../db/schema/index.ts';
import type { ProviderCardsSim } from '../../integrations/provider-cards/sim.ts';
import { bearer, createTestApp, registerUser, type TestApp } from '../../test/app.ts';

let t: TestApp;
let sim: ProviderCardsSim;
beforeAll(async () => {
  t = await createTestApp();
  sim = t.app.ctx.providerCards as ProviderCardsSim;
});
afterAll(() => t.close());

// Every test speaks from its own address, so the per-address try limit is only met on purpose.
let lastIp = 0;
const newIp = () => `10.1.${String(Math.floor(++lastIp / 250))}.${String((lastIp % 250) + 1)}`;

const add = (token: string, payload: Record<string, unknown>, ip = newIp()) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payment-methods/stodkort/add',
    headers: bearer(token),
    payload,
    remoteAddress: ip,
  });
const requestCode = (token: string, payload: Record<string, unknown>, ip = newIp()) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payment-methods/stodkort/add/code',
    headers: bearer(token),
    payload,
    remoteAddress: ip,
  });
const list = async (token: string) =>
  (await t.app.inject({ url: '/api/payment-methods', headers: bearer(token) })).json<{
    items: { id: string; kind: string; last4: string }[];
  }>().items;

function madeUpNumber() {
  const body = `7077${String(Math.floor(Math.random() * 1e11)).padStart(11, '0')}`;
  for (let d = 0; d <= 9; d += 1)
    if (luhnValid(`${body}${String(d)}`)) return `${body}${String(d)}`;
  throw new Error('unreachable');
}

describe('adding an existing provider card', () => {
  it('adds a seeded card with the PIN from its carrier, limited to station products', async () => {
    const user = await registerUser(t.app);
    const res = await add(user.token, {
      cardNumber: '7077 0000 0000 0011',
      pin: '1234',
      name: 'Firmabilurin',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      kind: 'own_card',
      brand: 'stodkort',
      last4: '0011',
      name: 'Firmabilurin',
      isActive: true,
      isFavourite: true,
      products: ['fuel', 'carwash', 'charging'],
    });
    expect(res.json<{ expYear: number }>().expYear).toBeGreaterThan(new Date().getFullYear());
  });

  it('refuses a made-up number that passes the check digit, and saves nothing', async () => {
    const user = await registerUser(t.app);
    const res = await add(user.token, { cardNumber: madeUpNumber(), pin: '1234' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      code: 'OWN_CARD_UNKNOWN',
      fieldErrors: { cardNumber: 'Vit funnu einki kort við hesum nummari.' },
    });
    expect(await list(user.token)).toEqual([]);
  });

  it('refuses a wrong PIN and asks for a PIN at all', async () => {
    const user = await registerUser(t.app);
    const { number } = await sim.issueTestCard({ pin: '4321' });
    const wrong = await add(user.token, { cardNumber: number, pin: '1234' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({
      code: 'OWN_CARD_PIN',
      fieldErrors: { pin: 'PIN-kotan er skeiv.' },
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payment-methods/stodkort/add',
      headers: { ...bearer(user.token), 'accept-language': 'en' },
      payload: { cardNumber: number, pin: '12a4' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors.pin).toBe('The PIN must be 4 digits.');
    const none = await add(user.token, { cardNumber: number });
    expect(none.statusCode).toBe(400);
    expect(none.json().fieldErrors.pin).toBe('PIN-kotan skal vera 4 tøl.');
    expect(await list(user.token)).toEqual([]);
  });

  it('refuses numbers that are not its cards before asking the issuer', async () => {
    const user = await registerUser(t.app);
    for (const cardNumber of ['4242424242424242', '7077123456789010', '', '7077']) {
      const res = await add(user.token, { cardNumber, pin: '1234' });
      expect(res.statusCode).toBe(400);
      expect(res.json().fieldErrors.cardNumber).toBe('Kortnummarið er ikki gildigt.');
    }
  });

  it('refuses a blocked and an expired card, even with the right PIN', async () => {
    const user = await registerUser(t.app);
    const blocked = await add(user.token, { cardNumber: '7077000000000052', pin: '5678' });
    expect(blocked.statusCode).toBe(422);
    expect(blocked.json()).toMatchObject({
      code: 'OWN_CARD_BLOCKED',
      message: 'Kortið er sperrað. Set teg í samband við okkum.',
    });
    const expired = await add(user.token, { cardNumber: '7077000000000060', pin: '6789' });
    expect(expired.json()).toMatchObject({ statusCode: 422, code: 'OWN_CARD_EXPIRED' });
    const code = await requestCode(user.token, { cardNumber: '7077000000000052', channel: 'sms' });
    expect(code.json()).toMatchObject({ statusCode: 422, code: 'OWN_CARD_BLOCKED' });
    expect(await list(user.token)).toEqual([]);
  });

  it('limits PIN tries to 10 an hour per user, then refuses even the right PIN', async () => {
    const user = await registerUser(t.app);
    const { number } = await sim.issueTestCard({ pin: '0007' });
    for (let i = 0; i < 10; i += 1) {
      // Another card each time, so only the user's limit counts.
      const other = await sim.issueTestCard({ pin: '0007' });
      const res = await add(user.token, { cardNumber: other.number, pin: String(1000 + i) });
      expect(res.statusCode).toBe(422);
    }
    const blocked = await add(user.token, { cardNumber: number, pin: '0007' });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
    expect(await list(user.token)).toEqual([]);
  });

  it('limits tries to 30 an hour per address, across accounts', async () => {
    const ip = newIp();
    const { number } = await sim.issueTestCard({ pin: '0008' });
    for (let u = 0; u < 3; u += 1) {
      const user = await registerUser(t.app);
      for (let i = 0; i < 10; i += 1) {
        const other = await sim.issueTestCard({ pin: '0008' });
        const res = await add(user.token, { cardNumber: other.number, pin: '1111' }, ip);
        expect(res.statusCode).toBe(422);
      }
    }
    const fourth = await registerUser(t.app);
    expect((await add(fourth.token, { cardNumber: number, pin: '0008' }, ip)).statusCode).toBe(429);
    expect((await add(fourth.token, { cardNumber: number, pin: '0008' })).statusCode).toBe(201);
  });

  it('limits tries at one card to 8 a day, whatever the account and address', async () => {
    const { number } = await sim.issueTestCard({ pin: '0009' });
    for (let i = 0; i < 8; i += 1) {
      const user = await registerUser(t.app);
      const res = await add(user.token, { cardNumber: number, pin: '1111' }, newIp());
      expect(res.statusCode).toBe(422);
    }
    const holder = await registerUser(t.app);
    const late = await add(holder.token, { cardNumber: number, pin: '0009' }, newIp());
    expect(late.statusCode).toBe(429);
    expect(await list(holder.token)).toEqual([]);
  });
});

describe('one card, one account', () => {
  it('refuses a card that sits on another account, and lets it go when deleted', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const { number, pin } = await sim.issueTestCard();
    const first = await add(a.token, { cardNumber: number, pin });
    expect(first.statusCode).toBe(201);
    const taken = await add(b.token, { cardNumber: number, pin });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      code: 'OWN_CARD_TAKEN',
      fieldErrors: { cardNumber: 'Hetta kortið er longu skrásett hjá einum øðrum brúkara.' },
    });
    // Nothing in the answer says whose card it is.
    expect(taken.body).not.toContain('Test Persónur');
    expect(await list(b.token)).toEqual([]);

    // The same person adding it again gets the card they have.
    const again = await add(a.token, { cardNumber: number, pin });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(first.json().id);
    expect(await list(a.token)).toHaveLength(1);

    const { id } = first.json<{ id: string }>();
    const gone = await t.app.inject({
      method: 'DELETE',
      url: `/api/payment-methods/${id}`,
      headers: bearer(a.token),
    });
    expect(gone.statusCode).toBe(204);
    expect((await add(b.token, { cardNumber: number, pin })).statusCode).toBe(201);
  });

  it('lets exactly one of two accounts racing for a card have it', async () => {
    for (let round = 0; round < 5; round += 1) {
      const users = [await registerUser(t.app), await registerUser(t.app)];
      const { number, pin, card } = await sim.issueTestCard();
      const answers = await Promise.all(
        users.map((u) => add(u.token, { cardNumber: number, pin })),
      );
      expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
      const live = await t.app.ctx.db
        .select()
        .from(paymentMethods)
        .where(and(eq(paymentMethods.token, card.id), isNull(paymentMethods.deletedAt)));
      expect(live).toHaveLength(1);
      const links = await t.app.ctx.db
        .select()
        .from(ownCardLinks)
        .where(eq(ownCardLinks.cardId, card.id));
      expect(links).toHaveLength(1);
    }
  });

  it('keeps another user away from the card: 404 on read and delete', async () => {
    const owner = await registerUser(t.app);
    const other = await registerUser(t.app);
    const { number, pin } = await sim.issueTestCard();
    const { id } = (await add(owner.token, { cardNumber: number, pin })).json<{ id: string }>();
    for (const method of ['GET', 'DELETE'] as const) {
      const res = await t.app.inject({
        method,
        url: `/api/payment-methods/${id}`,
        headers: bearer(other.token),
      });
      expect(res.statusCode).toBe(404);
    }
    expect(await list(owner.token)).toHaveLength(1);
  });
});
