import { randomUUID } from 'node:crypto';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { FUEL_HOLD_ORE, type StationTransaction } from '@stod/domain';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { RPCClient } from 'ocpp-rpc';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { testConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { stations } from '../../db/schema/index.ts';
import { seedStationNetwork } from '../../seed/index.ts';
import { startStations, type StationProcess } from '../../station/main.ts';
import { startStationPage } from '../../station/page.ts';
import { startApiChild, stopApiChild } from '../../test/api-child.ts';
import { bearer, sharedTestDatabase } from '../../test/app.ts';
import { checkBooks } from '../../test/books.ts';
import { cardCustomer, until } from '../../test/stations.ts';
import { siteKey, sitePassword } from './endpoint.ts';
import { SITE_PROTOCOL } from './protocol.ts';

/**
 * The pumps and bays as the station process plays them, outside the API, over the site
 * protocol: with two API processes on one database and Redis, behind a balancer, a fill started
 * on one is followed and settled on the other, and survives the loss of the process that held
 * its site's connection.
 */

const SECRET = 'a-site-secret-for-the-tests';
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function sharedDatabase(): Promise<Database> {
  const shared = await sharedTestDatabase();
  cleanups.push(shared.close);
  return shared.database;
}

/** A TCP balancer: each new connection goes to the first backend that takes it. */
function balancer(backends: number[]): Promise<{ port: number; server: Server }> {
  const server = createServer((incoming: Socket) => {
    const tryAt = (i: number) => {
      const port = backends[i];
      if (port === undefined) {
        incoming.destroy();
        return;
      }
      const outgoing = connect(port, '127.0.0.1');
      let joined = false;
      outgoing.once('connect', () => {
        joined = true;
        incoming.pipe(outgoing).pipe(incoming);
        incoming.once('close', () => outgoing.destroy());
        outgoing.once('close', () => incoming.destroy());
      });
      // A backend that refuses the connection passes it on to the next.
      outgoing.once('error', () => {
        if (joined) incoming.destroy();
        else tryAt(i + 1);
      });
    };
    incoming.on('error', () => undefined);
    tryAt(0);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve({ port: typeof address === 'object' && address ? address.port : 0, server });
    });
  });
}

/** The sites of the food stations, whose coffee machines the test pours from. */
async function foodSites(database: Database) {
  return (await database.db.select().from(stations))
    .filter((s) => s.services.includes('food'))
    .map((s) => s.tokheimStationId);
}

async function listening(app: FastifyInstance) {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return (app.server.address() as { port: number }).port;
}

async function stationOf(database: Database, name: string) {
  const [station] = await database.db.select().from(stations).where(eq(stations.name, name));
  if (!station) throw new Error(`no station ${name}`);
  return station;
}

async function productOf(app: FastifyInstance, stationId: number, code: string) {
  const detail = await app.inject({ url: `/api/stations/stod/${String(stationId)}` });
  return (
    detail
      .json<{ products: { id: number; code: string }[] }>()
      .products.find((p) => p.code === code)?.id ?? 0
  );
}

/** One API process with sites, listening, on a seeded database of its own. */
async function oneApp(overrides: Record<string, string> = {}) {
  const database = await sharedDatabase();
  const app = await buildApp(testConfig({ SITE_SECRET: SECRET, ...overrides }), { database });
  cleanups.push(() => app.close());
  await seedStationNetwork(database.db);
  return { database, app, port: await listening(app) };
}

