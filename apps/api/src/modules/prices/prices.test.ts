import { randomUUID } from 'node:crypto';
import type { StationPrices, StationTransaction } from '@stod/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ForecourtError } from '../../integrations/forecourt/port.ts';
import type { ForecourtSim } from '../../integrations/forecourt/sim.ts';
import { priceChanges, stations } from '../../db/schema/index.ts';
import { seedStationNetwork } from '../../seed/index.ts';
import {
  bearer,
  createTestApp,
  registerUser,
  secondProcess,
  type TestApp,
} from '../../test/app.ts';
import { signInAsStaff } from '../../test/staff.ts';
import { cardCustomer } from '../../test/stations.ts';
import { settlePrices } from './service.ts';

// Prices with guardrails: an operator changes a station's prices now or from a set time, within
// each product's bounds; the customer's next start takes the new price.

let t: TestApp;
let site: string;
let operator: string;
let stationId: number;
let otherId: number;
let diesel: StationPrices['items'][number];
let unleaded: StationPrices['items'][number];

beforeAll(async () => {
  t = await createTestApp({ SIM_SPEED: '200' });
  await seedStationNetwork(t.app.ctx.db);
  operator = await signInAsStaff(t.app, { role: 'operator' });
  const rows = await t.app.ctx.db.select().from(stations).orderBy(stations.id);
  stationId = rows.find((s) => s.name === 'Støð Tórshavn Miðbýur')?.id ?? 0;
  otherId = rows.find((s) => s.name === 'Støð Argir')?.id ?? 0;
  site = rows.find((s) => s.id === stationId)?.tokheimStationId ?? '';
  const list = await prices();
  diesel = list.items.find((p) => p.code === 'Diesel')!;
  unleaded = list.items.find((p) => p.code === 'NormalUnleaded')!;
});
afterAll(() => t.close());

async function prices(id = stationId, token = operator) {
  const res = await t.app.inject({
    url: `/api/admin/stations/${String(id)}/prices`,
    headers: bearer(token),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<StationPrices>();
}

const put = (items: object[], token = operator, id = stationId) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/admin/stations/${String(id)}/prices`,
    headers: bearer(token),
    payload: { items },
  });

const bounds = (productId: number, payload: object, token = operator) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/admin/products/${String(productId)}/bounds`,
    headers: bearer(token),
    payload,
  });

const customerPrice = async (productId: number) =>
  (await t.app.inject({ url: `/api/stations/stod/${String(stationId)}` }))
    .json<{ products: { id: number; price: number }[] }>()
    .products.find((p) => p.id === productId)?.price;

describe('GET /api/admin/stations/{id}/prices', () => {
  it('lists the station’s products with their prices and the seeded bounds', () => {
    expect(diesel).toMatchObject({ service: 'fuel', unit: 'litre', scheduled: [] });
    expect(diesel.bounds).toEqual({
      min: Math.round(diesel.price / 2),
      max: diesel.price * 2,
    });
  });
});

