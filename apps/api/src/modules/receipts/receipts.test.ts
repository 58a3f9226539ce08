import type { Receipt } from '@stod/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedReceipts } from '../../seed/receipts.ts';
import { bearer, createTestApp, registerUser, type TestApp } from '../../test/app.ts';
import { pdfText } from '../../test/pdf-text.ts';
import { createReceipt } from './service.ts';

let t: TestApp;
let owner: { token: string };
let other: { token: string };
let receipts: Receipt[];

beforeAll(async () => {
  t = await createTestApp();
  owner = await registerUser(t.app);
  other = await registerUser(t.app);
  const id = (await t.app.inject({ url: '/api/user/v2', headers: bearer(owner.token) })).json<{
    id: string;
  }>().id;
  await seedReceipts(t.app.ctx.db, id);
  const all = await t.app.inject({ url: '/api/receipts?take=100', headers: bearer(owner.token) });
  receipts = all.json<{ items: Receipt[] }>().items;
});
afterAll(() => t.close());

const byType = (type: Receipt['productType']) => receipts.find((r) => r.productType === type)!;

describe('GET /api/receipts', () => {
  it('pages newest first with the total, for load more', async () => {
    const first = await t.app.inject({
      url: '/api/receipts?take=10',
      headers: bearer(owner.token),
    });
    expect(first.statusCode).toBe(200);
    const page1 = first.json<{ items: Receipt[]; total: number }>();
    expect(page1.total).toBe(22);
    expect(page1.items).toHaveLength(10);
    const times = page1.items.map((r) => Date.parse(r.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const last = await t.app.inject({
      url: '/api/receipts?offset=20&take=10',
      headers: bearer(owner.token),
    });
    expect(last.json<{ items: Receipt[] }>().items).toHaveLength(2);
    const ids = new Set(
      [...page1.items, ...last.json<{ items: Receipt[] }>().items].map((r) => r.id),
    );
    expect(ids.size).toBe(12);
    expect(last.json<{ total: number }>().total).toBe(22);
  });

  it('answers the total with a page past the end too', async () => {
    const res = await t.app.inject({
      url: '/api/receipts?offset=30&take=10',
      headers: bearer(owner.token),
    });
    expect(res.json()).toEqual({ items: [], total: 22 });
  });

  it('shows another user none of them', async () => {
    const res = await t.app.inject({ url: '/api/receipts', headers: bearer(other.token) });
    expect(res.json()).toEqual({ items: [], total: 0 });
  });

  it('rejects bad paging and a missing token', async () => {
    for (const q of ['take=0', 'take=101', 'offset=-1', 'take=abc', 'offset=1.5']) {
      const res = await t.app.inject({ url: `/api/receipts?${q}`, headers: bearer(owner.token) });
      expect(res.statusCode, q).toBe(400);
    }
    expect((await t.app.inject({ url: '/api/receipts' })).statusCode).toBe(401);
  });
});

describe('GET /api/receipts/{id}', () => {
  it("answers the owner's receipt with VAT computed once, and 404 to anyone else", async () => {
    const fuel = byType('Fuel');
    const res = await t.app.inject({
      url: `/api/receipts/${fuel.id}`,
      headers: bearer(owner.token),
    });
    expect(res.json()).toMatchObject({
      productType: 'Fuel',
      productDescription: 'NormalUnleaded',
      unitPrice: 1189,
    });
    expect(fuel.vatAmount).toBe(Math.round(fuel.amount / 5));
    const stranger = await t.app.inject({
      url: `/api/receipts/${fuel.id}`,
      headers: bearer(other.token),
    });
    expect(stranger.statusCode).toBe(404);
    const pdf = await t.app.inject({
      url: `/api/receipts/${fuel.id}/pdf`,
      headers: bearer(other.token),
    });
    expect(pdf.statusCode).toBe(404);
    const bad = await t.app.inject({
      url: '/api/receipts/not-a-uuid',
      headers: bearer(owner.token),
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('GET /api/receipts/{id}/pdf', () => {
  const text = async (receipt: Receipt, locale = 'fo') => {
    const res = await t.app.inject({
      url: `/api/receipts/${receipt.id}/pdf`,
      headers: { ...bearer(owner.token), 'accept-language': locale },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain('.pdf');
    return pdfText(res.rawPayload);
  };

  it('renders a fuel receipt with Blýfrítt 95, litres, price per litre, VAT and the footer', async () => {
    const fuel = byType('Fuel');
    const lines = await text(fuel);
    expect(lines).toContain('Blýfrítt 95');
    expect(lines).toContain('Litrar');
    expect(lines).toContain('Prís pr. litur');
    expect(lines).toContain('11,89 kr.');
    expect(lines).toContain('MVG (25%)');
    expect(lines).toContain(fuel.id);
    expect(lines).toMatch(
      /\d{2}\. (jan|feb|mar|apr|mai|jun|jul|aug|sep|okt|nov|des)\. \d{4} kl\. \d{2}\.\d{2}/,
    );
    expect(lines).toContain('Havnarvegur 1, 100 Tórshavn');
    expect(lines).toContain(fuel.stationName!);
  });

  it('prints the provider once on a receipt without a station', async () => {
    const unstationed = receipts.find((r) => r.stationName === null)!;
    const lines = await text(unstationed);
    // The heading and the footer's company name; no second heading as the point of sale.
    const headings = lines.split('\n').filter((line) => line.trim() === 'Støð');
    expect(headings).toHaveLength(1);
  });

  it('names the receipt in the language asked for, from the domain messages', async () => {
    const fuel = byType('Fuel');
    const fo = await text(fuel, 'fo');
    expect(fo).toContain(`Kvittan ${fuel.id}`);
    expect(fo).not.toContain('Receipt');
    const en = await text(fuel, 'en');
    expect(en).toContain(`Receipt ${fuel.id}`);
    expect(en).toContain('Litres');
    expect(en).toContain('Price per litre');
    expect(en).not.toContain('Kvittan');
  });

  it('renders food offers with nested items and ingredient changes', async () => {
    const lines = await text(byType('Food'));
    expect(lines).toContain('2 × Burgaratilboð');
    expect(lines).toContain('1 × Burgari');
    expect(lines).toContain('+ Ostur');
    expect(lines).toContain('5,00 kr.');
    expect(lines).toContain('- Leykur');
    expect(lines).toContain('1 × Pylsa í breyði');
  });

  it('renders charging with kWh and minutes, and the provider as point of sale', async () => {
    const lines = await text(byType('Charge'), 'en');
    expect(lines).toContain('Streymur');
    expect(lines).toMatch(/kWh ×/);
    expect(lines).toMatch(/45 min\. × 3,00 kr\./);
    expect(lines).toContain('Total time');
    expect(lines).toContain('95 min.');
    expect(lines.split('\n')).toContain('Støð');
  });

  it("renders a car wash as its programme plus 'bilvask'", async () => {
    const wash = byType('Carwash');
    expect(await text(wash)).toContain(`${wash.productDescription} bilvask`);
  });

  it('keeps every Faroese letter', async () => {
    const owned = (await t.app.inject({ url: '/api/user/v2', headers: bearer(owner.token) })).json<{
      id: string;
    }>();
    const receipt = await createReceipt(t.app.ctx.db, {
      userId: owned.id,
      stationName: 'Støð Miðvágur á Ý',
      productType: 'Carwash',
      productDescription: 'Ávís ÆØÐ æøð íóúý',
      amount: 9900,
    });
    const lines = await text(receipt);
    expect(lines).toContain('Støð Miðvágur á Ý');
    expect(lines).toContain('Ávís ÆØÐ æøð íóúý bilvask');
  });
});