describe('the site endpoint', () => {
  it('takes a known site with its password and no other', async () => {
    const { database, app, port } = await oneApp();
    const station = await stationOf(database, 'Støð Hoyvík');
    const site = station.tokheimStationId;
    const dial = async (identity: string, password: string) => {
      const client = new RPCClient({
        endpoint: `ws://127.0.0.1:${String(port)}/site`,
        identity,
        protocols: [SITE_PROTOCOL],
        password,
        reconnect: false,
      } as ConstructorParameters<typeof RPCClient>[0]);
      try {
        await client.connect();
        return client;
      } catch (error) {
        return (error as { code?: unknown; message: string }).message;
      }
    };
    expect(await dial(site, 'wrong')).toMatch(/401|Unauthorized/);
    expect(await dial('no-such-site', sitePassword(SECRET, 'no-such-site'))).toMatch(
      /404|Not Found/,
    );
    const client = await dial(site, sitePassword(SECRET, site));
    if (typeof client === 'string') throw new Error(client);
    cleanups.push(() => client.close({ force: true }));
    // A report with a field of the wrong kind is refused in the protocol's words; nothing inside leaks.
    await expect(
      client.call('PumpStatus', { pump: 'one', state: 'idle', reference: null }),
    ).rejects.toMatchObject({ rpcErrorCode: 'FormationViolation' });
    await expect(
      client.call('Boot', { vendor: 'Other make', model: 'FDC-9' }),
    ).resolves.toMatchObject({ status: 'Accepted' });
    await expect(client.call('Teleport', {})).rejects.toMatchObject({
      rpcErrorCode: 'NotImplemented',
    });
    await until(
      () => app.ctx.devices.holders.holderOf(siteKey(site)),
      (holder) => holder?.node === app.ctx.devices.holders.node,
    );
    // A controller that does not know the price sign's call has no sign the platform sets.
    await expect(
      app.ctx.forecourt.showPrices?.(site, [{ grade: 'Diesel', unitPrice: 1299 }]),
    ).resolves.toBe('no_sign');
    // A site that answers nothing the platform asks (no simulator) refuses the page's controls.
    const res = await app.inject({
      method: 'POST',
      url: '/api/dev/sim/pumps',
      payload: { stationId: station.id, pumpNumber: 1, action: 'lift' },
    });
    expect(res.statusCode).toBe(409);
  });
});

describe('a forecourt controller of another make', () => {
  it('says a pump failed before its sale, with no fault flag: the fill ends as the fault, paid for what came', async () => {
    const { database, app, port } = await oneApp();
    const station = await stationOf(database, 'Støð Hoyvík');
    const site = station.tokheimStationId;
    const controller = new RPCClient({
      endpoint: `ws://127.0.0.1:${String(port)}/site`,
      identity: site,
      protocols: [SITE_PROTOCOL],
      password: sitePassword(SECRET, site),
      reconnect: false,
    } as ConstructorParameters<typeof RPCClient>[0]);
    cleanups.push(() => controller.close({ force: true }));
    // It answers what a fill needs, keeps the authorisation, and knows no other call.
    let authorised: { pump: number; reference: string; unitPrice: number } | null = null;
    let pump: { pump: number; state: string; reference: string | null } = {
      pump: 2,
      state: 'idle',
      reference: null,
    };
    const report = async (state: string, reference: string | null) => {
      pump = { pump: 2, state, reference };
      await controller.call('PumpStatus', pump);
    };
    controller.handle('Forecourt.Status', () => Promise.resolve({ pumps: [pump] }));
    controller.handle('Pump.Authorise', ({ params }) => {
      authorised = params as { pump: number; reference: string; unitPrice: number };
      pump = { pump: 2, state: 'authorised', reference: authorised.reference };
      journal = 'authorised';
      return Promise.resolve({ status: 'Accepted' });
    });
    // Its journal: the authorisation and what it delivered, whatever the pump does now; the
    // platform asks after a boot.
    let delivered = { volumeMl: 0, amount: 0 };
    let journal: 'unknown' | 'authorised' | 'fuelling' = 'unknown';
    controller.handle('Sale.Lookup', () =>
      Promise.resolve(
        journal === 'unknown' ? { state: journal } : { state: journal, pump: 2, ...delivered },
      ),
    );
    await controller.connect();
    await controller.call('Boot', { vendor: 'Other make', model: 'FDC-9', pumps: [2], bays: [] });
    await report('idle', null);
    await until(
      () => app.ctx.devices.holders.holderOf(siteKey(site)),
      (holder) => holder?.node === app.ctx.devices.holders.node,
    );

    const user = await cardCustomer(app);
    const productId = await productOf(app, station.id, 'Diesel');
    const started = await app.inject({
      method: 'POST',
      url: '/api/fuel/transactions',
      headers: { ...bearer(user.token), 'idempotency-key': randomUUID() },
      payload: { stationId: station.id, pumpNumber: 2, productId, paymentMethodId: user.cardId },
    });
    expect(started.statusCode, started.body).toBe(201);
    const { id } = started.json<StationTransaction>();
    const read = async () =>
      (
        await app.inject({ url: `/api/transactions/${id}`, headers: bearer(user.token) })
      ).json<StationTransaction>();
    const { reference, unitPrice } = await until(
      () => Promise.resolve(authorised),
      (a) => a !== null,
    ).then((a) => a!);
    await report('authorised', reference);
    journal = 'fuelling';
    await report('fuelling', reference);
    delivered = { volumeMl: 81, amount: Math.round((81 * unitPrice) / 1000) };
    await controller.call('FuellingProgress', { pump: 2, reference, ...delivered });
    await until(read, (v) => v.state === 'fuelling' && (v.litres ?? 0) > 0);
    // The failure first, then the sale, which says nothing of it.
    await report('inactive', null);
    const told = await until(read, (v) => v.errorKey === 'error.pumpFault');
    expect(told.state).toBe('fuelling');
    const { amount } = delivered;
    await controller.call('Sale', {
      sale: {
        reference,
        pump: 2,
        grade: 'Diesel',
        volumeMl: 81,
        unitPrice,
        amount,
        at: new Date().toISOString(),
      },
    });
    const done = await until(read, (v) => v.state === 'completed');
    expect(done).toMatchObject({
      errorKey: 'error.pumpFault',
      litres: 0.081,
      amount,
      captured: amount,
      released: FUEL_HOLD_ORE - amount,
    });
    expect(done.receiptId).not.toBeNull();
    expect(await checkBooks(database.db)).toEqual([]);
  });
});

