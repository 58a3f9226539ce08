import { formatDate } from '@stod/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptionPlans } from '../../db/schema/index.ts';
import { seedSubscriptionPlans } from '../../seed/subscriptions.ts';
import { bearer, createTestApp, lastMailTo, registerUser, type TestApp } from '../../test/app.ts';
import { addTestCard } from '../../test/cards.ts';
import { renewDue } from './renewal.ts';

let t: TestApp;
let coffeeId: number;
let coffeePlusId: number;
/** A plan the operator wrote in Faroese only. */
let faroeseOnlyId: number;

beforeAll(async () => {
  t = await createTestApp();
  await seedSubscriptionPlans(t.app.ctx.db);
  const [only] = await t.app.ctx.db
    .insert(subscriptionPlans)
    .values({
      type: 'WASH',
      index: 1,
      productIds: 'WashBasic',
      name: 'Vaskikort',
      description: 'Ein bilvask um vikuna.',
      priceMonthly: 9_900,
      priceYearly: 99_000,
    })
    .returning();
  faroeseOnlyId = only!.id;
  const plans = (await t.app.inject({ url: '/api/subscriptions' })).json<{
    items: { id: number; name: string }[];
  }>().items;
  coffeeId = plans.find((p) => p.name === 'Kaffi')!.id;
  coffeePlusId = plans.find((p) => p.name === 'Kaffi+')!.id;
});
afterAll(() => t.close());

const en = { 'accept-language': 'en' };
const fo = { 'accept-language': 'fo' };

async function customer() {
  const user = await registerUser(t.app);
  const me = (await t.app.inject({ url: '/api/user/v2', headers: bearer(user.token) })).json<{
    id: string;
  }>();
  const card = await addTestCard(t.app, me.id);
  return { ...user, id: me.id, cardId: card.id };
}

describe('plans in the language of the request', () => {
  it('answers the plans in English to an English request and in Faroese otherwise', async () => {
    const english = (await t.app.inject({ url: '/api/subscriptions', headers: en })).json<{
      items: { id: number; name: string; description: string }[];
    }>().items;
    expect(english.find((p) => p.id === coffeeId)).toMatchObject({
      name: 'Coffee',
      description: 'Coffee and tea as often as you like.',
    });
    const faroese = (await t.app.inject({ url: '/api/subscriptions', headers: fo })).json<{
      items: { id: number; name: string; description: string }[];
    }>().items;
    expect(faroese.find((p) => p.id === coffeeId)).toMatchObject({
      name: 'Kaffi',
      description: 'Kaffi og te so ofta tú vilt.',
    });
    // No header at all is Faroese, the product's first language.
    const plain = await t.app.inject({ url: `/api/subscriptions/${String(coffeeId)}` });
    expect(plain.json()).toMatchObject({ name: 'Kaffi' });
    const one = await t.app.inject({ url: `/api/subscriptions/${String(coffeeId)}`, headers: en });
    expect(one.json()).toMatchObject({ name: 'Coffee' });
  });

  it('falls back to the Faroese where the operator wrote no English', async () => {
    const res = await t.app.inject({
      url: `/api/subscriptions/${String(faroeseOnlyId)}`,
      headers: en,
    });
    expect(res.json()).toMatchObject({ name: 'Vaskikort', description: 'Ein bilvask um vikuna.' });
  });
});

describe("a user's subscriptions in the language of the request", () => {
  it('names the plan in /user/v2, /user-subscriptions and the subscribe answer', async () => {
    const c = await customer();
    const made = await t.app.inject({
      method: 'POST',
      url: `/api/subscriptions/${String(coffeeId)}/subscribe`,
      headers: { ...bearer(c.token), ...en, 'idempotency-key': `lang-sub-${c.id}` },
      payload: { interval: 'monthly', paymentMethodId: c.cardId },
    });
    expect(made.statusCode).toBe(201);
    expect(made.json()).toMatchObject({ subscription: { name: 'Coffee' } });
    // A repeat of the key answers the same subscription, named in the asking request's language.
    const repeat = await t.app.inject({
      method: 'POST',
      url: `/api/subscriptions/${String(coffeeId)}/subscribe`,
      headers: { ...bearer(c.token), ...fo, 'idempotency-key': `lang-sub-${c.id}` },
      payload: { interval: 'monthly', paymentMethodId: c.cardId },
    });
    expect(repeat.json()).toMatchObject({
      id: made.json<{ id: string }>().id,
      subscription: { name: 'Kaffi' },
    });
    const names = async (headers: Record<string, string>) => {
      const me = (
        await t.app.inject({ url: '/api/user/v2', headers: { ...bearer(c.token), ...headers } })
      ).json<{ userSubscriptions: { subscription: { name: string } }[] }>();
      const list = (
        await t.app.inject({
          url: '/api/user-subscriptions',
          headers: { ...bearer(c.token), ...headers },
        })
      ).json<{ items: { subscription: { name: string } }[] }>();
      return [me.userSubscriptions, list.items].map((items) =>
        items.map((s) => s.subscription.name),
      );
    };
    expect(await names(en)).toEqual([['Coffee'], ['Coffee']]);
    expect(await names(fo)).toEqual([['Kaffi'], ['Kaffi']]);
    // Another user sees none of it, in any language.
    const stranger = await registerUser(t.app);
    const theirs = await t.app.inject({
      url: '/api/user-subscriptions',
      headers: { ...bearer(stranger.token), ...en },
    });
    expect(theirs.json()).toEqual({ items: [] });
  });

  it('names the new tier of an upgrade in the language of the request', async () => {
    const c = await customer();
    const sub = (
      await t.app.inject({
        method: 'POST',
        url: `/api/subscriptions/${String(coffeeId)}/subscribe`,
        headers: bearer(c.token),
        payload: { interval: 'monthly', paymentMethodId: c.cardId },
      })
    ).json<{ id: string }>();
    const up = await t.app.inject({
      method: 'POST',
      url: `/api/user-subscriptions/${sub.id}/upgrade`,
      headers: { ...bearer(c.token), ...en, 'idempotency-key': `lang-up-${c.id}` },
      payload: { subscriptionId: coffeePlusId },
    });
    expect(up.statusCode).toBe(200);
    expect(up.json()).toMatchObject({ subscription: { name: 'Coffee+' } });
  });

  it("mails a refused renewal in the user's language, with the plan's English name", async () => {
    const c = await customer();
    await t.app.inject({
      method: 'PUT',
      url: '/api/user/locale',
      headers: bearer(c.token),
      payload: { locale: 'en' },
    });
    const sub = (
      await t.app.inject({
        method: 'POST',
        url: `/api/subscriptions/${String(coffeeId)}/subscribe`,
        headers: bearer(c.token),
        payload: { interval: 'monthly', paymentMethodId: c.cardId },
      })
    ).json<{ validTo: string; nextPaymentAt: string }>();
    await t.app.inject({
      method: 'DELETE',
      url: `/api/payment-methods/${c.cardId}`,
      headers: bearer(c.token),
    });
    await renewDue(t.app.ctx, new Date(Date.parse(sub.nextPaymentAt) + 60_000));
    const mail = await lastMailTo(t.app, c.email);
    expect(mail?.subject).toBe('We could not renew Coffee');
    expect(mail?.text).toBe(
      `The payment for Coffee was refused, so it will not renew. It stays usable until ${formatDate(sub.validTo)}; after that you can subscribe again in the app with a card that works.`,
    );
  });
});
