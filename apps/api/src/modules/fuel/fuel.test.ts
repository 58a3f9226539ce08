import { randomUUID } from 'node:crypto';
import { fuelAmount, FUEL_HOLD_ORE, type StationTransaction } from '@stod/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, payments, receipts, stations } from '../../db/schema/index.ts';
import type { ForecourtSim } from '../../integrations/forecourt/sim.ts';
import { seedStationNetwork } from '../../seed/index.ts';
import { issue } from '../vouchers/index.ts';
import { checkBooks } from '../../test/books.ts';
import { bearer, createTestApp, lastMailTo, type TestApp } from '../../test/app.ts';
import { cardCustomer, openHolds as holdsOf, until } from '../../test/stations.ts';
import { signInAsStaff } from '../../test/staff.ts';

let t: TestApp;
let stationId: number;
let site: string;
let dieselId: number;
let unleadedId: number;
const sim = () => t.app.ctx.forecourt as ForecourtSim;

beforeAll(async () => {
  t = await createTestApp({ SIM_SPEED: '200' });
  await seedStationNetwork(t.app.ctx.db);
  const [station] = await t.app.ctx.db
    .select()
    .from(stations)
    .where(eq(stations.name, 'Støð Tórshavn Miðbýur'));
  if (!station) throw new Error('no station');
  stationId = station.id;
  site = station.tokheimStationId;
  const res = await t.app.inject({ url: `/api/stations/stod/${String(stationId)}` });
  const products = res.json<{ products: { id: number; code: string }[] }>().products;
  unleadedId = products.find((p) => p.code === 'NormalUnleaded')?.id ?? 0;
  dieselId = products.find((p) => p.code === 'Diesel')?.id ?? 0;
});
afterAll(() => t.close());

const customer = (cardNumber?: string) => cardCustomer(t.app, cardNumber);
type Customer = Awaited<ReturnType<typeof customer>>;

const start = (
  c: Customer,
  pumpNumber: number,
  overrides: Record<string, unknown> = {},
  key: string | null = randomUUID(),
) =>
  t.app.inject({
    method: 'POST',
    url: '/api/fuel/transactions',
    headers: { ...bearer(c.token), ...(key ? { 'idempotency-key': key } : {}) },
    payload: {
      stationId,
      pumpNumber,
      productId: unleadedId,
      paymentMethodId: c.cardId,
      ...overrides,
    },
  });

const read = async (c: Customer, id: string) => {
  const res = await t.app.inject({ url: `/api/transactions/${id}`, headers: bearer(c.token) });
  expect(res.statusCode).toBe(200);
  return res.json<StationTransaction>();
};

const openHolds = (userId: string) => holdsOf(t.app.ctx.db, userId);