describe('PUT /api/admin/stations/{id}/prices', () => {
  it('changes a price at once: the app shows it, and the next fill starts at it', async () => {
    const res = await put([{ productId: unleaded.productId, price: unleaded.price + 20 }]);
    expect(res.statusCode, res.body).toBe(200);
    expect(
      res.json<StationPrices>().items.find((p) => p.productId === unleaded.productId)?.price,
    ).toBe(unleaded.price + 20);
    expect(await customerPrice(unleaded.productId)).toBe(unleaded.price + 20);

    const c = await cardCustomer(t.app);
    const fill = await t.app.inject({
      method: 'POST',
      url: '/api/fuel/transactions',
      headers: { ...bearer(c.token), 'idempotency-key': randomUUID() },
      payload: {
        stationId,
        pumpNumber: 4,
        productId: unleaded.productId,
        paymentMethodId: c.cardId,
      },
    });
    expect(fill.statusCode, fill.body).toBe(201);
    const started = fill.json<StationTransaction>();
    expect(started.product.price).toBe(unleaded.price + 20);
    // The fill keeps the price it started with when the price moves again.
    await put([{ productId: unleaded.productId, price: unleaded.price }]);
    const again = await t.app.inject({
      url: `/api/transactions/${started.id}`,
      headers: bearer(c.token),
    });
    expect(again.json<StationTransaction>().product.price).toBe(unleaded.price + 20);
    await t.app.inject({
      method: 'POST',
      url: `/api/transactions/${started.id}/cancel`,
      headers: bearer(c.token),
    });
  });

  it('refuses a price outside its bounds in the caller’s language, and changes nothing of the lot', async () => {
    const res = await put([
      { productId: unleaded.productId, price: unleaded.price + 5 },
      { productId: diesel.productId, price: diesel.price * 10 },
    ]);
    expect(res.statusCode).toBe(422);
    const body = res.json<{ code: string; message: string; fieldErrors: object }>();
    expect(body.code).toBe('PRICE_OUT_OF_BOUNDS');
    expect(body.message).toMatch(/^Prísurin á .+ má vera millum \d+,\d{2} kr\. og \d+,\d{2} kr\./);
    expect(body.fieldErrors).toEqual({ 'items.1.price': 'Uttan fyri prísmarkið.' });
    const english = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/stations/${String(stationId)}/prices`,
      headers: { ...bearer(operator), 'accept-language': 'en' },
      payload: { items: [{ productId: diesel.productId, price: 1 }] },
    });
    expect(english.json<{ message: string }>().message).toMatch(/^The price of .+ must be between/);
    expect(await customerPrice(unleaded.productId)).toBe(unleaded.price);
    expect(await customerPrice(diesel.productId)).toBe(diesel.price);
  });

  it('answers 404 for a product of another station and 400 for bad input', async () => {
    const other = (await prices(otherId)).items[0]!;
    const foreign = await put([{ productId: other.productId, price: other.price }]);
    expect(foreign.statusCode).toBe(404);
    for (const items of [
      [],
      [{ productId: diesel.productId, price: 0 }],
      [{ productId: diesel.productId, price: 12.5 }],
      [{ productId: diesel.productId, price: '1200' }],
      [{ productId: diesel.productId, price: 1200, extra: true }],
      [{ productId: diesel.productId, price: 1200, at: 'tomorrow' }],
      [
        { productId: diesel.productId, price: 1200 },
        { productId: diesel.productId, price: 1300 },
      ],
    ]) {
      const res = await put(items);
      expect(res.statusCode, JSON.stringify(items)).toBe(400);
      expect(res.body).not.toMatch(/select|insert|stack/i);
    }
    expect((await put([{ productId: 999_999, price: 1200 }])).statusCode).toBe(404);
    expect(
      (await put([{ productId: diesel.productId, price: 1200 }], operator, 999)).statusCode,
    ).toBe(404);
    expect(await customerPrice(diesel.productId)).toBe(diesel.price);
  });

  it('sets a price for later: listed until its time, then applied once, however many look', async () => {
    const at = new Date(Date.now() + 3_600_000).toISOString();
    const res = await put([{ productId: diesel.productId, price: diesel.price - 10, at }]);
    expect(res.statusCode, res.body).toBe(200);
    const listed = res.json<StationPrices>().items.find((p) => p.productId === diesel.productId);
    expect(listed?.price).toBe(diesel.price);
    expect(listed?.scheduled).toEqual([
      { id: expect.any(Number), waitingForSign: false, price: diesel.price - 10, at },
    ]);
    await Promise.all([settlePrices(t.app.ctx), settlePrices(t.app.ctx)]);
    expect(await customerPrice(diesel.productId)).toBe(diesel.price);

    // Its time comes: two sweeps at once apply it once.
    const id = listed?.scheduled[0]?.id ?? 0;
    await t.app.ctx.db
      .update(priceChanges)
      .set({ at: new Date(Date.now() - 1000) })
      .where(eq(priceChanges.id, id));
    await Promise.all([settlePrices(t.app.ctx), settlePrices(t.app.ctx)]);
    expect(await customerPrice(diesel.productId)).toBe(diesel.price - 10);
    const [row] = await t.app.ctx.db.select().from(priceChanges).where(eq(priceChanges.id, id));
    expect(row?.appliedAt).not.toBeNull();
    expect((await prices()).items.find((p) => p.productId === diesel.productId)?.scheduled).toEqual(
      [],
    );
  });

  it('cancels a change still to come, once', async () => {
    const at = new Date(Date.now() + 3_600_000).toISOString();
    const res = await put([{ productId: unleaded.productId, price: unleaded.price + 1, at }]);
    const id = res.json<StationPrices>().items.find((p) => p.productId === unleaded.productId)
      ?.scheduled[0]?.id;
    const cancel = () =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/admin/stations/${String(stationId)}/prices/${String(id)}`,
        headers: bearer(operator),
      });
    expect((await cancel()).statusCode).toBe(204);
    expect((await cancel()).statusCode).toBe(404);
    const elsewhere = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/stations/${String(otherId)}/prices/${String(id)}`,
      headers: bearer(operator),
    });
    expect(elsewhere.statusCode).toBe(404);
    expect(
      (await prices()).items.find((p) => p.productId === unleaded.productId)?.scheduled,
    ).toEqual([]);
  });
});

describe('PUT /api/admin/products/{id}/bounds', () => {
  it('sets the bounds of the product at every station, which the next price obeys', async () => {
    const res = await bounds(diesel.productId, { min: 900, max: 1500 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      productId: diesel.productId,
      service: 'fuel',
      code: 'Diesel',
      min: 900,
      max: 1500,
    });
    const elsewhere = (await prices(otherId)).items.find((p) => p.code === 'Diesel');
    expect(elsewhere?.bounds).toEqual({ min: 900, max: 1500 });
    expect((await put([{ productId: diesel.productId, price: 1600 }])).statusCode).toBe(422);
    expect((await put([{ productId: diesel.productId, price: 1500 }])).statusCode).toBe(200);
  });

  it('refuses bounds the wrong way round, or not prices, and an unknown product', async () => {
    for (const payload of [{ min: 1500, max: 900 }, { min: 0, max: 10 }, { min: 100 }, {}])
      expect((await bounds(diesel.productId, payload)).statusCode, JSON.stringify(payload)).toBe(
        400,
      );
    const reversed = await bounds(diesel.productId, { min: 1500, max: 900 });
    expect(reversed.json()).toMatchObject({
      fieldErrors: { max: 'Hægsti prísur kann ikki vera lægri enn lægsti.' },
    });
    expect((await bounds(999_999, { min: 1, max: 2 })).statusCode).toBe(404);
  });
});

describe('who may', () => {
  it('lets a station manager read their own station’s prices only, and change none', async () => {
    const manager = await signInAsStaff(t.app, { role: 'station', stationIds: [stationId] });
    expect((await prices(stationId, manager)).items.length).toBeGreaterThan(0);
    const other = await t.app.inject({
      url: `/api/admin/stations/${String(otherId)}/prices`,
      headers: bearer(manager),
    });
    expect(other.statusCode).toBe(404);
    for (const token of [
      manager,
      await signInAsStaff(t.app, { role: 'support' }),
      await signInAsStaff(t.app, { role: 'kitchen', stationIds: [stationId] }),
      (await registerUser(t.app)).token,
    ]) {
      expect((await put([{ productId: diesel.productId, price: 1200 }], token)).statusCode).toBe(
        403,
      );
      expect((await bounds(diesel.productId, { min: 1, max: 99_999 }, token)).statusCode).toBe(403);
    }
    const anonymous = await t.app.inject({
      url: `/api/admin/stations/${String(stationId)}/prices`,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('the price sign', () => {
  const forecourt = () => t.app.ctx.forecourt as ForecourtSim;
  const signShows = async (grade: string) =>
    (await forecourt().sign(site)).find((p) => p.grade === grade)?.unitPrice;
  const current = async (productId: number) =>
    (await prices()).items.find((p) => p.productId === productId)!;
  beforeAll(async () => {
    // Room for the rises and falls below, whatever bounds the tests before left.
    for (const product of [diesel, unleaded])
      expect((await bounds(product.productId, { min: 100, max: 100_000 })).statusCode).toBe(200);
  });

  /** Watches the sign being told: Diesel's price on it, and what the pumps charge meanwhile. */
  function watchSign() {
    const real = forecourt().showPrices.bind(forecourt());
    const seen: { sign: number | undefined; pump: number | undefined }[] = [];
    const spy = vi.spyOn(forecourt(), 'showPrices').mockImplementation(async (at, list) => {
      seen.push({
        sign: list.find((p) => p.grade === 'Diesel')?.unitPrice,
        pump: await customerPrice(diesel.productId),
      });
      return real(at, list);
    });
    return { seen, stop: () => spy.mockRestore() };
  }

  it('shows a rising price before the pumps take it, and a falling one after', async () => {
    const before = (await current(diesel.productId)).price;
    const watch = watchSign();
    try {
      const up = await put([{ productId: diesel.productId, price: before + 50 }]);
      expect(up.statusCode, up.body).toBe(200);
      // The sign showed the new price while the pumps still charged the old one.
      expect(watch.seen).toEqual([{ sign: before + 50, pump: before }]);
      expect(await customerPrice(diesel.productId)).toBe(before + 50);
      expect(await signShows('Diesel')).toBe(before + 50);

      const down = await put([{ productId: diesel.productId, price: before }]);
      expect(down.statusCode, down.body).toBe(200);
      // The pumps took the lower price before the sign was told.
      expect(watch.seen[1]).toEqual({ sign: before, pump: before });
      expect(await signShows('Diesel')).toBe(before);
      const listed = down.json<StationPrices>();
      expect(listed.sign).toMatchObject({ hasSign: true, shownAt: expect.any(String) });
      expect(listed.sign?.prices).toContainEqual({ grade: 'Diesel', unitPrice: before });
    } finally {
      watch.stop();
    }
  });

  it('holds a rise back while the sign is out of reach, and applies it once the sign answers', async () => {
    const before = (await current(unleaded.productId)).price;
    const show = vi
      .spyOn(forecourt(), 'showPrices')
      .mockRejectedValue(new ForecourtError('unreachable'));
    try {
      const res = await put([{ productId: unleaded.productId, price: before + 20 }]);
      expect(res.statusCode, res.body).toBe(200);
      const listed = res
        .json<StationPrices>()
        .items.find((p) => p.productId === unleaded.productId);
      expect(listed?.price).toBe(before);
      expect(listed?.scheduled).toEqual([
        expect.objectContaining({ price: before + 20, waitingForSign: true }),
      ]);
      expect(await customerPrice(unleaded.productId)).toBe(before);
      // A fall needs no sign first: the pumps take it at once, the sign is told later.
      const fall = await put([{ productId: diesel.productId, price: diesel.price - 30 }]);
      expect(fall.statusCode, fall.body).toBe(200);
      expect(await customerPrice(diesel.productId)).toBe(diesel.price - 30);
      await settlePrices(t.app.ctx);
      expect(await customerPrice(unleaded.productId)).toBe(before);
    } finally {
      show.mockRestore();
    }
    await settlePrices(t.app.ctx);
    expect(await customerPrice(unleaded.productId)).toBe(before + 20);
    expect(await signShows('NormalUnleaded')).toBe(before + 20);
    expect(await signShows('Diesel')).toBe(diesel.price - 30);
    expect((await current(unleaded.productId)).scheduled).toEqual([]);
    // Nothing left to tell: the next sweep leaves the sign alone.
    const quiet = vi.spyOn(forecourt(), 'showPrices');
    await settlePrices(t.app.ctx);
    expect(quiet).not.toHaveBeenCalled();
    quiet.mockRestore();
  });

  it('changes the prices of a site without a sign at once, and says it has none', async () => {
    const show = vi.spyOn(forecourt(), 'showPrices').mockResolvedValue('no_sign');
    try {
      const before = (await current(unleaded.productId)).price;
      const res = await put([{ productId: unleaded.productId, price: before + 5 }]);
      expect(res.statusCode, res.body).toBe(200);
      expect(await customerPrice(unleaded.productId)).toBe(before + 5);
      expect(res.json<StationPrices>().sign).toMatchObject({ hasSign: false });
    } finally {
      show.mockRestore();
    }
  });
});

const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!redisUrl)('two processes on one database and one bus', () => {
  it('apply a change that came due once, whichever runs the job, and both answer with it', async () => {
    const b = await secondProcess(t, redisUrl ?? '', t.app.ctx.config.REDIS_KEY_PREFIX);
    try {
      const current = (await prices()).items.find((p) => p.productId === unleaded.productId);
      const price = (current?.price ?? unleaded.price) + 7;
      const at = new Date(Date.now() + 3_600_000).toISOString();
      const res = await put([{ productId: unleaded.productId, price, at }]);
      const id =
        res.json<StationPrices>().items.find((p) => p.productId === unleaded.productId)
          ?.scheduled[0]?.id ?? 0;
      await t.app.ctx.db
        .update(priceChanges)
        .set({ at: new Date(Date.now() - 1000) })
        .where(eq(priceChanges.id, id));
      await Promise.all([settlePrices(t.app.ctx), settlePrices(b.ctx), settlePrices(b.ctx)]);
      const [row] = await t.app.ctx.db.select().from(priceChanges).where(eq(priceChanges.id, id));
      expect(row?.appliedAt).not.toBeNull();
      for (const app of [t.app, b]) {
        const station = await app.inject({ url: `/api/stations/stod/${String(stationId)}` });
        expect(
          station
            .json<{ products: { id: number; price: number }[] }>()
            .products.find((p) => p.id === unleaded.productId)?.price,
        ).toBe(price);
      }
    } finally {
      await b.close();
    }
  });
});
