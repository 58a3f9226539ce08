import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedVouchers } from '../../seed/vouchers.ts';
import { bearer, createTestApp, registerUser, type TestApp } from '../../test/app.ts';
import { signInAsStaff } from '../../test/staff.ts';

const inAYear = () => new Date(Date.now() + 365 * 86_400_000).toISOString();

let t: TestApp;
let operator: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  operator = bearer(await signInAsStaff(t.app, { role: 'operator' }));
  await seedVouchers(t.app.ctx.db);
});
afterAll(() => t.close());

const order = (extra: Record<string, unknown>) => ({
  kind: 'product',
  product: 'beverages',
  codeType: 'premium',
  expiresAt: inAYear(),
  ...extra,
});
const issue = (payload: Record<string, unknown>, headers = operator) =>
  t.app.inject({ method: 'POST', url: '/api/admin/vouchers', headers, payload });
const redeem = (token: string, code: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/vouchers/redeem',
    headers: { ...bearer(token), ...headers },
    payload: { code },
  });
const names = async (token: string, headers: Record<string, string>) =>
  (await t.app.inject({ url: '/api/vouchers', headers: { ...bearer(token), ...headers } }))
    .json<{ items: { name: string }[] }>()
    .items.map((v) => v.name);

describe('voucher names in both languages', () => {
  it('answers the English name to an English request and the Faroese otherwise', async () => {
    const [made] = (await issue(order({ name: 'Ein te', nameEn: 'One tea' }))).json<{
      items: { code: string }[];
    }>().items;
    const user = await registerUser(t.app);
    const redeemed = await redeem(user.token, made!.code, { 'accept-language': 'en' });
    expect(redeemed.statusCode).toBe(201);
    expect(redeemed.json()).toMatchObject({ name: 'One tea' });
    expect(await names(user.token, { 'accept-language': 'en' })).toEqual(['One tea']);
    expect(await names(user.token, { 'accept-language': 'fo' })).toEqual(['Ein te']);
    expect(await names(user.token, {})).toEqual(['Ein te']);
  });

  it('keeps an order without English working, and falls back to the Faroese', async () => {
    const res = await issue(order({ name: 'Ein kakao' }));
    expect(res.statusCode).toBe(201);
    const user = await registerUser(t.app);
    await redeem(user.token, res.json<{ items: { code: string }[] }>().items[0]!.code);
    expect(await names(user.token, { 'accept-language': 'en' })).toEqual(['Ein kakao']);
  });

  it('gives the demo vouchers their English', async () => {
    const user = await registerUser(t.app);
    await redeem(user.token, 'KAFFI-2026');
    expect(await names(user.token, { 'accept-language': 'en' })).toEqual(['One coffee']);
    expect(await names(user.token, { 'accept-language': 'fo' })).toEqual(['Ein kaffi']);
  });

  it('lists both names to the operator, whatever the language asked for', async () => {
    await issue(order({ name: 'Ein sodavatn', nameEn: 'One soft drink' }));
    await issue(order({ name: 'Ein pylsa' }));
    const list = (
      await t.app.inject({
        url: '/api/admin/vouchers?take=100',
        headers: { ...operator, 'accept-language': 'en' },
      })
    ).json<{ items: { name: string; nameEn: string | null }[] }>();
    expect(list.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'Ein sodavatn', nameEn: 'One soft drink' }),
        expect.objectContaining({ name: 'Ein pylsa', nameEn: null }),
      ]),
    );
  });

  it('refuses a bad English name with a localized 400 and issues nothing', async () => {
    const before = (
      await t.app.inject({ url: '/api/admin/vouchers?take=1', headers: operator })
    ).json<{ total: number }>().total;
    const long = await issue(order({ name: 'Ein kaffi', nameEn: 'x'.repeat(81) }), {
      ...operator,
      'accept-language': 'en',
    });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({
      code: 'VALIDATION',
      fieldErrors: { nameEn: 'The text is too long.' },
    });
    const wrong = await issue(order({ name: 'Ein kaffi', nameEn: 7 }));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ fieldErrors: { nameEn: 'Virðið er ikki gildigt.' } });
    const after = (
      await t.app.inject({ url: '/api/admin/vouchers?take=1', headers: operator })
    ).json<{ total: number }>().total;
    expect(after).toBe(before);
  });

  it('lets no customer order vouchers, with or without English', async () => {
    const user = await registerUser(t.app);
    const res = await issue(order({ name: 'Ókeypis', nameEn: 'Free' }), bearer(user.token));
    expect(res.statusCode).toBe(403);
  });
});
