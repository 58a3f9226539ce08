import type { FoodOrder, KitchenOrder, Menu, OpeningHours } from '@stod/domain';
import { faroeClock } from '@stod/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foodOrders, payments, receipts, stations } from '../../db/schema/index.ts';
import { seedStationNetwork } from '../../seed/index.ts';
import { bearer, createTestApp, lastMailTo, statuses, type TestApp } from '../../test/app.ts';
import { signInAsStaff } from '../../test/staff.ts';
import { cardCustomer, openHolds } from '../../test/stations.ts';
import { expireUnanswered, stationOrders } from './kitchen.ts';
import { applyKitchenReport, handToKitchens } from './kitchen-systems.ts';
import type { KitchenSim } from '../../integrations/kitchen/sim.ts';

// Food orders end to end in the API: the menu, the quote, the order with its hold, the kitchen's
// accept (one capture), ready, collected, reject and expiry (voids), and who may see what.

let t: TestApp;
let food: number;
let otherFood: number;
let noKitchen: number;

const ALWAYS: OpeningHours = Array.from({ length: 7 }, () => ({ from: '00:00', to: '24:00' }));

async function setHours(stationId: number, hours: OpeningHours) {
  await t.app.ctx.db
    .update(stations)
    .set({ openingHours: hours })
    .where(eq(stations.id, stationId));
}

beforeAll(async () => {
  t = await createTestApp();
  await seedStationNetwork(t.app.ctx.db);
  const all = await t.app.ctx.db.select().from(stations).orderBy(stations.id);
  const withFood = all.filter((s) => s.services.includes('food'));
  food = withFood[0]?.id ?? 0;
  otherFood = withFood[1]?.id ?? 0;
  noKitchen = all.find((s) => !s.services.includes('food'))?.id ?? 0;
  await setHours(food, ALWAYS);
  await setHours(otherFood, ALWAYS);
});
afterAll(() => t.close());

const burgerDeal = (quantity = 2) => ({
  type: 'offer',
  offerId: 'burgaratilbod',
  quantity,
  items: [
    {
      productId: 'burgari',
      addedIngredientIds: ['burgari-ostur'],
      removedIngredientIds: ['burgari-lokur'],
    },
    { productId: 'cola', addedIngredientIds: [], removedIngredientIds: [] },
  ],
});
const fries = { type: 'product', productId: 'franskar', quantity: 1 };

type Customer = Awaited<ReturnType<typeof cardCustomer>>;

function place(
  user: Customer,
  body: Record<string, unknown> = {},
  key: string | null = `food-${crypto.randomUUID()}`,
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/food/orders',
    headers: { ...bearer(user.token), ...(key ? { 'idempotency-key': key } : {}) },
    payload: {
      stationId: food,
      lines: [burgerDeal()],
      mode: 'take-out',
      pickupAt: 'asap',
      paymentMethodId: user.cardId,
      ...body,
    },
  });
}

