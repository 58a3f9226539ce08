// Realtime under load: the time from the forecourt controller's progress event to the Socket.IO
// event at the customer's client, with FILLS refuellings running at once on one process, as a
// ratio to a bare Socket.IO server that sends as many messages to as many rooms at the same pace,
// measured in the same run. The clients run in a worker thread (bench/socket-clients.ts), so they
// do not compete with the server for its event loop; both runs use the same clients.
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import type { StationTransaction } from '@stod/domain';
import type { ForecourtSim } from '../apps/api/src/integrations/forecourt/sim.ts';
import { Server, Socket as ServerSocket } from 'socket.io';
import { benchPerson, fmt, inParallel, latency, loopWatch, ms, sleep } from './figures.ts';
import { keyOf, now, startClients } from './socket-clients.ts';

const FILLS = Number(process.env.BENCH_FILLS ?? 500);
const SPEED = Number(process.env.BENCH_SIM_SPEED ?? 1);
const MEASURE_MS = Number(process.env.BENCH_FILLS_SECONDS ?? 10) * 1000;
const WARMUP_MS = 3_000;
/** In-window events still on their way when the window closes get this long to arrive. */
const DRAIN_MS = 3_000;
/** The simulator reports a running delivery every 500 simulated ms (sim-pump.ts), ≥ 20 real ms. */
const TICK_MS = Math.max(20, 500 / SPEED);
const SETUP_PARALLEL = 16;
const KIND = 'stationTransaction.changed';

// ---------------------------------------------------------------------------------------------
// The app: FILLS customers, each with a session, a card, a socket and a fill running at once.

/** The SQL the API ran during the window, by what it is for (PGlite only). */
const queryKind = (text: string) =>
  /from "sessions"/i.test(text)
    ? 'session lookups (authenticate)'
    : /^update "station_transactions"/i.test(text)
      ? 'transaction writes'
      : /from "station_transactions"/i.test(text)
        ? 'transaction reads'
        : 'other';

type Query = (...args: unknown[]) => Promise<unknown>;

