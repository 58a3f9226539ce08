import type { Station } from '@stod/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stationPoints, stationProducts } from '../../db/schema/index.ts';
import { providerStationsSim } from '../../integrations/provider-stations/sim.ts';
import { seedStationNetwork } from '../../seed/index.ts';
import { seedStations } from '../../integrations/provider-stations/network.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedStationNetwork(t.app.ctx.db);
});
afterAll(() => t.close());

const list = async (query = '') => {
  const res = await t.app.inject({ url: `/api/stations/stod${query}` });
  expect(res.statusCode).toBe(200);
  return res.json<{ items: Station[]; total: number }>();
};

describe('GET /api/stations/{product}', () => {
  it('lists every seeded station with its products, pumps, bays and hours', async () => {
    const body = await list();
    expect(body.total).toBe(seedStations.length);
    expect(body.items).toHaveLength(seedStations.length);
    expect(new Set(body.items.map((s) => s.name))).toEqual(
      new Set(seedStations.map((s) => s.name)),
    );
    const klaksvik = body.items.find((s) => s.name === 'Støð Klaksvík');
    expect(klaksvik).toMatchObject({
      address: 'Klaksvíksvegur 80, 700 Klaksvík',
      location: { lat: 62.2266, lng: -6.589 },
      services: ['fuel', 'carwash', 'food'],
      tokheim_station_id: 'TK1005',
      pumps: [1, 2, 3, 4, 5, 6, 7, 8],
      carwashBays: [1, 2],
    });
    expect(klaksvik?.openingHours).toHaveLength(7);
    expect(klaksvik?.products.find((p) => p.code === 'NormalUnleaded')).toMatchObject({
      name: 'Blýfrítt 95',
      price: 1189,
      unit: 'litre',
      service: 'fuel',
    });
  });

  it('filters by service', async () => {
    const wash = await list('?service=carwash');
    expect(wash.total).toBe(seedStations.filter((s) => s.services.includes('carwash')).length);
    expect(
      wash.items.every((s) => s.services.includes('carwash') && s.carwashBays.length > 0),
    ).toBe(true);
    const food = await list('?service=food');
    expect(food.items.every((s) => s.services.includes('food'))).toBe(true);
    const bad = await t.app.inject({ url: '/api/stations/stod?service=spaceships' });
    expect(bad.statusCode).toBe(400);
  });

  it('answers 304 to a client that already holds the list', async () => {
    const first = await t.app.inject({ url: '/api/stations/stod' });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"/);
    const again = await t.app.inject({
      url: '/api/stations/stod',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const stale = await t.app.inject({
      url: '/api/stations/stod',
      headers: { 'if-none-match': 'W/"old"' },
    });
    expect(stale.statusCode).toBe(200);
  });
});

describe('GET /api/stations/{product}, read in one query', () => {
  it("answers each station's own products in sort order, and its pumps and bays lowest first", async () => {
    const { db } = t.app.ctx;
    const [body, products, points] = await Promise.all([
      list(),
      db.select().from(stationProducts),
      db.select().from(stationPoints),
    ]);
    for (const station of body.items) {
      const own = products
        .filter((p) => p.stationId === station.id)
        .sort((a, b) => a.sort - b.sort || a.id - b.id);
      expect(station.products.map((p) => p.id)).toEqual(own.map((p) => p.id));
      const numbers = (kind: 'pump' | 'bay') =>
        points
          .filter((p) => p.stationId === station.id && p.kind === kind)
          .map((p) => p.number)
          .sort((a, b) => a - b);
      expect(station.pumps).toEqual(numbers('pump'));
      expect(station.carwashBays).toEqual(numbers('bay'));
    }
    expect(body.items.some((station) => station.products.length > 1)).toBe(true);
    expect(body.items.some((station) => station.carwashBays.length === 0)).toBe(true);
  });
});

describe('GET /api/stations/{id} and /api/stations/{product}/{id}', () => {
  it('answers one station by id on both paths', async () => {
    const [first] = (await list()).items;
    const byId = await t.app.inject({ url: `/api/stations/${String(first?.id)}` });
    const byProduct = await t.app.inject({ url: `/api/stations/stod/${String(first?.id)}` });
    expect(byId.statusCode).toBe(200);
    expect(byId.json()).toEqual(first);
    expect(byProduct.json()).toEqual(first);
  });

  it('answers 404 for unknown ids and slugs, 400 for malformed ids', async () => {
    for (const url of [
      '/api/stations/999999',
      '/api/stations/stod/999999',
      '/api/stations/other',
      '/api/stations/other/1',
      '/api/stations/other-product-colors',
      '/api/stations/other-beverages',
    ]) {
      const res = await t.app.inject({ url, headers: { 'accept-language': 'en' } });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
    for (const url of [
      '/api/stations/12abc',
      '/api/stations/-1',
      '/api/stations/1.5',
      '/api/stations/99999999999',
      '/api/stations/stod/abc',
      '/api/stations/stod/0',
    ]) {
      const res = await t.app.inject({ url });
      expect([400, 404], url).toContain(res.statusCode);
      expect(res.statusCode, url).not.toBe(500);
    }
    expect((await t.app.inject({ url: '/api/stations/12abc' })).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/api/stations/99999999999' })).statusCode).toBe(400);
  });
});

describe('colours and beverages', () => {
  it('lists product colours and beverages with ETags', async () => {
    const colors = await t.app.inject({ url: '/api/stations/stod-product-colors' });
    expect(colors.statusCode).toBe(200);
    expect(colors.json().items).toContainEqual({ code: 'NormalUnleaded', color: '#15803d' });
    expect(colors.headers.etag).toBeDefined();
    const drinks = await t.app.inject({ url: '/api/stations/stod-beverages' });
    expect(drinks.json().items).toContainEqual(
      expect.objectContaining({ beverage_family: 'COFFEE', name: 'Kaffi', price: 2500 }),
    );
  });
});

describe("GET /api/stations (the payment provider's list)", () => {
  it('answers the list under data.items, keyed by the pump-system id', async () => {
    const res = await t.app.inject({ url: '/api/stations' });
    expect(res.statusCode).toBe(200);
    const items = res.json().data.items as { tokheim_station_id: string }[];
    expect(items.length).toBe(seedStations.length - 1);
    expect(items.map((i) => i.tokheim_station_id)).toContain('TK1001');
    expect(items.map((i) => i.tokheim_station_id)).not.toContain('TK1026');
  });

  it('answers a clean, localized 503 when the provider fails', async () => {
    const failing = await createTestApp({ PROVIDER_STATIONS_FAILURE_RATE: '1' });
    try {
      const res = await failing.app.inject({
        url: '/api/stations',
        headers: { 'accept-language': 'fo' },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        statusCode: 503,
        code: 'PROVIDER_UNAVAILABLE',
        message: 'Tað eydnaðist ikki at heinta støðir',
      });
    } finally {
      await failing.close();
    }
  });

  it('times out a provider slower than its limit', async () => {
    const slow = providerStationsSim({
      latencyMs: 10_000,
      failureRate: 0,
      timeoutMs: 100,
      random: () => 0.5,
    });
    await expect(slow.list()).rejects.toThrow(/timeout/);
  });
});

describe('product and beverage names in the language of the request', () => {
  const en = { 'accept-language': 'en' };

  it('answers English names to an English request, Faroese otherwise', async () => {
    const english = await t.app.inject({ url: '/api/stations/stod?service=food', headers: en });
    const names = (res: typeof english) =>
      res
        .json<{ items: Station[] }>()
        .items[0]!.products.filter((p) => p.service === 'food')
        .map((p) => p.name);
    expect(names(english)).toEqual(['Hot dog', 'Burger', 'Sandwich']);
    expect(names(await t.app.inject({ url: '/api/stations/stod?service=food' }))).toEqual([
      'Pylsa í breyði',
      'Burgari',
      'Smyrjibreyð',
    ]);
    const one = await t.app.inject({ url: '/api/stations/1', headers: en });
    expect(one.json<Station>().products.map((p) => p.name)).toContain('Unleaded 95');
    const drinks = await t.app.inject({ url: '/api/stations/stod-beverages', headers: en });
    expect(drinks.json().items).toContainEqual(
      expect.objectContaining({ beverage_family: 'HOT_CHOCOLATE', name: 'Hot chocolate' }),
    );
  });

  it('tells caches that the answer depends on the language, with a tag per language', async () => {
    const fo = await t.app.inject({ url: '/api/stations/stod' });
    const english = await t.app.inject({ url: '/api/stations/stod', headers: en });
    expect(fo.headers.vary).toMatch(/accept-language/i);
    expect(english.headers.etag).not.toBe(fo.headers.etag);
    // The Faroese tag does not stand for the English answer.
    const held = await t.app.inject({
      url: '/api/stations/stod',
      headers: { ...en, 'if-none-match': fo.headers.etag as string },
    });
    expect(held.statusCode).toBe(200);
  });

  it('falls back to the Faroese name where the operator wrote no English', async () => {
    await t.app.ctx.db.insert(stationProducts).values({
      stationId: 2,
      service: 'food',
      code: 'Kleinur',
      name: 'Kleinur',
      price: 1500,
      unit: 'item',
      sort: 9,
    });
    const one = await t.app.inject({ url: '/api/stations/2', headers: en });
    expect(one.json<Station>().products.map((p) => p.name)).toContain('Kleinur');
  });
});