async function placed(user: Customer, body: Record<string, unknown> = {}) {
  const res = await place(user, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<FoodOrder>();
}

const kitchen = (token: string, id: string, action: string, payload?: object) =>
  t.app.inject({
    method: 'POST',
    url: `/api/kitchen/orders/${id}/${action}`,
    headers: bearer(token),
    ...(payload ? { payload } : {}),
  });

const operator = () => signInAsStaff(t.app, { role: 'operator' });

describe('a kitchen staff paused', () => {
  it('takes no order until it is resumed, and holds nothing', async () => {
    const manager = await signInAsStaff(t.app, { role: 'station', stationIds: [food] });
    const pause = (kitchenPaused: boolean) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/admin/stations/${String(food)}`,
        headers: bearer(manager),
        payload: { kitchenPaused },
      });
    expect((await pause(true)).json()).toMatchObject({ kitchenPaused: true });
    const user = await cardCustomer(t.app);
    try {
      const refused = await place(user);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({
        code: 'KITCHEN_PAUSED',
        message: 'Køkið tekur ikki ímóti bíleggingum júst nú. Royn aftur seinni.',
      });
    } finally {
      expect((await pause(false)).json()).toMatchObject({ kitchenPaused: false });
    }
    await placed(user);
  });
});

describe('GET /food/stations/{id}/menu', () => {
  it('serves the menu to anyone, with an ETag that answers 304', async () => {
    const res = await t.app.inject({ url: `/api/food/stations/${String(food)}/menu` });
    expect(res.statusCode).toBe(200);
    const menu = res.json<Menu>();
    expect(menu.products.map((p) => p.name)).toContain('Pylsa í breyði');
    const burger = menu.products.find((p) => p.id === 'burgari');
    expect(burger).toMatchObject({ price: 99_00, allergens: expect.arrayContaining(['gluten']) });
    expect(burger?.ingredients).toContainEqual({
      id: 'burgari-ostur',
      name: 'Ostur',
      included: false,
      additionalCost: 5_00,
    });
    expect(menu.offers[0]).toMatchObject({
      offerGroup: { navisionId: 'NAV-1001' },
      items: [{ type: 'matur' }, { type: 'sodavatn' }],
    });
    const again = await t.app.inject({
      url: `/api/food/stations/${String(food)}/menu`,
      headers: { 'if-none-match': res.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
  });

  it('speaks English to an English customer, in its categories, dishes and ingredients', async () => {
    const url = `/api/food/stations/${String(food)}/menu`;
    const fo = await t.app.inject({ url });
    const en = await t.app.inject({ url, headers: { 'accept-language': 'en' } });
    expect(en.statusCode).toBe(200);
    expect(en.headers.vary).toContain('Accept-Language');
    expect(en.headers.etag).not.toBe(fo.headers.etag);
    const menu = en.json<Menu>();
    expect(menu.version).toBe(fo.json<Menu>().version);
    expect(menu.categories.map((c) => c.name)).toEqual([
      'Hot food',
      'Open sandwiches and salad',
      'Drinks',
      'Coffee',
    ]);
    const hotDog = menu.products.find((p) => p.id === 'pylsa');
    expect(hotDog).toMatchObject({
      name: 'Hot dog',
      description: 'A grilled sausage in a warm bun with mustard, ketchup and fried onions.',
    });
    expect(hotDog?.ingredients.map((i) => i.name)).toEqual([
      'Mustard',
      'Ketchup',
      'Fried onions',
      'Remoulade',
      'Cheese',
    ]);
    expect(menu.offers.map((o) => o.name)).toEqual(['Burger deal', 'Hot dog deal']);
    // The English fields themselves are not sent: each language is a menu of its own.
    expect(en.body).not.toContain('nameEn');
    expect(fo.body).not.toContain('nameEn');
    expect(fo.json<Menu>().categories[0]?.name).toBe('Heitur matur');
  });

  it('answers 404 for a station without a kitchen or none at all, 400 for a bad id', async () => {
    expect(
      (await t.app.inject({ url: `/api/food/stations/${String(noKitchen)}/menu` })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ url: '/api/food/stations/99999/menu' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/food/stations/abc/menu' })).statusCode).toBe(400);
  });
});

describe('POST /food/orders/quote', () => {
  it('prices from the menu: 2 × (89 + 5 + 15) + 35 = 253 kr.', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/food/orders/quote',
      payload: { stationId: food, lines: [burgerDeal(), fries] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ total: 2 * (89_00 + 5_00 + 15_00) + 35_00 });
    // Each line keeps the menu's English beside the Faroese the kitchen reads.
    expect(res.json<{ lines: { name: string; nameEn?: string }[] }>().lines).toMatchObject([
      { name: 'Burgaratilboð', nameEn: 'Burger deal' },
      { name: 'Franskar', nameEn: 'Fries' },
    ]);
  });

  it('refuses lines the menu does not have, and bad input', async () => {
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/food/orders/quote',
      payload: { stationId: food, lines: [{ ...fries, productId: 'humar' }] },
    });
    expect(unknown.statusCode).toBe(409);
    expect(unknown.json()).toMatchObject({ code: 'MENU_CHANGED' });
    for (const lines of [
      [],
      [{ ...fries, quantity: 0 }],
      [{ ...fries, quantity: 21 }],
      [{ type: 'x' }],
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/food/orders/quote',
        payload: { stationId: food, lines },
      });
      expect(res.statusCode, JSON.stringify(lines)).toBe(400);
    }
  });
});

describe('POST /food/orders', () => {
  it('holds the menu’s total, whatever total the client sends, once per key', async () => {
    const user = await cardCustomer(t.app);
    const key = `food-${crypto.randomUUID()}`;
    const first = await place(user, { total: 1, lines: [burgerDeal(), fries] }, key);
    expect(first.statusCode, first.body).toBe(201);
    const order = first.json<FoodOrder>();
    expect(order).toMatchObject({ state: 'placed', total: 253_00, held: 253_00, mode: 'take-out' });
    expect(order.number).toBeGreaterThan(0);
    const again = await place(user, { total: 1, lines: [burgerDeal(), fries] }, key);
    expect(again.json<FoodOrder>().id).toBe(order.id);
    // The same key with another order is refused, and nothing more is held.
    const other = await place(user, { lines: [fries] }, key);
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
    expect(await openHolds(t.app.ctx.db, user.id)).toBe(1);

    const listed = await t.app.inject({ url: '/api/food/orders', headers: bearer(user.token) });
    expect(listed.json()).toMatchObject({ total: 1, items: [{ id: order.id }] });
    const stranger = await cardCustomer(t.app);
    const peek = await t.app.inject({
      url: `/api/food/orders/${order.id}`,
      headers: bearer(stranger.token),
    });
    expect(peek.statusCode).toBe(404);
    expect(
      (await t.app.inject({ url: `/api/food/orders/${order.id}`, headers: bearer(user.token) }))
        .statusCode,
    ).toBe(200);
  });

  it('refuses without a session, a key, a card of one’s own, or with bad fields', async () => {
    const user = await cardCustomer(t.app);
    const other = await cardCustomer(t.app);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/food/orders', payload: {} })).statusCode,
    ).toBe(401);
    expect((await place(user, {}, null)).statusCode).toBe(400);
    expect((await place(user, { paymentMethodId: other.cardId })).statusCode).toBe(404);
    expect((await place(user, { mode: 'drive-in' })).statusCode).toBe(400);
    expect((await place(user, { pickupAt: 'tomorrow' })).statusCode).toBe(400);
    expect((await place(user, { stationId: noKitchen })).statusCode).toBe(404);
    expect(await openHolds(t.app.ctx.db, user.id)).toBe(0);
  });

  it('refuses an order when the restaurant is closed, or closes before the pickup (§5)', async () => {
    const user = await cardCustomer(t.app);
    await setHours(
      otherFood,
      Array.from({ length: 7 }, () => null),
    );
    const closed = await place(user, { stationId: otherFood });
    expect(closed.statusCode).toBe(422);
    expect(closed.json()).toMatchObject({ code: 'RESTAURANT_CLOSED' });

    // Open from an hour ago until 30 minutes from now, every day (over midnight if need be).
    const { minute } = faroeClock(new Date());
    const hhmm = (m: number) => {
      const x = ((m % 1440) + 1440) % 1440;
      return `${String(Math.floor(x / 60)).padStart(2, '0')}:${String(x % 60).padStart(2, '0')}`;
    };
    await setHours(
      otherFood,
      Array.from({ length: 7 }, () => ({ from: hhmm(minute - 60), to: hhmm(minute + 30) })),
    );
    const late = await place(user, {
      stationId: otherFood,
      pickupAt: new Date(Date.now() + 60 * 60_000).toISOString(),
    });
    expect(late.statusCode).toBe(422);
    expect(late.json()).toMatchObject({ code: 'RESTAURANT_CLOSES_BEFORE' });
    const inTime = await place(user, {
      stationId: otherFood,
      pickupAt: new Date(Date.now() + 15 * 60_000).toISOString(),
    });
    expect(inTime.statusCode, inTime.body).toBe(201);
    await setHours(otherFood, ALWAYS);
  });
});

describe('the kitchen', () => {
  it('accepts once under a retried accept, captures the total once, and writes the receipt', async () => {
    const user = await cardCustomer(t.app);
    const order = await placed(user);
    const staff = await signInAsStaff(t.app, { role: 'kitchen', stationIds: [food] });
    const list = await t.app.inject({
      url: `/api/kitchen/stations/${String(food)}/orders`,
      headers: bearer(staff),
    });
    const seen = list.json<{ items: KitchenOrder[] }>().items.find((o) => o.id === order.id);
    expect(seen).toMatchObject({ state: 'placed', customer: 'Guðrun' });

    const answers = await Promise.all(
      Array.from({ length: 4 }, () => kitchen(staff, order.id, 'accept', { readyInMinutes: 12 })),
    );
    expect(statuses(answers)).toEqual({ 200: 4 });
    const accepted = answers[0]!.json<KitchenOrder>();
    expect(accepted.state).toBe('accepted');
    expect(accepted.readyBy).not.toBeNull();
    const [payment] = await t.app.ctx.db
      .select()
      .from(payments)
      .where(eq(payments.userId, await userIdOf(user.token)));
    expect(payment?.amountCaptured).toBe(218_00);
    const written = await t.app.ctx.db
      .select()
      .from(receipts)
      .where(and(eq(receipts.userId, payment?.userId ?? ''), eq(receipts.productType, 'Food')));
    expect(written).toHaveLength(1);
    expect(written[0]?.amount).toBe(218_00);

    const ready = await kitchen(staff, order.id, 'ready');
    expect(ready.json()).toMatchObject({ state: 'ready' });
    const mail = await lastMailTo(t.app, user.email);
    expect(mail?.subject).toContain(String(order.number));
    const done = await kitchen(staff, order.id, 'collected');
    expect(done.json()).toMatchObject({ state: 'collected' });
    // Handed over by a mistaken tap: recalled to Ready, the money as it was, once.
    const recalled = await kitchen(staff, order.id, 'recall');
    expect(recalled.json()).toMatchObject({ state: 'ready', collectedAt: null, finishedAt: null });
    expect((await kitchen(staff, order.id, 'recall')).json()).toMatchObject({ state: 'ready' });
    expect(
      (await kitchen(await signInAsStaff(t.app, { role: 'support' }), order.id, 'recall'))
        .statusCode,
    ).toBe(403);
    expect((await kitchen(staff, order.id, 'collected')).json()).toMatchObject({
      state: 'collected',
    });
    const mine = await t.app.inject({
      url: `/api/food/orders/${order.id}`,
      headers: bearer(user.token),
    });
    expect(mine.json()).toMatchObject({
      state: 'collected',
      captured: 218_00,
      receiptId: expect.any(String),
    });
    expect((await kitchen(staff, order.id, 'reject', { reason: 'x' })).statusCode).toBe(409);
  });

  it('voids the hold when the kitchen rejects, and when nobody accepts in time', async () => {
    const user = await cardCustomer(t.app);
    const staff = await operator();
    const first = await placed(user);
    const bad = await kitchen(staff, first.id, 'reject', { reason: '' });
    expect(bad.statusCode).toBe(400);
    const rejected = await kitchen(staff, first.id, 'reject', { reason: 'Grillið er í ólagi' });
    expect(rejected.json()).toMatchObject({
      state: 'rejected',
      rejectReason: 'Grillið er í ólagi',
      captured: 0,
      released: 218_00,
    });
    expect(await openHolds(t.app.ctx.db, user.id)).toBe(0);
    expect((await kitchen(staff, first.id, 'accept', { readyInMinutes: 5 })).statusCode).toBe(409);
    expect((await kitchen(staff, first.id, 'recall')).statusCode).toBe(409);

    const second = await placed(user);
    const later = new Date(Date.now() + (t.app.ctx.config.FOOD_ACCEPT_TIMEOUT_SECONDS + 5) * 1000);
    expect(
      await expireUnanswered({ ...t.app.ctx, clock: { now: () => later } }),
    ).toBeGreaterThanOrEqual(1);
    const expired = await t.app.inject({
      url: `/api/food/orders/${second.id}`,
      headers: bearer(user.token),
    });
    expect(expired.json()).toMatchObject({ state: 'expired', released: 218_00 });
    expect(await openHolds(t.app.ctx.db, user.id)).toBe(0);
  });

  it('never expires an order a display showed late before a minute of warning', async () => {
    const user = await cardCustomer(t.app);
    const order = await placed(user);
    const timeout = t.app.ctx.config.FOOD_ACCEPT_TIMEOUT_SECONDS * 1000;
    const at = (ms: number) => ({ ...t.app.ctx, clock: { now: () => new Date(ms) } });
    const start = Date.now();
    // The display first shows it 5 s before the accept time runs out.
    const seen = start + timeout - 5_000;
    const listed = await stationOrders(at(seen), food, 'all');
    const ticket = listed.items.find((o) => o.id === order.id);
    expect(ticket?.expiresAt).toBe(new Date(seen + 60_000).toISOString());
    await expireUnanswered(at(start + timeout + 5_000));
    const waiting = await t.app.ctx.db.select().from(foodOrders).where(eq(foodOrders.id, order.id));
    expect(waiting[0]?.state).toBe('placed');
    // A second look does not move it on again.
    const again = await stationOrders(at(seen + 30_000), food, 'all');
    expect(again.items.find((o) => o.id === order.id)?.expiresAt).toBe(ticket?.expiresAt);
    await expireUnanswered(at(seen + 61_000));
    const gone = await t.app.ctx.db.select().from(foodOrders).where(eq(foodOrders.id, order.id));
    expect(gone[0]).toMatchObject({ state: 'expired' });
    expect(await openHolds(t.app.ctx.db, user.id)).toBe(0);
  });

  it('accepts an unanswered order where the station says so, instead of losing the sale', async () => {
    const staff = await operator();
    const setAuto = (on: boolean) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/admin/stations/${String(food)}`,
        headers: bearer(staff),
        payload: { kitchenAutoAccept: on },
      });
    const set = await setAuto(true);
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ kitchenAutoAccept: true });
    try {
      const user = await cardCustomer(t.app);
      const order = await placed(user);
      const list = await t.app.inject({
        url: `/api/kitchen/stations/${String(food)}/orders`,
        headers: bearer(staff),
      });
      expect(
        list.json<{ items: KitchenOrder[] }>().items.find((o) => o.id === order.id),
      ).toMatchObject({
        autoAccept: true,
        expiresAt: expect.any(String),
      });
      const later = Date.now() + t.app.ctx.config.FOOD_ACCEPT_TIMEOUT_SECONDS * 1000 + 5_000;
      expect(await expireUnanswered({ ...t.app.ctx, clock: { now: () => new Date(later) } })).toBe(
        0,
      );
      const mine = await t.app.inject({
        url: `/api/food/orders/${order.id}`,
        headers: bearer(user.token),
      });
      expect(mine.json()).toMatchObject({ state: 'accepted', captured: order.total });
      expect(new Date(mine.json<FoodOrder>().readyBy ?? '').getTime()).toBe(later + 10 * 60_000);
      expect((await setAuto('yes' as unknown as boolean)).statusCode).toBe(400);
    } finally {
      expect((await setAuto(false)).json()).toMatchObject({ kitchenAutoAccept: false });
    }
  });

  it('follows the station’s own preparation time: the app’s first pickup time, an order placed now, an auto-accept', async () => {
    const manager = await signInAsStaff(t.app, { role: 'station', stationIds: [food] });
    const setPrep = (payload: object) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/admin/stations/${String(food)}`,
        headers: bearer(manager),
        payload,
      });
    const set = await setPrep({ kitchenPrepMinutes: 25 });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ kitchenPrepMinutes: 25 });
    try {
      for (const bad of [0, 121, 2.5, '20'])
        expect((await setPrep({ kitchenPrepMinutes: bad })).statusCode).toBe(400);
      const station = await t.app.inject({ url: `/api/stations/stod/${String(food)}` });
      expect(station.json()).toMatchObject({ kitchenPrepMinutes: 25 });
      const user = await cardCustomer(t.app);
      const before = Date.now();
      const order = await placed(user);
      const pickup = new Date(order.pickupAt).getTime();
      expect(pickup).toBeGreaterThanOrEqual(before + 25 * 60_000);
      expect(pickup).toBeLessThanOrEqual(Date.now() + 25 * 60_000);
      // A time sooner than the station's preparation time is refused as past.
      const soon = await place(user, {
        pickupAt: new Date(Date.now() + 15 * 60_000).toISOString(),
      });
      expect(soon.statusCode).toBe(422);
    } finally {
      expect((await setPrep({ kitchenPrepMinutes: 10 })).statusCode).toBe(200);
    }
  });

  it('keeps each station’s staff to their own orders; customers get 403', async () => {
    const user = await cardCustomer(t.app);
    const order = await placed(user);
    const elsewhere = await signInAsStaff(t.app, { role: 'kitchen', stationIds: [otherFood] });
    const list = await t.app.inject({
      url: `/api/kitchen/stations/${String(food)}/orders`,
      headers: bearer(elsewhere),
    });
    expect(list.statusCode).toBe(404);
    expect((await kitchen(elsewhere, order.id, 'accept', { readyInMinutes: 5 })).statusCode).toBe(
      404,
    );
    expect((await kitchen(user.token, order.id, 'accept', { readyInMinutes: 5 })).statusCode).toBe(
      403,
    );
    expect(
      (
        await t.app.inject({
          url: `/api/kitchen/stations/${String(food)}/orders`,
          headers: bearer(user.token),
        })
      ).statusCode,
    ).toBe(403);
    const own = await signInAsStaff(t.app, { role: 'kitchen', stationIds: [food] });
    expect((await kitchen(own, order.id, 'accept', { readyInMinutes: 0 })).statusCode).toBe(400);
    expect((await kitchen(own, 'nope', 'ready')).statusCode).toBe(400);
  });

  it('goes to the site’s kitchen where no display is staffed, which accepts and readies it', async () => {
    const user = await cardCustomer(t.app);
    const order = await placed(user, { stationId: otherFood });
    const [station] = await t.app.ctx.db.select().from(stations).where(eq(stations.id, otherFood));
    const site = station?.tokheimStationId ?? '';
    await handToKitchens(t.app.ctx);
    // The in-process kitchen (no sites configured) took the order, as the station's would.
    const kitchen = (t.app.ctx.kitchens as unknown as { sim: KitchenSim }).sim;
    expect(kitchen.orders().get(order.id)).toEqual({ site, state: 'placed' });
    const read = async () =>
      (
        await t.app.inject({ url: `/api/food/orders/${order.id}`, headers: bearer(user.token) })
      ).json<FoodOrder>();
    const report = (step: 'accepted' | 'ready' | 'collected', from = site) =>
      applyKitchenReport(t.app.ctx, {
        site: from,
        orderId: order.id,
        step,
        ...(step === 'accepted' ? { readyInMinutes: 8 } : {}),
      });
    // Another site's kitchen cannot touch it, nor a kitchen skip a step.
    expect(await report('accepted', 'TK-other')).toEqual({ ok: false, reason: 'not_found' });
    expect(await report('ready')).toEqual({ ok: false, reason: 'illegal_state' });
    expect((await read()).state).toBe('placed');
    expect(await report('accepted')).toEqual({ ok: true });
    expect(await report('accepted')).toEqual({ ok: true });
    const accepted = await read();
    expect(accepted.state).toBe('accepted');
    const captured = await t.app.ctx.db
      .select()
      .from(receipts)
      .where(eq(receipts.paymentId, (await orderRow(order.id)).paymentId ?? ''));
    expect(captured).toHaveLength(1);
    expect(await report('ready')).toEqual({ ok: true });
    expect((await read()).state).toBe('ready');
    // Once staff open the station's display, its kitchen no longer takes steps there.
    const staff = await signInAsStaff(t.app, { role: 'kitchen', stationIds: [otherFood] });
    await t.app.inject({
      url: `/api/kitchen/stations/${String(otherFood)}/orders`,
      headers: bearer(staff),
    });
    expect(await report('collected')).toEqual({ ok: false, reason: 'staffed' });
    expect((await read()).state).toBe('ready');
    expect(
      await applyKitchenReport(t.app.ctx, { site, orderId: crypto.randomUUID(), step: 'ready' }),
    ).toEqual({
      ok: false,
      reason: 'not_found',
    });
  });
});

async function orderRow(id: string) {
  const [row] = await t.app.ctx.db.select().from(foodOrders).where(eq(foodOrders.id, id));
  if (!row) throw new Error(`no order ${id}`);
  return row;
}

async function userIdOf(token: string) {
  const res = await t.app.inject({ url: '/api/user/v2', headers: bearer(token) });
  return res.json<{ id: string }>().id;
}

describe('when the ERP does not answer', () => {
  it('answers 503 with a localized message and a retry time, and no order is placed', async () => {
    const down = await createTestApp({ MENU_FAILURE_RATE: '1' });
    try {
      await seedStationNetwork(down.app.ctx.db);
      const res = await down.app.inject({
        url: `/api/food/stations/${String(food)}/menu`,
        headers: { 'accept-language': 'en' },
      });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('10');
      expect(res.json()).toMatchObject({
        code: 'MENU_UNAVAILABLE',
        message: 'The menu cannot be fetched right now. Try again in a moment.',
      });
    } finally {
      await down.close();
    }
  });
});
