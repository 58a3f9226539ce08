import { randomUUID } from 'node:crypto';
import type { AdminVoucher, LiabilityReport } from '@stod/domain';
import { sql } from 'drizzle-orm';
import { userVouchers, voucherCodes } from '../../db/schema/index.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, registerUser, type TestApp } from '../../test/app.ts';
import { signInAsStaff } from '../../test/staff.ts';

// The voucher lifecycle for the operator: a code found as printed, who redeemed it, blocked and
// let go again, and a batch exported as CSV that never holds the codes.

let t: TestApp;
let operator: string;
let batch: string;
let codes: string[];
beforeAll(async () => {
  t = await createTestApp();
  operator = await signInAsStaff(t.app, { role: 'operator' });
  batch = `jol-${randomUUID()}`;
  const issued = await t.app.inject({
    method: 'POST',
    url: '/api/admin/vouchers',
    headers: { ...bearer(operator), 'idempotency-key': batch },
    payload: {
      kind: 'gift_card',
      name: 'Jólagáva',
      amount: 20_000,
      codeType: 'pin',
      expiresAt: new Date(Date.now() + 86_400_000 * 30).toISOString(),
      count: 3,
    },
  });
  expect(issued.statusCode, issued.body).toBe(201);
  codes = issued.json<{ items: { code: string }[] }>().items.map((i) => i.code);
});
afterAll(() => t.close());

const search = async (query: string, token = operator) =>
  t.app.inject({ url: `/api/admin/vouchers?${query}`, headers: bearer(token) });
const found = async (q: string) =>
  (await search(`q=${encodeURIComponent(q)}`)).json<{ total: number; items: AdminVoucher[] }>();
const block = (code: string, blocked = true, token = operator) =>
  t.app.inject({
    method: blocked ? 'POST' : 'DELETE',
    url: `/api/admin/vouchers/${encodeURIComponent(code)}/block`,
    headers: bearer(token),
  });
const redeem = (token: string, code: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/vouchers/redeem',
    headers: bearer(token),
    payload: { code },
  });
const wallet = async (token: string) =>
  (await t.app.inject({ url: '/api/vouchers', headers: bearer(token) })).json<{
    balance: number;
  }>();

describe('GET /api/admin/vouchers?q=', () => {
  it('finds a code as printed, with spaces or dashes, and says who redeemed it and when', async () => {
    const [first = ''] = codes;
    const before = await found(first.toLowerCase().replace(/(.{4})/g, '$1 '));
    expect(before.total).toBe(1);
    expect(before.items[0]).toMatchObject({ redeemedAt: null, redeemedBy: null, batch });

    const customer = await registerUser(t.app);
    expect((await redeem(customer.token, first)).statusCode).toBe(201);
    const after = await found(first);
    expect(after.items[0]?.redeemedAt).not.toBeNull();
    expect(after.items[0]?.redeemedBy).toMatchObject({ email: customer.email });
    // By its id too, and a batch lists its codes.
    expect((await found(after.items[0]?.id ?? '')).total).toBe(1);
    const listed = (await search(`batch=${batch}`)).json<{ total: number }>();
    expect(listed.total).toBe(3);
    expect((await found('no such code at all')).total).toBe(0);
    expect((await search(`q=${'x'.repeat(121)}`)).statusCode).toBe(400);
  });
});

describe('POST /api/admin/vouchers/{code}/block', () => {
  it('blocks a code: redeeming it is refused in plain words, until it is let go again', async () => {
    const code = codes[1] ?? '';
    const blocked = await block(code);
    expect(blocked.statusCode, blocked.body).toBe(200);
    const since = blocked.json<AdminVoucher>().blockedAt;
    expect(since).not.toBeNull();
    // Again: as it is, blocked since the first time.
    expect((await block(code)).json<AdminVoucher>().blockedAt).toBe(since);

    const customer = await registerUser(t.app);
    const refused = await redeem(customer.token, code);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      code: 'VOUCHER_BLOCKED',
      message:
        'Tað eydnaðist ikki at innloysa gávukortið: kotan er stongd. Set teg í samband við okkum.',
    });
    expect((await wallet(customer.token)).balance).toBe(0);

    expect((await block(code, false)).json<AdminVoucher>().blockedAt).toBeNull();
    expect((await redeem(customer.token, code)).statusCode).toBe(201);
    expect((await wallet(customer.token)).balance).toBe(20_000);
  });

  it('blocks a voucher already redeemed: its balance can no longer be spent', async () => {
    const code = codes[2] ?? '';
    const customer = await registerUser(t.app);
    await redeem(customer.token, code);
    expect((await wallet(customer.token)).balance).toBe(20_000);
    const id = (await found(code)).items[0]?.id ?? '';
    expect((await block(id)).statusCode).toBe(200);
    expect((await wallet(customer.token)).balance).toBe(0);
    await block(id, false);
    expect((await wallet(customer.token)).balance).toBe(20_000);
  });

  it('answers 404 for no such code and keeps the block in the audit log', async () => {
    expect((await block('NOSUCHCODE1')).statusCode).toBe(404);
    expect((await block(randomUUID())).statusCode).toBe(404);
    const page = await t.app.inject({
      url: `/api/admin/audit?action=${encodeURIComponent('POST /api/admin/vouchers/:code/block')}`,
      headers: bearer(operator),
    });
    const entries = page.json<{ items: { status: number; before: unknown; after: unknown }[] }>();
    const done = entries.items.find((e) => e.status === 200);
    expect(done?.before).toMatchObject({ blockedAt: null });
    expect(done?.after).toMatchObject({ blockedAt: expect.any(String) });
  });
});

