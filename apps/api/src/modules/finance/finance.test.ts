import { randomUUID } from 'node:crypto';
import type { SalesReport, VatReport } from '@stod/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments, users, userVouchers, voucherSpends } from '../../db/schema/index.ts';
import { bearer, createTestApp, registerUser, type TestApp } from '../../test/app.ts';
import { signInAsStaff } from '../../test/staff.ts';
import { createReceipt, type NewReceipt } from '../receipts/index.ts';

// The finance reports: a seeded month of receipts, counted by station, day, service and
// product, with VAT, voucher spends and refunds apart; the VAT month; the CSV files; the roles.

let t: TestApp;
let finance: string;
let operator: string;
let userId: string;

const get = (path: string, token = finance) => t.app.inject({ url: path, headers: bearer(token) });

async function payment(purpose: string, amount: number) {
  const [row] = await t.app.ctx.db
    .insert(payments)
    .values({
      userId,
      purpose,
      reference: randomUUID(),
      idempotencyKey: randomUUID(),
      status: 'captured',
      amountHeld: amount,
      amountCaptured: amount,
    })
    .returning();
  return row!.id;
}

const receipt = (input: Omit<NewReceipt, 'userId'>) =>
  createReceipt(t.app.ctx.db, { userId, ...input });

beforeAll(async () => {
  t = await createTestApp();
  finance = await signInAsStaff(t.app, { role: 'finance' });
  operator = await signInAsStaff(t.app, { role: 'operator' });
  const customer = await registerUser(t.app);
  const [row] = await t.app.ctx.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, customer.email));
  userId = row!.id;

  // A gift card redeemed, 20 kr. of which paid part of the diesel.
  const issued = await t.app.inject({
    method: 'POST',
    url: '/api/admin/vouchers',
    headers: { ...bearer(operator), 'idempotency-key': randomUUID() },
    payload: {
      kind: 'gift_card',
      name: 'Gávukort',
      amount: 10_000,
      codeType: 'pin',
      expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
      count: 1,
    },
  });
  const code = issued.json<{ items: { code: string }[] }>().items[0]?.code ?? '';
  const redeemed = await t.app.inject({
    method: 'POST',
    url: '/api/vouchers/redeem',
    headers: bearer(customer.token),
    payload: { code },
  });
  expect(redeemed.statusCode, redeemed.body).toBe(201);
  const [voucher] = await t.app.ctx.db.select().from(userVouchers);

  // March 2025 in the Faroe Islands: winter time until 30 March, summer time after.
  const fuel = await payment('fuel', 8_000);
  await t.app.ctx.db
    .insert(voucherSpends)
    .values({ userVoucherId: voucher!.id, idempotencyKey: 'x', amount: 2_000, paymentId: fuel });
  const diesel = await receipt({
    paymentId: fuel,
    stationName: 'Støð A',
    productType: 'Fuel',
    productDescription: 'Diesel',
    amount: 10_000,
    createdAt: new Date('2025-03-05T10:00:00Z'),
  });
  await receipt({
    stationName: 'Støð B',
    productType: 'Carwash',
    productDescription: 'Grundvask',
    amount: 15_000,
    createdAt: new Date('2025-03-06T12:00:00Z'),
  });
  // 31 March 23:30 summer time: still March.
  await receipt({
    paymentId: await payment('food', 8_000),
    stationName: 'Støð A',
    productType: 'Food',
    productDescription: 'Burgari',
    amount: 8_000,
    createdAt: new Date('2025-03-31T22:30:00Z'),
  });
  await receipt({
    paymentId: await payment('subscriptions', 9_900),
    stationName: null,
    productType: 'Food',
    productDescription: 'Kaffi-áskrift',
    amount: 9_900,
    createdAt: new Date('2025-03-10T08:00:00Z'),
  });
  // 25 kr. of the diesel given back two days after.
  await receipt({
    stationName: 'Støð A',
    productType: 'Fuel',
    productDescription: 'Endurgjald · Diesel',
    amount: -2_500,
    data: { creditOf: diesel.id },
    creditKey: `${fuel}:support:${randomUUID()}`,
    createdAt: new Date('2025-03-07T09:00:00Z'),
  });
  // Outside the month: 28 February 23:30 winter time, and 1 April 00:30 summer time.
  for (const at of ['2025-02-28T23:30:00Z', '2025-03-31T23:30:00Z'])
    await receipt({
      stationName: 'Støð A',
      productType: 'Fuel',
      productDescription: 'Diesel',
      amount: 5_000,
      createdAt: new Date(at),
    });
});
afterAll(() => t.close());

