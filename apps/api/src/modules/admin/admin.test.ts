import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, registerUser, type TestApp } from '../../test/app.ts';
import { signInAsStaff } from '../../test/staff.ts';

/** The retired shared secret, configured as it used to be: it must open nothing now. */
const ADMIN_TOKEN = 'operator-token-for-tests-0123456789abcdef';
const inAYear = () => new Date(Date.now() + 365 * 86_400_000).toISOString();

let t: TestApp;
let admin: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_TOKEN });
  admin = bearer(await signInAsStaff(t.app, { role: 'operator' }));
});
afterAll(() => t.close());

const issue = (payload: Record<string, unknown>, headers: Record<string, string> = admin) =>
  t.app.inject({ method: 'POST', url: '/api/admin/vouchers', headers, payload });
const redeem = (token: string, code: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/vouchers/redeem',
    headers: bearer(token),
    payload: { code },
  });

describe('issuing vouchers', () => {
  it('issues a batch of gift cards whose codes each redeem once', async () => {
    const res = await issue({
      kind: 'gift_card',
      name: 'Gávukort 250 kr.',
      amount: 25_000,
      codeType: 'premium',
      expiresAt: inAYear(),
      count: 3,
    });
    expect(res.statusCode).toBe(201);
    const { items } = res.json<{ items: { id: string; code: string }[] }>();
    expect(items).toHaveLength(3);
    expect(new Set(items.map((i) => i.code)).size).toBe(3);
    for (const { code } of items)
      expect(code).toMatch(/^[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/);

    const user = await registerUser(t.app);
    const first = items[0]!.code;
    expect((await redeem(user.token, first)).statusCode).toBe(201);
    expect((await redeem(user.token, first)).json()).toMatchObject({ code: 'VOUCHER_USED' });
    const wallet = (
      await t.app.inject({ url: '/api/vouchers', headers: bearer(user.token) })
    ).json<{
      balance: number;
    }>();
    expect(wallet.balance).toBe(25_000);

    const list = (await t.app.inject({ url: '/api/admin/vouchers?take=10', headers: admin })).json<{
      total: number;
      items: { id: string; redeemedAt: string | null }[];
    }>();
    expect(list.total).toBe(3);
    expect(list.items.filter((i) => i.redeemedAt !== null).map((i) => i.id)).toEqual([
      items[0]!.id,
    ]);
    // The stored codes are hashes: the list never shows them.
    expect(JSON.stringify(list)).not.toContain(first);
  });

  it('issues PIN codes and product vouchers', async () => {
    const res = await issue({
      kind: 'product',
      name: 'Ein bilvask',
      product: 'carwash',
      codeType: 'pin',
      expiresAt: inAYear(),
    });
    expect(res.statusCode).toBe(201);
    const [voucher] = res.json<{ items: { code: string }[] }>().items;
    expect(voucher?.code).toMatch(/^\d{4} \d{4}$/);
    const user = await registerUser(t.app);
    expect((await redeem(user.token, voucher!.code)).json()).toMatchObject({
      kind: 'product',
      product: 'carwash',
      balance: null,
    });
  });

  it('takes a chosen premium code once, and refuses it a second time', async () => {
    const order = {
      kind: 'value',
      name: 'Jólagáva',
      amount: 10_000,
      codeType: 'premium',
      expiresAt: inAYear(),
      code: 'jol-2026-gava',
    };
    const first = await issue(order);
    expect(first.statusCode).toBe(201);
    expect(first.json<{ items: { code: string }[] }>().items[0]?.code).toBe('JOL2026GAVA');
    const again = await issue(order);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'VOUCHER_CODE_TAKEN',
      message: 'Hendan kotan finst longu.',
    });
  });

  it('issues an order once per Idempotency-Key, also when it arrives twice at once', async () => {
    const order = {
      kind: 'gift_card',
      name: 'Jólagávukort',
      amount: 20_000,
      codeType: 'premium',
      expiresAt: inAYear(),
      count: 2,
    };
    const keyed = { ...admin, 'idempotency-key': 'order-jol-2026-001' };
    const before = (await t.app.inject({ url: '/api/admin/vouchers', headers: admin })).json<{
      total: number;
    }>().total;
    const [a, b] = await Promise.all([issue(order, keyed), issue(order, keyed)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    const repeat = await issue(order, keyed);
    expect(repeat.statusCode).toBe(409);
    expect(repeat.json()).toMatchObject({
      code: 'VOUCHER_ORDER_ISSUED',
      message: 'Hendan bíleggingin er longu givin út. Kotur verða bara vístar eina ferð.',
    });
    const after = (await t.app.inject({ url: '/api/admin/vouchers', headers: admin })).json<{
      total: number;
    }>().total;
    expect(after - before).toBe(2);
    // Another key is another order.
    expect(
      (await issue(order, { ...admin, 'idempotency-key': 'order-jol-2026-002' })).statusCode,
    ).toBe(201);
  });

  it('refuses orders that do not add up, with field errors', async () => {
    const base = {
      kind: 'value',
      name: 'Virðisskjal',
      amount: 10_000,
      codeType: 'premium',
      expiresAt: inAYear(),
    };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, amount: undefined }, 'amount'],
      [{ ...base, amount: 0 }, 'amount'],
      [{ ...base, amount: 12.5 }, 'amount'],
      [{ ...base, amount: 10_000_001 }, 'amount'],
      [{ ...base, product: 'carwash' }, 'product'],
      [{ ...base, kind: 'product', amount: undefined }, 'product'],
      [{ ...base, kind: 'product', product: 'spaceship', amount: undefined }, 'product'],
      [{ ...base, kind: 'coupon' }, 'kind'],
      [{ ...base, name: '   ' }, 'name'],
      [{ ...base, name: 'x'.repeat(10_000) }, 'name'],
      [{ ...base, codeType: 'qr' }, 'codeType'],
      [{ ...base, expiresAt: '2020-01-01T00:00:00Z' }, 'expiresAt'],
      [{ ...base, expiresAt: 'tomorrow' }, 'expiresAt'],
      [{ ...base, count: 0 }, 'count'],
      [{ ...base, count: 501 }, 'count'],
      [{ ...base, count: 2, code: 'CHOSEN2026' }, 'code'],
      [{ ...base, codeType: 'pin', code: 'CHOSEN2026' }, 'code'],
      [{ ...base, code: 'ab' }, 'code'],
      [{ ...base, extra: true }, 'extra'],
    ];
    for (const [payload, field] of cases) {
      const res = await issue(payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(Object.keys(res.json<{ fieldErrors: object }>().fieldErrors)).toContain(field);
    }
    const list = (await t.app.inject({ url: '/api/admin/vouchers', headers: admin })).json<{
      items: { name: string }[];
    }>();
    expect(list.items.map((i) => i.name)).not.toContain('Virðisskjal');
  });

  it('is closed to customers (403) and to callers without a valid session (401)', async () => {
    const user = await registerUser(t.app);
    const order = {
      kind: 'value',
      name: 'Ikki loyvt',
      amount: 10_000,
      codeType: 'premium',
      expiresAt: inAYear(),
    };
    const cases: [Record<string, string>, number][] = [
      [{}, 401],
      [{ authorization: 'Bearer wrong' }, 401],
      [{ authorization: `Bearer ${'x'.repeat(43)}` }, 401],
      [bearer(user.token), 403],
    ];
    for (const [headers, status] of cases) {
      const issued = await issue(order, headers);
      expect(issued.statusCode).toBe(status);
      expect(issued.headers['cache-control']).toBe('no-store');
      expect((await t.app.inject({ url: '/api/admin/vouchers', headers })).statusCode).toBe(status);
    }
    expect((await issue(order, bearer(user.token))).json()).toMatchObject({
      statusCode: 403,
      code: 'FORBIDDEN',
      message: 'Tú hevur ikki loyvi til hetta.',
    });
    const list = (await t.app.inject({ url: '/api/admin/vouchers', headers: admin })).json<{
      items: { name: string }[];
    }>();
    expect(list.items.map((i) => i.name)).not.toContain('Ikki loyvt');
  });

  it('gives the vouchers to operators only, not to station-bound staff', async () => {
    const order = { kind: 'value', name: 'Ikki til køkin', amount: 100, codeType: 'pin' };
    for (const role of ['station', 'kitchen'] as const) {
      const headers = bearer(await signInAsStaff(t.app, { role }));
      expect((await issue({ ...order, expiresAt: inAYear() }, headers)).statusCode).toBe(403);
      expect((await t.app.inject({ url: '/api/admin/vouchers', headers })).statusCode).toBe(403);
    }
  });

  it('guards every documented /api/admin route: 401 without a session, 403 for a customer', async () => {
    const docs = (await t.app.inject({ url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    const routes = Object.entries(docs.paths)
      .filter(([path]) => path.startsWith('/api/admin/'))
      .flatMap(([path, methods]) => Object.keys(methods).map((method) => ({ path, method })));
    expect(routes.length).toBeGreaterThanOrEqual(4);
    const customer = bearer((await registerUser(t.app)).token);
    for (const { path, method } of routes) {
      const url = path.replace(/\{[^}]+\}/g, '1');
      const send = (headers: Record<string, string>) =>
        t.app.inject({ method: method.toUpperCase() as 'GET', url, headers, payload: {} });
      expect((await send({})).statusCode, `${method} ${path}`).toBe(401);
      expect((await send(customer)).statusCode, `${method} ${path}`).toBe(403);
    }
  });

  it('opens nothing with the retired ADMIN_TOKEN, configured or not', async () => {
    const old = { authorization: `Bearer ${ADMIN_TOKEN}` };
    const order = { kind: 'value', name: 'Gamla lykilin', amount: 100, codeType: 'pin' };
    expect((await issue({ ...order, expiresAt: inAYear() }, old)).statusCode).toBe(401);
    for (const url of ['/api/admin/vouchers', '/api/admin/stations', '/api/admin/stations/1'])
      expect((await t.app.inject({ url, headers: old })).statusCode, url).toBe(401);
    const docs = (await t.app.inject({ url: '/api/docs/json' })).json<{
      components: { securitySchemes: Record<string, unknown> };
    }>();
    expect(Object.keys(docs.components.securitySchemes)).toEqual(['bearerAuth']);
    expect(t.app.ctx.config).not.toHaveProperty('ADMIN_TOKEN');
  });
});