async function appRun(report: (line: string) => void) {
  const { createTestApp } = await import('../apps/api/src/test/app.ts');
  const { seedStationNetwork } = await import('../apps/api/src/seed/index.ts');
  const { addTestCard } = await import('../apps/api/src/test/cards.ts');
  const { authenticate, createSession } = await import('../apps/api/src/modules/auth/index.ts');
  const { stationPoints, stationProducts, stations, stationTransactions, users } =
    await import('../apps/api/src/db/schema/index.ts');
  const { eq, isNull, sql } = await import('drizzle-orm');

  const t = await createTestApp({
    SIM_SPEED: String(SPEED),
    SIM_AUTO_CUSTOMER: 'false',
    RATE_LIMIT_PER_MINUTE: '1000000',
  });
  // Whatever happens, the sockets, the patches and the app are undone, last made first.
  const undo: (() => unknown)[] = [() => t.close()];
  try {
    const { app } = t;
    const { ctx } = app;
    const { db } = ctx;
    const setupStarted = performance.now();
    await seedStationNetwork(db);

    // One pump per fill: the seeded pumps, then further numbers at each fuel station in turn.
    const fuel = (
      await db
        .select({ id: stations.id, site: stations.tokheimStationId, services: stations.services })
        .from(stations)
    ).filter((s) => s.services.includes('fuel'));
    const points = await db
      .select({ stationId: stationPoints.stationId, number: stationPoints.number })
      .from(stationPoints)
      .where(eq(stationPoints.kind, 'pump'));
    const pumpsAt = fuel.map((s) => ({
      ...s,
      pumps: points.filter((p) => p.stationId === s.id).map((p) => p.number),
    }));
    const seeded = pumpsAt.reduce((n, s) => n + s.pumps.length, 0);
    const extra: (typeof stationPoints.$inferInsert)[] = [];
    for (let i = 0; fuel.length > 0 && seeded + extra.length < FILLS; i += 1) {
      const station = pumpsAt[i % pumpsAt.length];
      if (!station) break;
      const number = Math.max(0, ...station.pumps) + 1;
      station.pumps.push(number);
      extra.push({ stationId: station.id, kind: 'pump', number });
    }
    if (extra.length > 0) await db.insert(stationPoints).values(extra);
    const products = await db
      .select({
        stationId: stationProducts.stationId,
        id: stationProducts.id,
        code: stationProducts.code,
      })
      .from(stationProducts)
      .where(eq(stationProducts.service, 'fuel'));
    const productOf = (stationId: number) =>
      (
        products.find((p) => p.stationId === stationId && p.code === 'NormalUnleaded') ??
        products.find((p) => p.stationId === stationId)
      )?.id ?? 0;
    // Stations take turns, so the fills spread over every site as customers would.
    const slots: { stationId: number; site: string; pump: number; productId: number }[] = [];
    for (
      let round = 0;
      slots.length < FILLS && pumpsAt.some((s) => s.pumps.length > round);
      round += 1
    )
      for (const s of pumpsAt) {
        const pump = s.pumps[round];
        if (pump !== undefined && slots.length < FILLS)
          slots.push({ stationId: s.id, site: s.site, pump, productId: productOf(s.id) });
      }

    // Customers straight into the database: registering 500 through the API costs 500 argon2 hashes.
    const people = await db
      .insert(users)
      .values(slots.map((_, i) => benchPerson(`bench-fill-${String(i)}@example.fo`)))
      .returning({ id: users.id });
    const customers = await inParallel(people, SETUP_PARALLEL, async ({ id }) => ({
      token: await createSession(ctx, id, 'bench'),
      cardId: (await addTestCard(app, id)).id,
    }));
    const setupMs = performance.now() - setupStarted;

    const startsBegan = performance.now();
    const refused = new Map<number, number>();
    const started = await inParallel(
      slots.map((slot, i) => ({ slot, customer: customers[i] })),
      SETUP_PARALLEL,
      async ({ slot, customer }) => {
        if (!customer) return null;
        const res = await app.inject({
          method: 'POST',
          url: '/api/fuel/transactions',
          headers: { authorization: `Bearer ${customer.token}`, 'idempotency-key': randomUUID() },
          payload: {
            stationId: slot.stationId,
            pumpNumber: slot.pump,
            productId: slot.productId,
            paymentMethodId: customer.cardId,
          },
        });
        if (res.statusCode !== 201) {
          refused.set(res.statusCode, (refused.get(res.statusCode) ?? 0) + 1);
          return null;
        }
        return { ...slot, token: customer.token, view: res.json<StationTransaction>() };
      },
    );
    const fills = started.filter((f) => f !== null);
    const startsMs = performance.now() - startsBegan;
    const sample = fills[0]?.view;
    if (!sample) throw new Error(`no fill started: ${JSON.stringify([...refused])}`);

    await app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${String((app.server.address() as AddressInfo).port)}`;
    const clients = await startClients({
      url,
      tokens: fills.map((f) => f.token),
      kind: KIND,
      field: 'litres',
    });
    undo.push(() => clients.close());

    // Stamps along the way: the controller's event (its listeners hear it as it is emitted), the
    // bus event that carries the new litres, and the socket.emit that sends them.
    let phase: 'before' | 'open' | 'draining' | 'closed' = 'before';
    let soldInWindow = 0;
    const controller = new Map<string, number>();
    const bus = new Map<string, number>();
    const emitted = new Map<string, number>();
    const stamp = (map: Map<string, number>, key: string) => {
      if (phase !== 'before' && phase !== 'closed' && !map.has(key)) map.set(key, now());
    };
    const sim = ctx.forecourt as ForecourtSim;
    const stopSim = sim.subscribe((event) => {
      if (phase !== 'open') return;
      if (event.type === 'sale') soldInWindow += 1;
      if (event.type !== 'progress') return;
      const key = `${event.reference}:${String(event.volumeMl)}`;
      if (!controller.has(key)) controller.set(key, now());
    });
    undo.push(stopSim);
    const stopBus = ctx.bus.subscribe(KIND, ({ transactionId, transaction }) => {
      if (transaction.litres !== null) stamp(bus, keyOf(transactionId, transaction.litres));
    });
    undo.push(stopBus);
    const proto = ServerSocket.prototype as unknown as { emit: (...args: unknown[]) => boolean };
    const socketEmit = proto.emit;
    proto.emit = function (this: ServerSocket, ...args: unknown[]) {
      const [name, object, kind] = args as [unknown, { litres?: unknown } | null, unknown];
      if (kind === KIND && typeof name === 'string' && typeof object?.litres === 'number')
        stamp(emitted, keyOf(name, object.litres));
      return Reflect.apply(socketEmit, this, args);
    };
    undo.push(() => (proto.emit = socketEmit));
    const queries = new Map<string, number>();
    const client = (db as unknown as { $client?: { query?: Query } }).$client;
    const query = ctx.database.kind === 'pglite' ? client?.query : undefined;
    if (client && query)
      client.query = (...args: unknown[]) => {
        if (phase === 'open') {
          const kind = queryKind(typeof args[0] === 'string' ? args[0] : '');
          queries.set(kind, (queries.get(kind) ?? 0) + 1);
        }
        return Reflect.apply(query, client, args);
      };
    undo.push(() => {
      if (client && query) client.query = query;
    });

    // The nozzles come up spread over one reporting period, as customers' would, not all in step.
    const BATCHES = 10;
    for (let b = 0; b < BATCHES; b += 1) {
      await Promise.all(
        fills.filter((_, i) => i % BATCHES === b).map((f) => sim.lift(f.site, f.pump)),
      );
      await sleep(TICK_MS / BATCHES);
    }
    await sleep(WARMUP_MS);
    phase = 'open';
    const loop = loopWatch();
    await sleep(MEASURE_MS);
    phase = 'draining';
    const loopLine = loop();
    await sleep(DRAIN_MS);
    phase = 'closed';
    const heard = await clients.report();

    const hangups = performance.now();
    await Promise.all(fills.map((f) => sim.hangup(f.site, f.pump)));
    const openCount = async () =>
      (
        await db
          .select({ n: sql<number>`count(*)::int` })
          .from(stationTransactions)
          .where(isNull(stationTransactions.finishedAt))
      )[0]?.n ?? 0;
    let open = await openCount();
    for (
      const until = Date.now() + 60_000;
      open > 0 && Date.now() < until;
      open = await openCount()
    )
      await sleep(200);
    const settleMs = performance.now() - hangups;

    // What the realtime path adds per socket per event: one authenticate() for each.
    const AUTH_RUNS = 2_000;
    const token = fills[0]?.token ?? '';
    const authBegan = performance.now();
    for (let i = 0; i < AUTH_RUNS; i += 1) await authenticate(ctx, token);
    const authMs = (performance.now() - authBegan) / AUTH_RUNS;

    const keys = [...controller.keys()];
    const events = controller.size;
    report(
      `setup: ${String(seeded)} seeded pumps at ${String(fuel.length)} fuel stations + ${String(extra.length)} bench pump points; ` +
        `${String(slots.length)} customers with session and card in ${(setupMs / 1000).toFixed(1)} s (no argon2: inserted directly); ` +
        `${String(fills.length)} fills started through POST /api/fuel/transactions in ${(startsMs / 1000).toFixed(1)} s` +
        (refused.size > 0 ? `, refused ${JSON.stringify(Object.fromEntries(refused))}` : '') +
        `; ${String(fills.length)} sockets connected in ${(clients.connectMs / 1000).toFixed(1)} s`,
    );
    report(
      `app window: ${String(events)} progress events (${(events / (MEASURE_MS / 1000)).toFixed(0)}/s), ${String(soldInWindow)} fills ended in it; ${loopLine}`,
    );
    const per = (n: number) => (events > 0 ? (n / events).toFixed(2) : '–');
    if (queries.size > 0)
      report(
        `app SQL per progress event: ${[...queries].map(([k, n]) => `${k} ${per(n)}`).join(', ')}`,
      );
    report(
      `app stages: controller → bus ${fmt(latency(keys, controller, bus))}; bus → socket.emit (room lookup + authenticate) ${fmt(latency(keys, bus, emitted))}; socket.emit → client ${fmt(latency(keys, emitted, heard))}`,
    );
    const lookups = queries.get('session lookups (authenticate)') ?? 0;
    report(
      `authenticate(): ${ms(authMs)} a call alone (${String(AUTH_RUNS)} in a row); ${String(lookups)} calls in the window (a socket's session is looked up again at most every 10 s), ${((authMs * (lookups / (MEASURE_MS / 1000))) / 10).toFixed(1)}% of one core`,
    );
    report(
      `after the window: ${String(fills.length)} hang-ups to ${open > 0 ? `${String(open)} still open` : 'all completed'} (capture + receipt) in ${(settleMs / 1000).toFixed(1)} s`,
    );
    return {
      result: latency(keys, controller, heard),
      events,
      ids: fills.map((f) => f.view.id),
      sample: { ...sample, state: 'fuelling' as const },
    };
  } finally {
    for (const step of undo.reverse()) await step();
  }
}

