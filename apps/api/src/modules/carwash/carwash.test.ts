import { randomUUID } from 'node:crypto';
import { normaliseVoucherCode, type StationTransaction } from '@stod/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments, receipts, stations, userVouchers } from '../../db/schema/index.ts';
import type { CarwashSim } from '../../integrations/carwash/sim.ts';
import { seedStationNetwork } from '../../seed/index.ts';
import { checkBooks } from '../../test/books.ts';
import { bearer, createTestApp, type TestApp } from '../../test/app.ts';
import { cardCustomer, openHolds as holdsOf, until } from '../../test/stations.ts';
import { signInAsStaff } from '../../test/staff.ts';
import { issue } from '../vouchers/index.ts';

let t: TestApp;
let stationId: number;
let otherStationId: number;
let site: string;
let standardId: number;
const sim = () => t.app.ctx.carwash as CarwashSim;

beforeAll(async () => {
  t = await createTestApp({ SIM_SPEED: '400' });
  await seedStationNetwork(t.app.ctx.db);
  const all = await t.app.ctx.db.select().from(stations);
  const station = all.find((s) => s.name === 'Støð Tórshavn Miðbýur');
  const other = all.find((s) => s.name === 'Støð Hoyvík');
  if (!station || !other) throw new Error('no station');
  stationId = station.id;
  otherStationId = other.id;
  site = station.tokheimStationId;
  const res = await t.app.inject({ url: `/api/stations/stod/${String(stationId)}` });
  const products = res.json<{ products: { id: number; code: string }[] }>().products;
  standardId = products.find((p) => p.code === 'WashStandard')?.id ?? 0;
});
afterAll(() => t.close());

const customer = (cardNumber?: string) => cardCustomer(t.app, cardNumber);
type Customer = Awaited<ReturnType<typeof customer>>;

const book = (c: Customer, bayNumber: number, overrides: Record<string, unknown> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/carwash/transactions',
    headers: { ...bearer(c.token), 'idempotency-key': randomUUID() },
    payload: {
      stationId,
      bayNumber,
      productId: standardId,
      paymentMethodId: c.cardId,
      ...overrides,
    },
  });

const act = (c: Customer, id: string, action: 'start' | 'stop') =>
  t.app.inject({
    method: 'POST',
    url: `/api/carwash/transactions/${id}/${action}`,
    headers: bearer(c.token),
  });

const read = async (c: Customer, id: string) =>
  (
    await t.app.inject({ url: `/api/transactions/${id}`, headers: bearer(c.token) })
  ).json<StationTransaction>();

const openHolds = (userId: string) => holdsOf(t.app.ctx.db, userId);

