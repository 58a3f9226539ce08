import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { identityVerifications, paymentMethods, simProviderCards } from '../../db/schema/index.ts';
import { ProviderCardsError } from '../../integrations/provider-cards/port.ts';
import { bearer, createTestApp, registerUser, type TestApp } from '../../test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/**
 * A finished national identity sign-in. The sign-in itself is the identity module's to test;
 * here only its outcome matters, as the callback writes it.
 */
async function verifyIdentity(token: string) {
  const me = await t.app.inject({ url: '/api/user/v2', headers: bearer(token) });
  const userId = me.json<{ id: string }>().id;
  await t.app.ctx.db.insert(identityVerifications).values({
    userId,
    state: randomBytes(16).toString('hex'),
    nonce: randomBytes(16).toString('hex'),
    returnPath: '/profile/payment-methods/stodkort/create',
    status: 'verified',
    subject: 'fo-120585-2345',
    name: 'Guðrun Hansen',
    verifiedAt: new Date(),
  });
}

const create = (token: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payment-methods/stodkort/create',
    headers: bearer(token),
    payload: { name: 'Nýtt kort' },
  });

async function userWithAgreement() {
  const user = await registerUser(t.app);
  await t.app.inject({
    method: 'POST',
    url: '/api/payment-agreement',
    headers: bearer(user.token),
    payload: {
      fullName: 'Guðrun Hansen',
      email: 'gudrun@example.fo',
      phone: '+298 222222',
      registrationNumber: '6460',
      accountNumber: '1234567890',
    },
  });
  return user;
}

describe('one new provider card per identity verification', () => {
  it('issues one card, then asks for a new verification', async () => {
    const user = await userWithAgreement();
    await verifyIdentity(user.token);
    const first = await create(user.token);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ kind: 'own_card', isActive: false, name: 'Nýtt kort' });
    const second = await create(user.token);
    expect(second.statusCode).toBe(422);
    expect(second.json()).toMatchObject({
      code: 'IDENTITY_REQUIRED',
      message: 'Tú mást vátta teg við talgildum samleika fyrst.',
    });
    await verifyIdentity(user.token);
    expect((await create(user.token)).statusCode).toBe(201);
    const list = await t.app.inject({ url: '/api/payment-methods', headers: bearer(user.token) });
    expect(list.json().items).toHaveLength(2);
  });

  it('issues exactly one card for six parallel requests after one verification', async () => {
    const user = await userWithAgreement();
    await verifyIdentity(user.token);
    const answers = await Promise.all(Array.from({ length: 6 }, () => create(user.token)));
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 422, 422, 422, 422, 422]);
    const list = await t.app.inject({ url: '/api/payment-methods', headers: bearer(user.token) });
    expect(list.json().items).toHaveLength(1);
  });

  it("issues a card the issuer knows, in the verified holder's name, on this account alone", async () => {
    const user = await userWithAgreement();
    await verifyIdentity(user.token);
    const { id } = (await create(user.token)).json<{ id: string }>();
    const [method] = await t.app.ctx.db
      .select()
      .from(paymentMethods)
      .where(eq(paymentMethods.id, id));
    const [issued] = await t.app.ctx.db
      .select()
      .from(simProviderCards)
      .where(eq(simProviderCards.id, method?.token ?? ''));
    expect(issued).toMatchObject({
      holderName: 'Guðrun Hansen',
      holderSubject: 'fo-120585-2345',
      holderEmail: 'gudrun@example.fo',
      status: 'active',
    });
    const other = await registerUser(t.app);
    for (const method of ['GET', 'DELETE'] as const) {
      const res = await t.app.inject({
        method,
        url: `/api/payment-methods/${id}`,
        headers: bearer(other.token),
      });
      expect(res.statusCode).toBe(404);
    }
  });
});

describe('a lost answer from the card issuer', () => {
  it('issues no second card when the request is tried again', async () => {
    const user = await userWithAgreement();
    await verifyIdentity(user.token);
    const cardsAtIssuer = async () => (await t.app.ctx.db.select().from(simProviderCards)).length;
    const before = await cardsAtIssuer();
    const issuer = t.app.ctx.providerCards;
    const issueCard = issuer.issueCard.bind(issuer);
    let loseAnswer = true;
    // The issuer makes the card, but its answer never arrives.
    issuer.issueCard = async (key, holder) => {
      const card = await issueCard(key, holder);
      if (loseAnswer) throw new ProviderCardsError('unavailable');
      return card;
    };
    try {
      expect((await create(user.token)).statusCode).toBe(503);
      expect(await cardsAtIssuer()).toBe(before + 1);
      loseAnswer = false;
      const again = await create(user.token);
      expect(again.statusCode).toBe(201);
      expect(await cardsAtIssuer()).toBe(before + 1);
    } finally {
      issuer.issueCard = issueCard;
    }
  });
});