describe('the simulator page of the station process', () => {
  it('is served beside the devices, and its hands reach them through the platform', async () => {
    const { database, app, port } = await oneApp({ SIM_SPEED: '50' });
    const station = await stationOf(database, 'Støð Hoyvík');
    const devices = startStations({
      url: `ws://127.0.0.1:${String(port)}/site`,
      secret: SECRET,
      speed: 50,
      autoCustomer: false,
      sites: [station.tokheimStationId],
    });
    cleanups.push(() => devices.close());
    await devices.ready();
    // Once the site has booted, the platform puts the station's fuel prices on its sign.
    const product = await productOf(app, station.id, 'Diesel');
    const diesel = await app.inject({ url: `/api/stations/stod/${String(station.id)}` });
    const price = diesel
      .json<{ products: { id: number; price: number }[] }>()
      .products.find((p) => p.id === product)?.price;
    await until(
      () => devices.forecourt.sign(station.tokheimStationId),
      (sign) => sign.some((p) => p.grade === 'Diesel' && p.unitPrice === price),
    );
    await expect(
      app.ctx.forecourt.showPrices?.(station.tokheimStationId, [{ grade: 'Diesel', unitPrice: 1 }]),
    ).resolves.toBe('shown');
    expect(await devices.forecourt.sign(station.tokheimStationId)).toContainEqual({
      grade: 'Diesel',
      unitPrice: 1,
    });
    const page = await startStationPage({
      platform: `http://127.0.0.1:${String(port)}`,
      productSlug: 'stod',
      port: 0,
      host: '127.0.0.1',
    });
    cleanups.push(() => page.close());
    const base = `http://127.0.0.1:${String((page.server.address() as { port: number }).port)}`;
    const html = await fetch(`${base}/api/dev/sim/`);
    expect(html.status).toBe(200);
    expect(await html.text()).toContain('Device simulator');
    const faulted = await fetch(`${base}/api/dev/sim/pumps`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ stationId: station.id, pumpNumber: 4, action: 'fault' }),
    });
    expect(faulted.status).toBe(200);
    expect((await devices.forecourt.status(station.tokheimStationId, 4)).state).toBe('inactive');
    // Only the page's own calls pass; the rest of the API is not the station's to serve.
    expect((await fetch(`${base}/api/user/v2`)).status).toBe(404);
  });
});

const ALWAYS = Array.from({ length: 7 }, () => ({ from: '00:00', to: '24:00' }));