describe('POST /api/fuel/transactions', () => {
  it('holds 750 kr., authorises the pump, and at the sale captures the amount and writes the receipt', async () => {
    const c = await customer();
    const res = await start(c, 3);
    expect(res.statusCode).toBe(201);
    const started = res.json<StationTransaction>();
    expect(started).toMatchObject({
      service: 'fuel',
      state: 'ready',
      label: 'ready',
      point: 3,
      held: FUEL_HOLD_ORE,
      captured: 0,
      product: { code: 'NormalUnleaded', name: 'Blýfrítt 95', price: 1189 },
    });
    expect(started.deadline).not.toBeNull();
    expect((await sim().status(site, 3)).state).toBe('authorised');

    await sim().lift(site, 3, { litres: 20 });
    const done = await until(
      () => read(c, started.id),
      (v) => v.state === 'completed',
    );
    const amount = fuelAmount(20_000, 1189);
    expect(done).toMatchObject({
      label: 'complete',
      litres: 20,
      amount,
      captured: amount,
      released: FUEL_HOLD_ORE - amount,
    });
    expect(done.receiptId).not.toBeNull();
    const [receipt] = await t.app.ctx.db
      .select()
      .from(receipts)
      .where(eq(receipts.id, done.receiptId ?? ''));
    expect(receipt).toMatchObject({
      productType: 'Fuel',
      productDescription: 'NormalUnleaded',
      amount,
      quantity: 20,
      unitPrice: 1189,
      stationName: 'Støð Tórshavn Miðbýur',
    });
    expect(await openHolds(c.id)).toBe(0);
    const active = await t.app.inject({
      url: '/api/transactions/active',
      headers: bearer(c.token),
    });
    expect(active.json()).toEqual({ transaction: null });
    expect(await checkBooks(t.app.ctx.db)).toEqual([]);
  });

  it('draws a voucher balance first: the card pays the rest, and all it did not pay goes back', async () => {
    const c = await customer();
    const code = `FUEL${randomUUID().replaceAll('-', '').slice(0, 12).toUpperCase()}`;
    await issue(t.app.ctx.db, {
      code,
      codeType: 'premium',
      kind: 'value',
      name: 'Gávukort',
      amount: 50_00,
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    const redeemed = await t.app.inject({
      method: 'POST',
      url: '/api/vouchers/redeem',
      headers: bearer(c.token),
      payload: { code },
    });
    expect(redeemed.statusCode, redeemed.body).toBe(201);
    const started = (await start(c, 5)).json<StationTransaction>();
    await sim().lift(site, 5, { litres: 20 });
    const done = await until(
      () => read(c, started.id),
      (v) => v.state === 'completed',
    );
    const amount = fuelAmount(20_000, 1189);
    // The balance paid 50 kr. of it, never taken from the hold: the card gives back the rest.
    expect(done).toMatchObject({ amount, captured: amount - 50_00, fromBalance: 50_00 });
    expect(done.released).toBe(FUEL_HOLD_ORE - done.captured);
    expect(await openHolds(c.id)).toBe(0);
    expect(await checkBooks(t.app.ctx.db)).toEqual([]);
  });

  it('answers a repeat of the key with the same transaction and one hold', async () => {
    const c = await customer();
    const key = randomUUID();
    const [a, b] = await Promise.all([start(c, 4, {}, key), start(c, 4, {}, key)]);
    const again = await start(c, 4, {}, key);
    const ids = [a, b, again].map((r) => r.json<StationTransaction>().id);
    expect(new Set(ids).size).toBe(1);
    const held = await t.app.ctx.db.select().from(payments).where(eq(payments.userId, c.id));
    expect(held).toHaveLength(1);
    await t.app.inject({
      method: 'POST',
      url: `/api/transactions/${ids[0] ?? ''}/cancel`,
      headers: bearer(c.token),
    });
  });

  it('takes one of five parallel starts with new keys, and leaves one hold', async () => {
    const c = await customer();
    const answers = await Promise.all([1, 2, 3, 4, 5].map((pump) => start(c, pump)));
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes[0]).toBe(201);
    expect(codes.filter((code) => code === 201)).toHaveLength(1);
    expect(codes.filter((code) => code === 409)).toHaveLength(4);
    expect(await openHolds(c.id)).toBe(1);
    const won = answers.find((r) => r.statusCode === 201)?.json<StationTransaction>();
    await t.app.inject({
      method: 'POST',
      url: `/api/transactions/${won?.id ?? ''}/cancel`,
      headers: bearer(c.token),
    });
    expect(await openHolds(c.id)).toBe(0);
    expect(await checkBooks(t.app.ctx.db)).toEqual([]);
  });

  it('gives the 750 kr. text for a card without the funds, and leaves no hold', async () => {
    const c = await customer('4000000000009995');
    const res = await start(c, 5);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      code: 'FUEL_FUNDS',
      message:
        'Tað eydnaðist ikki at byrja tankingina: tryggja tær, at 750 kr. eru tøk á gjaldskortinum.',
    });
    const en = await start(c, 5, {}, randomUUID());
    expect(en.statusCode).toBe(422);
    const english = await t.app.inject({
      method: 'POST',
      url: '/api/fuel/transactions',
      headers: { ...bearer(c.token), 'idempotency-key': randomUUID(), 'accept-language': 'en' },
      payload: { stationId, pumpNumber: 5, productId: unleadedId, paymentMethodId: c.cardId },
    });
    expect(english.json<{ message: string }>().message).toBe(
      'Failed to start refuelling: ensure 750 kroner are available on the payment card.',
    );
    expect(await openHolds(c.id)).toBe(0);
    expect((await sim().status(site, 5)).state).toBe('idle');
    const active = await t.app.inject({
      url: '/api/transactions/active',
      headers: bearer(c.token),
    });
    expect(active.json()).toEqual({ transaction: null });
  });

  it('refuses a pump taken by another customer with the pump text, without a hold', async () => {
    const a = await customer();
    const b = await customer();
    const first = await start(a, 6);
    expect(first.statusCode).toBe(201);
    const second = await start(b, 6);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({
      code: 'PUMP_UNAVAILABLE',
      message: expect.stringContaining('Pumpan er ikki tøk') as unknown,
    });
    expect(await openHolds(b.id)).toBe(0);
    await t.app.inject({
      method: 'POST',
      url: `/api/transactions/${first.json<StationTransaction>().id}/cancel`,
      headers: bearer(a.token),
    });
  });

  it('leaves no open hold after five refused attempts with new keys', async () => {
    const c = await customer();
    await sim().offline(site, 7);
    try {
      for (let i = 0; i < 5; i += 1) {
        const res = await start(c, 7);
        expect(res.statusCode).toBe(409);
        expect(res.json<{ code: string }>().code).toBe('PUMP_UNAVAILABLE');
      }
    } finally {
      await sim().online(site, 7);
    }
    expect(await openHolds(c.id)).toBe(0);
  });

  it('voids the hold at once when the pump refuses after the hold', async () => {
    const c = await customer();
    // The pump looks free when asked, then refuses the authorisation.
    const forecourt = sim();
    const authorise = forecourt.authorise.bind(forecourt);
    forecourt.authorise = async () => {
      const { ForecourtError } = await import('../../integrations/forecourt/port.ts');
      throw new ForecourtError('inactive');
    };
    try {
      const res = await start(c, 8);
      expect(res.statusCode).toBe(409);
    } finally {
      forecourt.authorise = authorise;
    }
    const rows = await t.app.ctx.db.select().from(payments).where(eq(payments.userId, c.id));
    expect(rows.map((p) => p.status)).toEqual(['voided']);
    expect(await openHolds(c.id)).toBe(0);
  });

  it('allows one unfinished transaction per user', async () => {
    const c = await customer();
    const first = await start(c, 1);
    expect(first.statusCode).toBe(201);
    const second = await start(c, 2);
    expect(second.statusCode).toBe(409);
    expect(second.json<{ code: string }>().code).toBe('TRANSACTION_ACTIVE');
    const active = await t.app.inject({
      url: '/api/transactions/active',
      headers: bearer(c.token),
    });
    expect(active.json<{ transaction: StationTransaction }>().transaction.id).toBe(
      first.json<StationTransaction>().id,
    );
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/transactions/${first.json<StationTransaction>().id}/cancel`,
      headers: bearer(c.token),
    });
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json()).toMatchObject({
      state: 'cancelled',
      label: 'cancelled',
      released: FUEL_HOLD_ORE,
    });
    expect(await openHolds(c.id)).toBe(0);
    expect((await sim().status(site, 1)).state).toBe('idle');
  });

  it('refuses bad input with field errors and changes nothing', async () => {
    const c = await customer();
    const noKey = await start(c, 2, {}, null);
    expect(noKey.statusCode).toBe(400);
    const bad = await start(c, 2, { pumpNumber: 'three', productId: -1, extra: true });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json<{ fieldErrors: object }>().fieldErrors)).toEqual(
      expect.arrayContaining(['pumpNumber', 'productId']),
    );
    expect((await start(c, 2, { stationId: 999_999 })).statusCode).toBe(404);
    expect((await start(c, 2, { productId: 999_999 })).statusCode).toBe(404);
    expect((await start(c, 99)).statusCode).toBe(409);
    const other = await customer();
    expect((await start(c, 2, { paymentMethodId: other.cardId })).statusCode).toBe(404);
    expect(await openHolds(c.id)).toBe(0);
    const unauthenticated = await t.app.inject({
      method: 'POST',
      url: '/api/fuel/transactions',
      headers: { 'idempotency-key': randomUUID() },
      payload: { stationId, pumpNumber: 2, productId: dieselId, paymentMethodId: c.cardId },
    });
    expect(unauthenticated.statusCode).toBe(401);
  });
});

describe('a refuelling in progress', () => {
  it("is another user's 404", async () => {
    const owner = await customer();
    const stranger = await customer();
    const started = (await start(owner, 2)).json<StationTransaction>();
    for (const [method, url] of [
      ['GET', `/api/transactions/${started.id}`],
      ['POST', `/api/transactions/${started.id}/cancel`],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: bearer(stranger.token) });
      expect(res.statusCode).toBe(404);
    }
    expect((await read(owner, started.id)).state).toBe('ready');
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/transactions/${started.id}/cancel`,
      headers: bearer(owner.token),
    });
    expect(cancelled.statusCode).toBe(200);
  });

  it('cannot be cancelled once the nozzle is lifted', async () => {
    const c = await customer();
    const started = (await start(c, 2)).json<StationTransaction>();
    await sim().lift(site, 2);
    await until(
      () => read(c, started.id),
      (v) => v.state === 'fuelling',
    );
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/transactions/${started.id}/cancel`,
      headers: bearer(c.token),
    });
    expect(res.statusCode).toBe(409);
    const live = await until(
      () => read(c, started.id),
      (v) => (v.litres ?? 0) > 0,
    );
    expect(live.label).toBe('inProgress');
    await sim().hangup(site, 2);
    const done = await until(
      () => read(c, started.id),
      (v) => v.state === 'completed',
    );
    expect(done.captured).toBeGreaterThan(0);
    expect(done.captured).toBeLessThanOrEqual(FUEL_HOLD_ORE);
  });

  it('ends as a fault when the pump fails mid-fill: paid for what came, the rest released, a receipt', async () => {
    const c = await customer();
    const started = (await start(c, 6)).json<StationTransaction>();
    await sim().lift(site, 6);
    await until(
      () => read(c, started.id),
      (v) => (v.litres ?? 0) > 0,
    );
    await sim().fault(site, 6);
    try {
      const done = await until(
        () => read(c, started.id),
        (v) => v.state === 'completed',
      );
      expect(done.errorKey).toBe('error.pumpFault');
      expect(done.captured).toBe(done.amount);
      expect(done.released).toBe(FUEL_HOLD_ORE - done.amount);
      expect(done.receiptId).not.toBeNull();
      expect(await openHolds(c.id)).toBe(0);
    } finally {
      await sim().online(site, 6);
    }
  });

  it('ends with the nozzle text and a voided hold when the nozzle is not lifted in time', async () => {
    const c = await customer();
    const started = (await start(c, 4)).json<StationTransaction>();
    const due = await t.app.ctx.db
      .update(jobs)
      .set({ runAt: new Date(Date.now() - 1000) })
      .where(
        and(eq(jobs.name, 'fuel.nozzleTimeout'), eq(jobs.key, `fuel.nozzleTimeout:${started.id}`)),
      )
      .returning();
    expect(due).toHaveLength(1);
    await t.app.ctx.jobs.runDue();
    const ended = await read(c, started.id);
    expect(ended).toMatchObject({
      state: 'expired',
      label: 'cancelled',
      errorKey: 'error.nozzleTimeout',
      released: FUEL_HOLD_ORE,
    });
    expect(await openHolds(c.id)).toBe(0);
    expect((await sim().status(site, 4)).state).toBe('idle');
  });

  it('stays open through a lost connection and captures the final sale once when it returns', async () => {
    const c = await customer();
    const started = (await start(c, 5)).json<StationTransaction>();
    await sim().lift(site, 5);
    await until(
      () => read(c, started.id),
      (v) => (v.litres ?? 0) > 0,
    );
    await sim().offline(site, 5);
    const lost = await until(
      () => read(c, started.id),
      (v) => v.connectionLost,
    );
    expect(lost.state).toBe('fuelling');
    await sim().hangup(site, 5);
    // The sale stays in the pump until the connection returns; the reconciliation cannot reach it.
    await t.app.ctx.db.execute(
      sql`update station_transactions set updated_at = now() - interval '1 minute' where id = ${started.id}`,
    );
    const { reconcileStationTransactions } = await import('../transactions/index.ts');
    await reconcileStationTransactions(t.app.ctx);
    expect((await read(c, started.id)).state).toBe('fuelling');
    await sim().online(site, 5);
    const done = await until(
      () => read(c, started.id),
      (v) => v.state === 'completed',
    );
    expect(done.connectionLost).toBe(false);
    expect(done.captured).toBe(done.amount);
    const captures = (await t.app.ctx.db.execute(
      sql`select count(*)::int as n from payment_steps s join payments p on p.id = s.payment_id
          where p.user_id = ${c.id} and s.kind = 'capture'`,
    )) as { rows: { n: number }[] };
    expect(captures.rows[0]?.n).toBe(1);
    await until(
      () => lastMailTo(t.app, c.email),
      (mail) => mail?.subject.startsWith('Kvittan fyri tanking') ?? false,
    );
  });
});

describe('a start request that died half-way', () => {
  it('is resumed by the reconciliation under its own key: one hold, the pump authorised', async () => {
    const c = await customer();
    const forecourt = sim();
    const authorise = forecourt.authorise.bind(forecourt);
    // The pump never answers: the hold is placed, the request ends without an answer.
    forecourt.authorise = () => Promise.reject(new Error('no answer from the forecourt'));
    let res;
    try {
      res = await start(c, 6);
    } finally {
      forecourt.authorise = authorise;
    }
    expect(res.statusCode).toBe(500);
    const active = await t.app.inject({
      url: '/api/transactions/active',
      headers: bearer(c.token),
    });
    const stuck = active.json<{ transaction: StationTransaction }>().transaction;
    expect(stuck.state).toBe('starting');
    expect(await openHolds(c.id)).toBe(1);

    await t.app.ctx.db.execute(
      sql`update station_transactions set updated_at = now() - interval '1 minute' where id = ${stuck.id}`,
    );
    const { reconcileStationTransactions } = await import('../transactions/index.ts');
    await reconcileStationTransactions(t.app.ctx);
    const resumed = await read(c, stuck.id);
    expect(resumed).toMatchObject({ state: 'ready', held: FUEL_HOLD_ORE });
    expect((await sim().status(site, 6)).state).toBe('authorised');
    const held = await t.app.ctx.db.select().from(payments).where(eq(payments.userId, c.id));
    expect(held).toHaveLength(1);
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/transactions/${stuck.id}/cancel`,
      headers: bearer(c.token),
    });
    expect(cancelled.json()).toMatchObject({ state: 'cancelled' });
    expect(await openHolds(c.id)).toBe(0);
  });
});