const march = 'from=2025-03-01&to=2025-03-31';

describe('GET /api/admin/reports/sales', () => {
  it('counts the month by station, with refunds under the sale they give back', async () => {
    const res = await get(`/api/admin/reports/sales?${march}&groupBy=station`);
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json<SalesReport>();
    expect(report.rows.map((r) => r.key)).toEqual(['Støð A', 'Støð B', '']);
    expect(report.rows[0]).toEqual({
      key: 'Støð A',
      sales: 2,
      gross: 18_000,
      vat: 2_000 + 1_600,
      voucher: 2_000,
      card: 16_000,
      refundCount: 1,
      refunds: 2_500,
      refundVat: 500,
      net: 15_500,
      netVat: 3_100,
    });
    expect(report.total).toMatchObject({ sales: 4, gross: 42_900, refunds: 2_500, net: 40_400 });
  });

  it('adds up to the receipts of the month, whatever the grouping', async () => {
    const [sums] = (
      (await t.app.ctx.db.execute(sql`
        select coalesce(sum(amount), 0)::int as net, coalesce(sum(vat_amount), 0)::int as vat
        from receipts
        where created_at >= timestamp '2025-03-01' at time zone 'Atlantic/Faroe'
          and created_at < timestamp '2025-04-01' at time zone 'Atlantic/Faroe'`)) as {
        rows: { net: number; vat: number }[];
      }
    ).rows;
    for (const groupBy of ['station', 'day', 'service', 'product']) {
      const report = (
        await get(`/api/admin/reports/sales?${march}&groupBy=${groupBy}`)
      ).json<SalesReport>();
      expect(report.total.net, groupBy).toBe(sums?.net);
      expect(report.total.netVat, groupBy).toBe(sums?.vat);
      expect(
        report.rows.reduce((sum, r) => sum + r.net, 0),
        groupBy,
      ).toBe(sums?.net);
    }
  });

  it('names the service from the payment, the day in Faroe time and the product of a refund', async () => {
    const services = (
      await get(`/api/admin/reports/sales?${march}&groupBy=service`)
    ).json<SalesReport>();
    expect(Object.fromEntries(services.rows.map((r) => [r.key, r.net]))).toEqual({
      carwash: 15_000,
      food: 8_000,
      fuel: 7_500,
      subscriptions: 9_900,
    });
    const days = (await get(`/api/admin/reports/sales?${march}&groupBy=day`)).json<SalesReport>();
    expect(days.rows.map((r) => r.key)).toEqual([
      '2025-03-05',
      '2025-03-06',
      '2025-03-07',
      '2025-03-10',
      '2025-03-31',
    ]);
    const products = (
      await get(`/api/admin/reports/sales?${march}&groupBy=product`)
    ).json<SalesReport>();
    expect(products.rows.find((r) => r.key === 'Diesel')).toMatchObject({
      gross: 10_000,
      refunds: 2_500,
    });
    // One day: the first of April (summer time) holds the receipt written at 23:30 UTC.
    const april = (
      await get('/api/admin/reports/sales?from=2025-04-01&to=2025-04-01&groupBy=day')
    ).json<SalesReport>();
    expect(april.rows).toEqual([expect.objectContaining({ key: '2025-04-01', gross: 5_000 })]);
  });

  it('answers CSV with a total line', async () => {
    const res = await get(`/api/admin/reports/sales?${march}&groupBy=station&format=csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('sales-2025-03-01-2025-03-31-station.csv');
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'station,sales,gross_kr,vat_kr,voucher_kr,card_kr,refund_count,refunds_kr,refund_vat_kr,net_kr,net_vat_kr',
    );
    expect(lines[1]).toBe('Støð A,2,180.00,36.00,20.00,160.00,1,25.00,5.00,155.00,31.00');
    expect(lines.at(-1)).toBe('total,4,429.00,85.80,20.00,409.00,1,25.00,5.00,404.00,80.80');
  });

  it('refuses a span that is not one, in the caller’s language', async () => {
    for (const query of [
      'from=2025-03-31&to=2025-03-01',
      'from=2024-01-01&to=2025-03-01',
      'from=2025-02-30&to=2025-03-01',
      'from=2025-03-01',
      `${march}&groupBy=week`,
      `${march}&format=pdf`,
    ]) {
      const res = await get(`/api/admin/reports/sales?${query}`);
      expect(res.statusCode, query).toBe(400);
    }
    const reversed = await t.app.inject({
      url: '/api/admin/reports/sales?from=2025-03-31&to=2025-03-01',
      headers: { ...bearer(finance), 'accept-language': 'fo' },
    });
    expect(reversed.json()).toMatchObject({
      fieldErrors: { to: 'Seinasti dagur kann ikki vera undan fyrsta degi.' },
    });
  });
});

describe('GET /api/admin/reports/vat', () => {
  it('gives the month’s VAT by day and service, and as CSV', async () => {
    const report = (await get('/api/admin/reports/vat?month=2025-03')).json<VatReport>();
    expect(report.vatRate).toBe(25);
    expect(report.total).toMatchObject({
      gross: 42_900,
      vat: 8_580,
      refundVat: 500,
      netVat: 8_080,
    });
    expect(report.services.map((s) => s.key)).toEqual(['carwash', 'food', 'fuel', 'subscriptions']);
    expect(report.days).toHaveLength(5);
    const csv = await get('/api/admin/reports/vat?month=2025-03&format=csv');
    expect(csv.headers['content-disposition']).toContain('vat-2025-03.csv');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]?.startsWith('day,')).toBe(true);
    expect(lines).toHaveLength(7);
    expect(lines.at(-1)).toBe('total,4,429.00,85.80,20.00,409.00,1,25.00,5.00,404.00,80.80');
    const empty = (await get('/api/admin/reports/vat?month=2019-01')).json<VatReport>();
    expect(empty).toMatchObject({ days: [], total: { gross: 0, netVat: 0 } });
    for (const month of ['2025-13', '2025-3', 'march'])
      expect((await get(`/api/admin/reports/vat?month=${month}`)).statusCode).toBe(400);
  });
});

describe('the reports’ roles', () => {
  it('opens them to the operator and finance only', async () => {
    const paths = [
      `/api/admin/reports/sales?${march}`,
      '/api/admin/reports/vat?month=2025-03',
      '/api/admin/reports/liability',
      '/api/admin/payouts',
    ];
    for (const path of paths) {
      expect((await get(path, operator)).statusCode, path).toBe(200);
      expect((await get(path, finance)).statusCode, path).toBe(200);
    }
    const others = [
      await signInAsStaff(t.app, { role: 'support' }),
      await signInAsStaff(t.app, { role: 'station' }),
      (await registerUser(t.app)).token,
    ];
    for (const token of others)
      for (const path of paths) expect((await get(path, token)).statusCode, path).toBe(403);
    expect((await t.app.inject({ url: paths[0] })).statusCode).toBe(401);
  });

  it('gives finance its own first screen and none of the operator’s other work', async () => {
    const me = await get('/api/admin/me');
    expect(me.json()).toMatchObject({ role: 'finance' });
    expect((await get('/api/admin/vouchers')).statusCode).toBe(403);
    expect((await get('/api/admin/staff')).statusCode).toBe(403);
  });
});