/** A food order placed at a station kept open around the clock. */
async function foodOrder(app: FastifyInstance, database: Database, stationId: number) {
  await database.db
    .update(stations)
    .set({ openingHours: ALWAYS })
    .where(eq(stations.id, stationId));
  const user = await cardCustomer(app);
  const res = await app.inject({
    method: 'POST',
    url: '/api/food/orders',
    headers: { ...bearer(user.token), 'idempotency-key': randomUUID() },
    payload: {
      stationId,
      lines: [{ type: 'product', productId: 'franskar', quantity: 1 }],
      mode: 'take-out',
      pickupAt: 'asap',
      paymentMethodId: user.cardId,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const order = res.json<{ id: string; number: number }>();
  return {
    user,
    /** Hands the order to the site's kitchen, as the platform's job does for an unstaffed station. */
    hand: (via: FastifyInstance, site: string) =>
      via.ctx.kitchens.send(site, {
        orderId: order.id,
        number: order.number,
        state: 'placed',
        lines: [{ name: 'Franskar', quantity: 1 }],
        placedAt: new Date(),
        acceptedAt: null,
        readyBy: null,
        readyAt: null,
      }),
    read: async () =>
      (
        await app.inject({ url: `/api/food/orders/${order.id}`, headers: bearer(user.token) })
      ).json<{ state: string; receiptId?: string | null }>(),
  };
}

describe('the station’s kitchen', () => {
  it('takes the orders no display answers over the site protocol, accepts, readies and hands them over', async () => {
    const { database, app, port } = await oneApp();
    const station = await stationOf(database, 'Støð Hoyvík');
    const argir = await stationOf(database, 'Støð Argir');
    const devices = startStations({
      url: `ws://127.0.0.1:${String(port)}/site`,
      secret: SECRET,
      speed: 600,
      autoCustomer: false,
      kitchenAcceptSeconds: 1,
      sites: [station.tokheimStationId, argir.tokheimStationId],
    });
    cleanups.push(() => devices.close());
    await devices.ready();
    const order = await foodOrder(app, database, station.id);
    expect((await order.read()).state).toBe('placed');
    await order.hand(app, station.tokheimStationId);
    // Eight minutes of cooking and five at the counter, six hundred times faster.
    await until(order.read, (v) => v.state === 'collected', 20_000);
    expect(await checkBooks(database.db)).toEqual([]);
    // A site without food has no kitchen: it refuses the order, which waits for a display.
    await expect(
      app.ctx.kitchens.send(argir.tokheimStationId, {
        orderId: randomUUID(),
        number: 1,
        state: 'placed',
        lines: [],
        placedAt: new Date(),
        acceptedAt: null,
        readyBy: null,
        readyAt: null,
      }),
    ).rejects.toMatchObject({ code: 'no_kitchen' });
  });
});

describe.skipIf(!process.env.TEST_REDIS_URL)('two API processes and the station process', () => {
  it('a fill, a wash and a cup started on one are followed on the other; the fill survives the loss of its holder', async () => {
    const database = await sharedDatabase();
    const config = testConfig({
      SITE_SECRET: SECRET,
      SIM_SPEED: '50',
      STATION_RECONCILE_EVERY_SECONDS: '0',
      REDIS_URL: process.env.TEST_REDIS_URL ?? '',
      REDIS_KEY_PREFIX: `stod-test-${randomUUID()}:`,
    });
    const a = await buildApp(config, { database });
    const b = await buildApp(config, { database });
    cleanups.push(() => b.close());
    await seedStationNetwork(database.db);
    const [portA, portB] = [await listening(a), await listening(b)];
    const lb = await balancer([portA, portB]);
    cleanups.push(() => new Promise((resolve) => lb.server.close(resolve)));
    const station = await stationOf(database, 'Støð Hoyvík');
    const site = station.tokheimStationId;
    const stationProcess: StationProcess = startStations({
      url: `ws://127.0.0.1:${String(lb.port)}/site`,
      secret: SECRET,
      speed: 50,
      autoCustomer: false,
      sites: [site, ...(await foodSites(database))],
    });
    cleanups.push(() => stationProcess.close());
    await stationProcess.ready();
    // The balancer sent the site to A.
    await until(
      () => b.ctx.devices.holders.holderOf(siteKey(site)),
      (holder) => holder?.node === a.ctx.devices.holders.node,
    );

    // The customer starts on B: the authorisation goes through A, which holds the site.
    const user = await cardCustomer(b);
    const productId = await productOf(b, station.id, 'Diesel');
    const started = await b.inject({
      method: 'POST',
      url: '/api/fuel/transactions',
      headers: { ...bearer(user.token), 'idempotency-key': randomUUID() },
      payload: { stationId: station.id, pumpNumber: 2, productId, paymentMethodId: user.cardId },
    });
    expect(started.statusCode).toBe(201);
    const { id } = started.json<StationTransaction>();
    // The simulator page's lift, asked of B, reaches the pump through A.
    const lifted = await b.inject({
      method: 'POST',
      url: '/api/dev/sim/pumps',
      payload: { stationId: station.id, pumpNumber: 2, action: 'lift' },
    });
    expect(lifted.statusCode).toBe(200);
    const read = (app: FastifyInstance) => async () =>
      (
        await app.inject({ url: `/api/transactions/${id}`, headers: bearer(user.token) })
      ).json<StationTransaction>();
    await until(read(b), (v) => v.state === 'fuelling' && (v.litres ?? 0) > 0);

    // A goes away while the pump pours; the site dials again and the balancer sends it to B.
    await a.close();
    await until(
      () => b.ctx.devices.holders.holderOf(siteKey(site)),
      (holder) => holder?.node === b.ctx.devices.holders.node,
      20_000,
    );
    const pouring = await read(b)();
    expect(pouring.state).toBe('fuelling');
    const hungUp = await b.inject({
      method: 'POST',
      url: '/api/dev/sim/pumps',
      payload: { stationId: station.id, pumpNumber: 2, action: 'hangup' },
    });
    expect(hungUp.statusCode).toBe(200);
    const done = await until(read(b), (v) => v.state === 'completed', 20_000);
    expect(done.captured).toBe(done.amount);
    expect(done.captured).toBeGreaterThan(0);
    expect(done.captured).toBeLessThanOrEqual(FUEL_HOLD_ORE);
    const steps = (await database.db.execute(
      sql`select s.kind, count(*)::int as n from payment_steps s join payments p on p.id = s.payment_id
          where p.user_id = ${user.id} group by s.kind order by s.kind`,
    )) as { rows: { kind: string; n: number }[] };
    expect(steps.rows.find((r) => r.kind === 'capture')?.n).toBe(1);
    expect(await checkBooks(database.db)).toEqual([]);

    // A wash booked on B and started, then stopped by the customer.
    const washProduct = await productOf(b, station.id, 'WashStandard');
    const booked = await b.inject({
      method: 'POST',
      url: '/api/carwash/transactions',
      headers: { ...bearer(user.token), 'idempotency-key': randomUUID() },
      payload: {
        stationId: station.id,
        bayNumber: 1,
        productId: washProduct,
        paymentMethodId: user.cardId,
      },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const wash = booked.json<StationTransaction>();
    const washAct = (action: 'start' | 'stop') =>
      b.inject({
        method: 'POST',
        url: `/api/carwash/transactions/${wash.id}/${action}`,
        headers: bearer(user.token),
      });
    expect((await washAct('start')).statusCode).toBe(200);
    const readWash = async () =>
      (
        await b.inject({ url: `/api/transactions/${wash.id}`, headers: bearer(user.token) })
      ).json<StationTransaction>();
    await until(readWash, (v) => v.state === 'countdown' || v.state === 'washing');
    expect((await washAct('stop')).statusCode).toBe(200);
    await until(readWash, (v) => v.state === 'stopped');

    // A cup chosen on the station's coffee machine and bought once with the saved card.
    const [food] = (await database.db.select().from(stations).orderBy(stations.id)).filter((s) =>
      s.services.includes('food'),
    );
    if (!food) throw new Error('no food station');
    const chosen = await b.inject({
      method: 'POST',
      url: '/api/dev/sim/beverage-machines',
      payload: { stationId: food.id, beverageFamily: 'COFFEE' },
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    const code = chosen.json<{ hash: string }>();
    const bought = await b.inject({
      method: 'POST',
      url: '/api/beverages/one-time-purchase',
      headers: { ...bearer(user.token), 'idempotency-key': randomUUID() },
      payload: { hash: code.hash, paymentMethodId: user.cardId },
    });
    expect(bought.statusCode, bought.body).toBe(200);
    await until(
      async () =>
        (await b.inject({ url: `/api/beverages/${code.hash}`, headers: bearer(user.token) })).json<{
          state: string;
          receiptId: string | null;
        }>(),
      (v) => v.state === 'poured' && v.receiptId !== null,
      20_000,
    );

    // A food order placed on B is handed by B to the station's kitchen through A, and the
    // kitchen's accept, heard on A, is captured once.
    const meal = await foodOrder(b, database, food.id);
    await meal.hand(b, food.tokheimStationId);
    await until(meal.read, (v) => v.state === 'accepted' && Boolean(v.receiptId), 20_000);
    expect(await checkBooks(database.db)).toEqual([]);
  });
});

describe.skipIf(!process.env.TEST_REDIS_URL || !process.env.TEST_DATABASE_URL)(
  'the holder of a pouring pump killed',
  () => {
    it('the fill survives, the site moves to the other process, the sale is captured once', async () => {
      const shared = await sharedTestDatabase();
      cleanups.push(shared.close);
      const { database } = shared;
      const prefix = `stod-test-${randomUUID()}:`;
      const redisUrl = process.env.TEST_REDIS_URL ?? '';
      await seedStationNetwork(database.db);
      // A is a real server in a child process, killed with SIGKILL below; B serves the customer.
      const a = await startApiChild(shared.url ?? '', undefined, {
        REDIS_URL: redisUrl,
        REDIS_KEY_PREFIX: prefix,
        SITE_SECRET: SECRET,
        SIM_SPEED: '50',
        SIM_CHARGERS: 'false',
      });
      cleanups.push(() => stopApiChild(a));
      const b = await buildApp(
        testConfig({
          SITE_SECRET: SECRET,
          SIM_SPEED: '50',
          STATION_RECONCILE_EVERY_SECONDS: '0',
          REDIS_URL: redisUrl,
          REDIS_KEY_PREFIX: prefix,
        }),
        { database },
      );
      cleanups.push(() => b.close());
      const portA = Number(new URL(a.base).port);
      const lb = await balancer([portA, await listening(b)]);
      cleanups.push(() => new Promise((resolve) => lb.server.close(resolve)));
      const station = await stationOf(database, 'Støð Hoyvík');
      const site = station.tokheimStationId;
      const stationProcess = startStations({
        url: `ws://127.0.0.1:${String(lb.port)}/site`,
        secret: SECRET,
        speed: 50,
        autoCustomer: false,
        sites: [site],
      });
      cleanups.push(() => stationProcess.close());
      await stationProcess.ready();
      const holderOf = () => b.ctx.devices.holders.holderOf(siteKey(site));
      const first = await until(
        holderOf,
        (h) => h !== null && h.node !== b.ctx.devices.holders.node,
      );

      const user = await cardCustomer(b);
      const productId = await productOf(b, station.id, 'Diesel');
      const started = await b.inject({
        method: 'POST',
        url: '/api/fuel/transactions',
        headers: { ...bearer(user.token), 'idempotency-key': randomUUID() },
        payload: { stationId: station.id, pumpNumber: 3, productId, paymentMethodId: user.cardId },
      });
      expect(started.statusCode, started.body).toBe(201);
      const { id } = started.json<StationTransaction>();
      await stationProcess.forecourt.lift(site, 3);
      const read = async () =>
        (
          await b.inject({ url: `/api/transactions/${id}`, headers: bearer(user.token) })
        ).json<StationTransaction>();
      await until(read, (v) => v.state === 'fuelling' && (v.litres ?? 0) > 0);

      a.process.kill('SIGKILL');
      await a.exited;
      // The site dials again; the balancer finds A gone and sends it to B, which takes it over.
      const second = await until(holderOf, (h) => h?.node === b.ctx.devices.holders.node, 20_000);
      expect(second?.token).toBeGreaterThan(first?.token ?? 0);
      expect((await read()).state).toBe('fuelling');
      await stationProcess.forecourt.hangup(site, 3);
      const done = await until(read, (v) => v.state === 'completed', 20_000);
      expect(done.captured).toBe(done.amount);
      expect(done.captured).toBeGreaterThan(0);
      const steps = (await database.db.execute(
        sql`select s.kind, count(*)::int as n from payment_steps s join payments p on p.id = s.payment_id
            where p.user_id = ${user.id} group by s.kind order by s.kind`,
      )) as { rows: { kind: string; n: number }[] };
      expect(steps.rows.find((r) => r.kind === 'capture')?.n).toBe(1);
      expect(await checkBooks(database.db)).toEqual([]);
    });
  },
);