describe('a pump staff took out of service', () => {
  it('shows unavailable, starts nothing, and is back when staff put it back', async () => {
    const manager = await signInAsStaff(t.app, { role: 'station', stationIds: [stationId] });
    const settle = (closedPumps: number[]) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/admin/stations/${String(stationId)}`,
        headers: bearer(manager),
        payload: { closedPumps },
      });
    // A start made before the pump closed: its repeat answers as the first time.
    const early = await customer();
    const key = randomUUID();
    const first = await start(early, 5, {}, key);
    expect(first.statusCode).toBe(201);
    const closed = await settle([5]);
    expect(closed.statusCode).toBe(200);
    const repeat = await start(early, 5, {}, key);
    expect(repeat.json<StationTransaction>().id).toBe(first.json<StationTransaction>().id);
    await t.app.inject({
      method: 'POST',
      url: `/api/transactions/${first.json<StationTransaction>().id}/cancel`,
      headers: bearer(early.token),
    });
    expect(closed.json()).toMatchObject({ closedPumps: [5], closedBays: [], kitchenPaused: false });
    const c = await customer();
    try {
      const pumps = await t.app.inject({
        url: `/api/fuel/stations/${String(stationId)}/pumps`,
        headers: bearer(c.token),
      });
      const items = pumps.json<{ items: { number: number; state: string }[] }>().items;
      expect(items.find((p) => p.number === 5)?.state).toBe('unavailable');
      const refused = await start(c, 5);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({
        code: 'POINT_OUT_OF_SERVICE',
        message: 'Pumpan er ikki í nýtslu júst nú. Vel eina aðra pumpu.',
      });
      expect(await openHolds(c.id)).toBe(0);
    } finally {
      expect((await settle([])).json()).toMatchObject({ closedPumps: [] });
    }
    const after = await t.app.inject({
      url: `/api/fuel/stations/${String(stationId)}/pumps`,
      headers: bearer(c.token),
    });
    expect(
      after.json<{ items: { number: number; state: string }[] }>().items.find((p) => p.number === 5)
        ?.state,
    ).toBe('free');
    // A pump twice, a pump 0, or the kitchen told a string: refused, nothing changed.
    for (const payload of [{ closedPumps: [5, 5] }, { closedPumps: [0] }, { kitchenPaused: 'yes' }])
      expect(
        (
          await t.app.inject({
            method: 'PATCH',
            url: `/api/admin/stations/${String(stationId)}`,
            headers: bearer(manager),
            payload,
          })
        ).statusCode,
      ).toBe(400);
  });
});

describe('GET /api/fuel/stations/{id}/pumps', () => {
  it("shows each pump's state, a pump held by a transaction as busy", async () => {
    const c = await customer();
    const started = (await start(c, 8)).json<StationTransaction>();
    await sim().fault(site, 7);
    try {
      const res = await t.app.inject({
        url: `/api/fuel/stations/${String(stationId)}/pumps`,
        headers: bearer(c.token),
      });
      expect(res.statusCode).toBe(200);
      const items = res.json<{ items: { number: number; state: string }[] }>().items;
      expect(items).toHaveLength(8);
      expect(items.find((p) => p.number === 8)?.state).toBe('busy');
      expect(items.find((p) => p.number === 7)?.state).toBe('unavailable');
      expect(items.find((p) => p.number === 1)?.state).toBe('free');
    } finally {
      await sim().online(site, 7);
      await t.app.inject({
        method: 'POST',
        url: `/api/transactions/${started.id}/cancel`,
        headers: bearer(c.token),
      });
    }
  });

  it('refuses a bad id, an unknown station and a caller without a session', async () => {
    const c = await customer();
    const get = (id: string, token?: string) =>
      t.app.inject({
        url: `/api/fuel/stations/${id}/pumps`,
        ...(token ? { headers: bearer(token) } : {}),
      });
    expect((await get('abc', c.token)).statusCode).toBe(400);
    expect((await get('999999', c.token)).statusCode).toBe(404);
    expect((await get(String(stationId))).statusCode).toBe(401);
  });
});