describe('a wash paid by card', () => {
  it('holds the price, captures it at the start, counts down, washes and writes the receipt', async () => {
    const c = await customer();
    const booked = await book(c, 1);
    expect(booked.statusCode).toBe(201);
    const ready = booked.json<StationTransaction>();
    expect(ready).toMatchObject({
      service: 'carwash',
      state: 'ready',
      held: 14900,
      captured: 0,
      durationSeconds: 480,
      product: { code: 'WashStandard', name: 'Vanlig vask' },
    });
    expect((await sim().status(site, 1)).state).toBe('ready');

    const started = await act(c, ready.id, 'start');
    expect(started.statusCode).toBe(200);
    const answer = started.json<StationTransaction>();
    expect(answer.captured).toBe(14900);
    // The bay counts down first. The answer tells the bay as it is then; on a slow machine the
    // few real milliseconds of the countdown may already have passed.
    expect([
      { state: 'countdown', label: 'countdown' },
      { state: 'washing', label: 'inProgress' },
    ]).toContainEqual({ state: answer.state, label: answer.label });
    // A second tap changes nothing.
    expect((await act(c, ready.id, 'start')).json()).toMatchObject({ captured: 14900 });

    const washing = await until(
      () => read(c, ready.id),
      (v) => v.state === 'washing',
    );
    expect(washing.label).toBe('inProgress');
    const done = await until(
      () => read(c, ready.id),
      (v) => v.state === 'completed',
    );
    expect(done).toMatchObject({ label: 'complete', captured: 14900, released: 0 });
    const [receipt] = await t.app.ctx.db
      .select()
      .from(receipts)
      .where(eq(receipts.id, done.receiptId ?? ''));
    expect(receipt).toMatchObject({
      productType: 'Carwash',
      productDescription: 'Vanlig vask',
      amount: 14900,
      // An English receipt names the programme as the English wash screen does.
      data: { descriptionEn: 'Standard wash' },
    });
    expect(await openHolds(c.id)).toBe(0);
    expect(await checkBooks(t.app.ctx.db)).toEqual([]);
  });

  it('takes one of three parallel bookings with new keys, and leaves one hold', async () => {
    const c = await customer();
    const answers = await Promise.all([1, 2, 3].map((bay) => book(c, bay)));
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 409, 409]);
    expect(await openHolds(c.id)).toBe(1);
    const won = answers.find((r) => r.statusCode === 201)?.json<StationTransaction>();
    await t.app.inject({
      method: 'POST',
      url: `/api/transactions/${won?.id ?? ''}/cancel`,
      headers: bearer(c.token),
    });
    expect(await openHolds(c.id)).toBe(0);
  });

  it('voids the hold when the wash fails to start, with the §8 text', async () => {
    const c = await customer();
    const ready = (await book(c, 2)).json<StationTransaction>();
    await sim().fault(site, 2);
    try {
      const res = await act(c, ready.id, 'start');
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        code: 'CARWASH_START',
        message: 'Bilvaskurin byrjaði ikki.',
      });
    } finally {
      await sim().online(site, 2);
    }
    const ended = await read(c, ready.id);
    expect(ended).toMatchObject({
      state: 'failed',
      errorKey: 'error.carwashStart',
      released: 14900,
    });
    expect(await openHolds(c.id)).toBe(0);
  });

  it('is stopped by the customer and resumed only by staff of its station', async () => {
    const c = await customer();
    const ready = (await book(c, 3)).json<StationTransaction>();
    await act(c, ready.id, 'start');
    await until(
      () => read(c, ready.id),
      (v) => v.state === 'washing',
    );
    const stopped = await act(c, ready.id, 'stop');
    expect(stopped.statusCode).toBe(200);
    expect(stopped.json()).toMatchObject({ state: 'stopped', label: 'stopped' });
    expect((await sim().status(site, 3)).state).toBe('stopped');
    // The stopped wash waits for staff on its bay. By the domain's rule a fill may start beside
    // it; another wash may not, as the one paid for would be left behind.
    const active = await t.app.inject({
      url: '/api/transactions/active',
      headers: bearer(c.token),
    });
    expect(active.json<{ transaction: StationTransaction }>().transaction.id).toBe(ready.id);
    const holdsBefore = await openHolds(c.id);
    const anotherWash = await book(c, 2);
    expect(anotherWash.statusCode).toBe(409);
    expect(anotherWash.json()).toMatchObject({
      code: 'WASH_STOPPED',
      message:
        'Vaskurin hjá tær er steðgaður og bíðar eftir starvsfólkinum. Tosa við tey í búðini, áðrenn tú byrjar ein nýggjan vask.',
    });
    const english = await t.app.inject({
      method: 'POST',
      url: '/api/carwash/transactions',
      headers: { ...bearer(c.token), 'idempotency-key': randomUUID(), 'accept-language': 'en' },
      payload: { stationId, bayNumber: 2, productId: standardId, paymentMethodId: c.cardId },
    });
    expect(english.json<{ message: string }>().message).toMatch(/^Your wash is stopped/);
    expect(await openHolds(c.id)).toBe(holdsBefore);
    const fuelAt = await t.app.inject({ url: `/api/stations/stod/${String(stationId)}` });
    const unleaded = fuelAt
      .json<{ products: { id: number; service: string }[] }>()
      .products.find((p) => p.service === 'fuel');
    const fill = await t.app.inject({
      method: 'POST',
      url: '/api/fuel/transactions',
      headers: { ...bearer(c.token), 'idempotency-key': randomUUID() },
      payload: { stationId, pumpNumber: 1, productId: unleaded?.id, paymentMethodId: c.cardId },
    });
    expect(fill.statusCode).toBe(201);
    // While the fill runs, nothing else starts.
    const whileFilling = await book(c, 2);
    expect(whileFilling.json<{ code: string }>().code).toBe('TRANSACTION_ACTIVE');
    await t.app.inject({
      method: 'POST',
      url: `/api/transactions/${fill.json<StationTransaction>().id}/cancel`,
      headers: bearer(c.token),
    });

    const resume = (token: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/carwash/transactions/${ready.id}/resume`,
        headers: bearer(token),
      });
    expect((await resume(c.token)).statusCode).toBe(403);
    const elsewhere = await signInAsStaff(t.app, { role: 'station', stationIds: [otherStationId] });
    expect((await resume(elsewhere)).statusCode).toBe(404);
    const kitchen = await signInAsStaff(t.app, { role: 'kitchen', stationIds: [stationId] });
    expect((await resume(kitchen)).statusCode).toBe(403);
    const staff = await signInAsStaff(t.app, { role: 'station', stationIds: [stationId] });
    const resumed = await resume(staff);
    expect(resumed.statusCode).toBe(200);
    expect(resumed.json()).toMatchObject({ state: 'washing' });
    expect((await resume(staff)).statusCode).toBe(409);

    const live = await t.app.inject({
      url: `/api/admin/stations/${String(stationId)}/live`,
      headers: bearer(staff),
    });
    expect(live.statusCode).toBe(200);
    const bay = live
      .json<{ bays: { number: number; transaction: { id: string } | null }[] }>()
      .bays.find((b) => b.number === 3);
    expect(bay?.transaction?.id).toBe(ready.id);
    const done = await until(
      () => read(c, ready.id),
      (v) => v.state === 'completed',
    );
    expect(done.captured).toBe(14900);
  });

  it('says a bay fault stopped it, until staff resume it on the mended bay', async () => {
    const c = await customer();
    const ready = (await book(c, 2)).json<StationTransaction>();
    await act(c, ready.id, 'start');
    await until(
      () => read(c, ready.id),
      (v) => v.state === 'washing',
    );
    await sim().fault(site, 2);
    const stopped = await until(
      () => read(c, ready.id),
      (v) => v.state === 'stopped',
    );
    expect(stopped).toMatchObject({ errorKey: 'error.bayFault', captured: 14900 });
    await sim().online(site, 2);
    const staff = await signInAsStaff(t.app, { role: 'station', stationIds: [stationId] });
    const resumed = await t.app.inject({
      method: 'POST',
      url: `/api/admin/carwash/transactions/${ready.id}/resume`,
      headers: bearer(staff),
    });
    expect(resumed.statusCode).toBe(200);
    expect(resumed.json()).toMatchObject({ state: 'washing', errorKey: null });
  });

  it('cancels before the start with the hold voided', async () => {
    const c = await customer();
    const ready = (await book(c, 1)).json<StationTransaction>();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/transactions/${ready.id}/cancel`,
      headers: bearer(c.token),
    });
    expect(res.json()).toMatchObject({ state: 'cancelled', released: 14900 });
    expect((await sim().status(site, 1)).state).toBe('free');
    expect(await openHolds(c.id)).toBe(0);
  });

  it("answers another user's wash with 404 and refuses bad input", async () => {
    const owner = await customer();
    const stranger = await customer();
    const ready = (await book(owner, 1)).json<StationTransaction>();
    for (const action of ['start', 'stop'] as const)
      expect((await act(stranger, ready.id, action)).statusCode).toBe(404);
    expect((await act(owner, 'not-a-uuid', 'start')).statusCode).toBe(400);
    expect((await act(owner, ready.id, 'stop')).statusCode).toBe(409);
    const both = await book(stranger, 2, { voucherId: randomUUID() });
    expect(both.statusCode).toBe(400);
    expect((await book(stranger, 99)).statusCode).toBe(409);
    expect((await book(stranger, 2, { productId: 1 })).statusCode).toBe(404);
    expect(await openHolds(stranger.id)).toBe(0);
    await t.app.inject({
      method: 'POST',
      url: `/api/transactions/${ready.id}/cancel`,
      headers: bearer(owner.token),
    });
  });
});