describe('GET /api/admin/vouchers/batches/{batch}/csv', () => {
  it('exports a batch for the books, with who redeemed what, and never a code', async () => {
    const res = await t.app.inject({
      url: `/api/admin/vouchers/batches/${batch}/csv`,
      headers: bearer(operator),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('attachment');
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'id,kind,name,amount_kr,product,expires_at,redeemed_at,redeemed_by,blocked_at',
    );
    expect(lines).toHaveLength(4);
    // Every code of the batch was redeemed by the tests before.
    expect(lines.slice(1).filter((l) => l.includes('@')).length).toBe(3);
    for (const line of lines.slice(1)) expect(line).toContain(',gift_card,Jólagáva,200.00,');
    for (const code of codes) expect(res.body).not.toContain(code);
    const unknown = await t.app.inject({
      url: '/api/admin/vouchers/batches/no-such-batch/csv',
      headers: bearer(operator),
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('who may', () => {
  it('lets only operators search, block and export', async () => {
    for (const token of [
      await signInAsStaff(t.app, { role: 'support' }),
      await signInAsStaff(t.app, { role: 'station' }),
      (await registerUser(t.app)).token,
    ]) {
      expect((await search('q=x', token)).statusCode).toBe(403);
      expect((await block(codes[0] ?? '', true, token)).statusCode).toBe(403);
      const csv = await t.app.inject({
        url: `/api/admin/vouchers/batches/${batch}/csv`,
        headers: bearer(token),
      });
      expect(csv.statusCode).toBe(403);
    }
    expect((await found(codes[0] ?? '')).items[0]?.blockedAt).toBeNull();
  });
});

describe('GET /api/admin/reports/liability', () => {
  const report = async (token = operator) =>
    t.app.inject({ url: '/api/admin/reports/liability', headers: bearer(token) });
  const valueOf = async () =>
    (await report()).json<LiabilityReport>().byKind.find((k) => k.kind === 'value')!;

  it('equals the balances left and the codes not yet redeemed, and follows each change', async () => {
    const before = await valueOf();
    const issued = await t.app.inject({
      method: 'POST',
      url: '/api/admin/vouchers',
      headers: { ...bearer(operator), 'idempotency-key': randomUUID() },
      payload: {
        kind: 'value',
        name: 'Virði',
        amount: 5_000,
        codeType: 'pin',
        expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
        count: 2,
      },
    });
    const [a = '', b = ''] = issued.json<{ items: { code: string }[] }>().items.map((i) => i.code);
    expect(await valueOf()).toMatchObject({
      unredeemed: before.unredeemed + 10_000,
      unredeemedCount: before.unredeemedCount + 2,
      redeemed: before.redeemed,
    });
    const customer = await registerUser(t.app);
    await redeem(customer.token, a);
    await block(b);
    expect(await valueOf()).toMatchObject({
      unredeemed: before.unredeemed,
      redeemed: before.redeemed + 5_000,
      total: before.total + 5_000,
    });

    // The same sums, read straight from the tables.
    const body = (await report()).json<LiabilityReport>();
    const [wallets] = await t.app.ctx.db
      .select({ sum: sql<string>`coalesce(sum(${userVouchers.balance}), 0)::text` })
      .from(userVouchers)
      .where(sql`balance > 0 and expires_at > now() and blocked_at is null`);
    const [unredeemed] = await t.app.ctx.db
      .select({ sum: sql<string>`coalesce(sum(${voucherCodes.amount}), 0)::text` })
      .from(voucherCodes)
      .where(sql`redeemed_at is null and blocked_at is null and expires_at > now() and amount > 0`);
    expect(body.total).toBe(Number(wallets?.sum) + Number(unredeemed?.sum));
  });

  it('is the operator’s and finance’s only', async () => {
    expect((await report(await signInAsStaff(t.app, { role: 'finance' }))).statusCode).toBe(200);
    for (const token of [
      await signInAsStaff(t.app, { role: 'support' }),
      (await registerUser(t.app)).token,
    ])
      expect((await report(token)).statusCode).toBe(403);
  });
});
