import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedVouchers } from '../../seed/vouchers.ts';
import { bearer, createTestApp, registerUser, type TestApp } from '../../test/app.ts';
import { issue, spendBalance } from './service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedVouchers(t.app.ctx.db);
});
afterAll(() => t.close());

const redeem = (token: string, code: unknown, locale = 'fo') =>
  t.app.inject({
    method: 'POST',
    url: '/api/vouchers/redeem',
    headers: { ...bearer(token), 'accept-language': locale },
    payload: { code },
  });
const wallet = async (token: string) =>
  (await t.app.inject({ url: '/api/vouchers', headers: bearer(token) })).json<{
    balance: number;
    items: { kind: string; balance: number | null; product: string | null; name: string }[];
  }>();

let n = 0;
async function freshCode(
  kind: 'value' | 'product' = 'value',
  expiresAt = new Date(Date.now() + 86_400_000),
) {
  n += 1;
  const code = `TEST${String(n).padStart(4, '0')}`;
  await issue(t.app.ctx.db, {
    code,
    codeType: 'premium',
    kind,
    name: `Test ${code}`,
    amount: 10_000,
    product: 'carwash',
    expiresAt,
  });
  return code;
}

describe('POST /api/vouchers/redeem', () => {
  it('redeems a gift card as typed by a person, and it shows in the balance', async () => {
    const user = await registerUser(t.app);
    const res = await redeem(user.token, ' gava-2026-stod ');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ kind: 'gift_card', balance: 50_000, initialAmount: 50_000 });
    const pin = await redeem(user.token, '4821 3577');
    expect(pin.statusCode).toBe(201);
    const mine = await wallet(user.token);
    expect(mine.balance).toBe(70_000);
    expect(mine.items).toHaveLength(2);
  });

  it('redeems a product voucher without a balance', async () => {
    const user = await registerUser(t.app);
    const res = await redeem(user.token, 'VASK-OKEYPIS');
    expect(res.json()).toMatchObject({ kind: 'product', product: 'carwash', balance: null });
    expect((await wallet(user.token)).balance).toBe(0);
  });

  it('says why a code fails: unknown, already used or expired', async () => {
    const user = await registerUser(t.app);
    const unknown = await redeem(user.token, 'NOPE-NOPE');
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toMatchObject({
      code: 'VOUCHER_UNKNOWN',
      message: 'Tað eydnaðist ikki at innloysa gávukortið: kotan er ókend.',
    });
    const code = await freshCode();
    expect((await redeem(user.token, code)).statusCode).toBe(201);
    const again = await redeem(user.token, code, 'en');
    expect(again.json()).toMatchObject({
      code: 'VOUCHER_USED',
      message: 'Failed to redeem voucher: the code has already been used.',
    });
    const expired = await redeem(user.token, 'GAMAL-2020', 'en');
    expect(expired.json()).toMatchObject({
      code: 'VOUCHER_EXPIRED',
      message: 'Failed to redeem voucher: the code has expired.',
    });
  });

  it('lets only one of two simultaneous redemptions of a code succeed', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const code = await freshCode();
    const results = await Promise.all([
      redeem(a.token, code),
      redeem(b.token, code),
      redeem(a.token, code),
    ]);
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 422)).toHaveLength(2);
    const total = (await wallet(a.token)).items.length + (await wallet(b.token)).items.length;
    expect(total).toBe(1);
  });

  it('rejects malformed codes and a missing token', async () => {
    const user = await registerUser(t.app);
    for (const code of ['', 'ab', 'x'.repeat(41), 'KODE!*', 42]) {
      const res = await redeem(user.token, code);
      expect(res.statusCode, String(code)).toBe(400);
    }
    const extra = await t.app.inject({
      method: 'POST',
      url: '/api/vouchers/redeem',
      headers: bearer(user.token),
      payload: { code: 'ABCD1234', amount: 1 },
    });
    expect(extra.statusCode).toBe(400);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/vouchers/redeem',
          payload: { code: 'ABCD' },
        })
      ).statusCode,
    ).toBe(401);
  });

  it('limits the tries of a user', async () => {
    const user = await registerUser(t.app);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1)
      statuses.push((await redeem(user.token, `WRONG${String(i)}X`)).statusCode);
    expect(statuses.slice(0, 10).every((s) => s === 422)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe('GET /api/vouchers', () => {
  it('shows a user only their own vouchers', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    await redeem(a.token, await freshCode());
    expect((await wallet(b.token)).items).toHaveLength(0);
    expect((await t.app.inject({ url: '/api/vouchers' })).statusCode).toBe(401);
  });
});

describe('spending the balance before the card', () => {
  it('draws what it can, once per key, soonest expiry first', async () => {
    const user = await registerUser(t.app);
    const id = (await t.app.inject({ url: '/api/user/v2', headers: bearer(user.token) })).json<{
      id: string;
    }>().id;
    await redeem(user.token, await freshCode('value', new Date(Date.now() + 2 * 86_400_000)));
    await redeem(user.token, await freshCode('value', new Date(Date.now() + 1 * 86_400_000)));
    expect(await spendBalance(t.app.ctx.db, id, 15_000, 'pay-1')).toBe(15_000);
    expect(await spendBalance(t.app.ctx.db, id, 15_000, 'pay-1')).toBe(15_000);
    expect((await wallet(user.token)).balance).toBe(5_000);
    // The voucher that expires first was emptied first.
    const items = (await wallet(user.token)).items;
    expect(items.map((i) => i.balance).sort()).toEqual([0, 5_000]);
    expect(await spendBalance(t.app.ctx.db, id, 8_000, 'pay-2')).toBe(5_000);
    expect((await wallet(user.token)).balance).toBe(0);
    expect(await spendBalance(t.app.ctx.db, id, 8_000, 'pay-3')).toBe(0);
  });
});