describe('a wash paid with a voucher', () => {
  async function voucherOf(c: Customer) {
    const code = `VASK-${randomUUID().slice(0, 8).toUpperCase()}`;
    await issue(t.app.ctx.db, {
      code: normaliseVoucherCode(code),
      codeType: 'premium',
      kind: 'product',
      name: 'Ein bilvask',
      product: 'carwash',
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/vouchers/redeem',
      headers: bearer(c.token),
      payload: { code },
    });
    expect(res.statusCode).toBe(201);
    const [row] = await t.app.ctx.db
      .select()
      .from(userVouchers)
      .where(eq(userVouchers.userId, c.id));
    if (!row) throw new Error('no voucher');
    return row.id;
  }

  it('pays for the wash instead of the card, once', async () => {
    const c = await customer();
    const voucherId = await voucherOf(c);
    const booked = await book(c, 1, { paymentMethodId: undefined, voucherId });
    expect(booked.statusCode).toBe(201);
    const ready = booked.json<StationTransaction>();
    expect(ready).toMatchObject({ paidWith: 'voucher', held: 0, amount: 0 });
    await act(c, ready.id, 'start');
    const done = await until(
      () => read(c, ready.id),
      (v) => v.state === 'completed',
    );
    expect(done.receiptId).not.toBeNull();
    const charged = await t.app.ctx.db.select().from(payments).where(eq(payments.userId, c.id));
    expect(charged).toHaveLength(0);
    const again = await book(c, 2, { paymentMethodId: undefined, voucherId });
    expect(again.statusCode).toBe(422);
  });

  it('goes back to the wallet when the wash is cancelled', async () => {
    const c = await customer();
    const voucherId = await voucherOf(c);
    const ready = (
      await book(c, 2, { paymentMethodId: undefined, voucherId })
    ).json<StationTransaction>();
    await t.app.inject({
      method: 'POST',
      url: `/api/transactions/${ready.id}/cancel`,
      headers: bearer(c.token),
    });
    const [row] = await t.app.ctx.db
      .select()
      .from(userVouchers)
      .where(eq(userVouchers.id, voucherId));
    expect(row?.usedAt).toBeNull();
  });
});