// ---------------------------------------------------------------------------------------------
// The baseline: a bare Socket.IO server on this process, one room per client, each room sent the
// same object at the pace the controller reported, with the same clients measuring the same way.

async function baselineRun(ids: string[], sample: StationTransaction, periodMs: number) {
  const http = createServer();
  const io = new Server(http, {
    path: '/socket.io',
    serveClient: false,
    cors: { origin: false },
    pingInterval: 25_000,
    pingTimeout: 20_000,
  });
  io.on('connection', (socket) => {
    const token: unknown = (socket.handshake.auth as Record<string, unknown>).token;
    if (typeof token === 'string') void socket.join(`user:${token}`);
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${String((http.address() as AddressInfo).port)}`;
  const clients = await startClients({ url, tokens: ids, kind: KIND, field: 'litres' });

  let open = false;
  const sent = new Map<string, number>();
  const timers: NodeJS.Timeout[] = [];
  const BATCHES = 10;
  for (let b = 0; b < BATCHES; b += 1) {
    for (const id of ids.filter((_, i) => i % BATCHES === b)) {
      let volumeMl = 0;
      timers.push(
        setInterval(() => {
          volumeMl += 300;
          const litres = volumeMl / 1000;
          const key = keyOf(id, litres);
          if (open && !sent.has(key)) sent.set(key, now());
          io.to(`user:${id}`).emit(id, { ...sample, id, litres, amount: volumeMl }, KIND);
        }, periodMs),
      );
    }
    await sleep(TICK_MS / BATCHES);
  }
  await sleep(WARMUP_MS);
  open = true;
  const loop = loopWatch();
  await sleep(MEASURE_MS);
  open = false;
  const loopLine = loop();
  await sleep(DRAIN_MS);
  const heard = await clients.report();
  for (const timer of timers) clearInterval(timer);
  await clients.close();
  await io.close();
  return { result: latency(sent.keys(), sent, heard), events: sent.size, loopLine };
}

// ---------------------------------------------------------------------------------------------

async function main() {
  // Everything stops by itself; this is the last resort if something hangs.
  const watchdog = setTimeout(() => {
    console.error('bench/fills: gave up after 170 s');
    process.exit(1);
  }, 170_000);
  watchdog.unref();
  const where = process.env.TEST_DATABASE_URL
    ? `PostgreSQL${process.env.TEST_REDIS_URL ? ' + Redis' : ''}`
    : 'PGlite in memory';
  const lines: string[] = [];
  const app = await appRun((line) => lines.push(line));
  // The same number of messages in the same window: the pace the controller really kept.
  const periodMs = app.events > 0 ? (app.ids.length * MEASURE_MS) / app.events : TICK_MS;
  const base = await baselineRun(app.ids, app.sample, periodMs);

  console.log(
    `Realtime, ${String(app.ids.length)} fills at once on one process (${where}, SIM_SPEED ${String(SPEED)}): controller progress event → Socket.IO event at the client, ${String(MEASURE_MS / 1000)} s window`,
  );
  for (const line of lines) console.log(line);
  const b = base.result;
  const a = app.result;
  console.log(
    `baseline bare Socket.IO, ${String(app.ids.length)} rooms, one message every ${periodMs.toFixed(0)} ms each: ${fmt(b)}, max ${ms(b.max)} (${String(b.n)} samples, ${String(b.missing)} not received); ${base.loopLine}`,
  );
  console.log(
    `${'fill progress → client'.padEnd(28)} p50 ×${(a.p50 / b.p50).toFixed(2)}  p99 ×${(a.p99 / b.p99).toFixed(2)}  (${fmt(a)}, max ${ms(a.max)}; ${String(a.n)} samples, ${String(a.missing)} not received within ${String(DRAIN_MS / 1000)} s)`,
  );
}

await main();