describe('the bays and the staff view of a station', () => {
  it("lists a station's bays with each one's state", async () => {
    const c = await customer();
    const ready = (await book(c, 2)).json<StationTransaction>();
    try {
      const res = await t.app.inject({
        url: `/api/carwash/stations/${String(stationId)}/bays`,
        headers: bearer(c.token),
      });
      expect(res.statusCode).toBe(200);
      const items = res.json<{ items: { number: number; state: string }[] }>().items;
      expect(items.map((b) => b.number)).toEqual([1, 2, 3]);
      expect(items.find((b) => b.number === 2)?.state).toBe('busy');
      const get = (id: string, token?: string) =>
        t.app.inject({
          url: `/api/carwash/stations/${id}/bays`,
          ...(token ? { headers: bearer(token) } : {}),
        });
      expect((await get('x', c.token)).statusCode).toBe(400);
      expect((await get('999999', c.token)).statusCode).toBe(404);
      expect((await get(String(stationId))).statusCode).toBe(401);
    } finally {
      await t.app.inject({
        method: 'POST',
        url: `/api/transactions/${ready.id}/cancel`,
        headers: bearer(c.token),
      });
    }
  });

  it('shows the live station to its staff and to operators only', async () => {
    const c = await customer();
    const live = (token: string, id = String(stationId)) =>
      t.app.inject({ url: `/api/admin/stations/${id}/live`, headers: bearer(token) });
    expect((await live(c.token)).statusCode).toBe(403);
    const other = await signInAsStaff(t.app, { role: 'station', stationIds: [otherStationId] });
    expect((await live(other)).statusCode).toBe(404);
    const operator = await signInAsStaff(t.app, { role: 'operator' });
    expect((await live(operator, 'nope')).statusCode).toBe(400);
    const res = await live(operator);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      station: { id: stationId, name: 'Støð Tórshavn Miðbýur' },
      reachable: { forecourt: true, carwash: true },
    });
    expect(res.json<{ pumps: unknown[] }>().pumps).toHaveLength(8);
  });
});
