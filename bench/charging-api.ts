// The API process of bench/charging.ts, on its own so that its memory is its own: it seeds the
// owners and customers, registers the chargers through the operators' API, listens, and answers
// the bench's questions over IPC. Run with `echo` as the argument, it is the baseline instead: a
// bare WebSocket server that sends every frame back.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { WebSocketServer } from 'ws';
import { profiler } from './api-profile.ts';
import { benchPerson } from './figures.ts';

export interface BenchPlan {
  /** Home chargers: each owner's own installation, started with the owner's card at the charger. */
  homes: number;
  /** Public chargers: each with one customer who opens a charge in the app and follows it. */
  publics: number;
  chargerPassword: string;
}

export interface HomeSeat {
  identity: string;
  idTag: string;
}
export interface PublicSeat {
  identity: string;
  installationId: string;
  chargerId: string;
  token: string;
  cardId: string;
}

export type ToApi =
  { type: 'memory' } | { type: 'window'; open: boolean } | { type: 'count' } | { type: 'close' };
export type FromApi =
  | { type: 'ready'; port: number; homes: HomeSeat[]; publics: PublicSeat[]; setupMs: number }
  | {
      type: 'memory';
      rss: number;
      heapUsed: number;
      heapTotal: number;
      external: number;
      arrayBuffers: number;
      /** The resident pages of the embedded database's WebAssembly memory (0 on PostgreSQL). */
      wasm: number;
    }
  | { type: 'window'; line: string }
  | { type: 'count'; charging: number; queued: number }
  | { type: 'failed'; message: string };

const send = (message: FromApi) => process.send?.(message);

/**
 * The resident bytes of the mappings exactly `size` long: on Linux, where a WebAssembly memory is
 * a mapping of its own, the pages PGlite's database has touched (it never shrinks, and grows
 * page by page as tables and caches fill). 0 where /proc is not there.
 */
function residentOfSize(size: number): number {
  let text: string;
  try {
    text = readFileSync('/proc/self/smaps', 'utf8');
  } catch {
    return 0;
  }
  const page = 4096;
  const want = Math.ceil(size / page) * page;
  let counting = false;
  let total = 0;
  for (const line of text.split('\n')) {
    const range = /^([0-9a-f]+)-([0-9a-f]+) /.exec(line);
    if (range) {
      counting = parseInt(range[2] ?? '0', 16) - parseInt(range[1] ?? '0', 16) === want;
    } else if (counting && line.startsWith('Rss:')) {
      total += Number(line.split(/\s+/)[1] ?? 0) * 1024;
    }
  }
  return total;
}

const REGISTER_BATCH = 1000;

async function echo() {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  wss.on('connection', (socket) => socket.on('message', (data) => socket.send(data)));
  await new Promise<void>((resolve) => wss.once('listening', resolve));
  send({
    type: 'ready',
    port: (wss.address() as AddressInfo).port,
    homes: [],
    publics: [],
    setupMs: 0,
  });
  process.on('message', (message: ToApi) => {
    if (message.type === 'close') wss.close(() => process.exit(0));
  });
}

interface Window {
  elu: ReturnType<typeof performance.eventLoopUtilization>;
  cpu: NodeJS.CpuUsage;
  at: number;
}

/** How busy the process was since `from`: its event loop, and the CPU it used of one core. */
function windowLine(from: Window) {
  const used = performance.eventLoopUtilization(from.elu).utilization;
  const cpu = process.cpuUsage(from.cpu);
  const share = (cpu.user + cpu.system) / 1000 / (performance.now() - from.at);
  return `event loop ${(used * 100).toFixed(0)}% busy, CPU ${(share * 100).toFixed(0)}% of a core`;
}

async function api(plan: BenchPlan) {
  const { createTestApp } = await import('../apps/api/src/test/app.ts');
  const { addTestCard } = await import('../apps/api/src/test/cards.ts');
  const { signInAsStaff } = await import('../apps/api/src/test/staff.ts');
  const { createSession } = await import('../apps/api/src/modules/auth/index.ts');
  const { charges, idTags, users } = await import('../apps/api/src/db/schema/index.ts');
  const { isNull, sql } = await import('drizzle-orm');

  // The embedded database in a folder, as `npm start` keeps it (DATA_DIR): in memory, its files
  // (the WAL's 16 MB segments among them) would count as the API's own memory.
  const dataDir = process.env.TEST_DATABASE_URL
    ? null
    : mkdtempSync(join(tmpdir(), 'stod-bench-charging-'));
  process.on('exit', () => {
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });
  const t = await createTestApp({
    ...(dataDir ? { DATA_DIR: dataDir } : {}),
    RATE_LIMIT_PER_MINUTE: '1000000',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent',
    // Reconciliation and offline closing have nothing to do here; the bench measures the path.
    CHARGE_RECONCILE_EVERY_SECONDS: '0',
  });
  const { app } = t;
  const { ctx } = app;
  profiler.countQueries(
    (ctx.db as unknown as { $client?: Parameters<typeof profiler.countQueries>[0] }).$client,
  );
  const started = performance.now();
  const total = plan.homes + plan.publics;
  const width = String(total).length + 1;
  const identityOf = (i: number) => `BENCH-${String(i + 1).padStart(width, '0')}`;
  const tag = (i: number) => `BT${String(i + 1).padStart(10, '0')}`;

  // People straight into the database: 5,000 registrations through the API cost 5,000 argon2 hashes.
  const people = await ctx.db
    .insert(users)
    .values(
      Array.from({ length: total }, (_, i) => benchPerson(`bench-charge-${String(i)}@example.fo`)),
    )
    .returning({ id: users.id, email: users.email });
  const homes: HomeSeat[] = [];
  if (plan.homes > 0)
    await ctx.db.insert(idTags).values(
      people.slice(0, plan.homes).map((p, i) => {
        homes.push({ identity: identityOf(i), idTag: tag(i) });
        return { idTag: tag(i), userId: p.id };
      }),
    );

  // The chargers through the operators' API, as an outside tool registers a fleet.
  const operator = await signInAsStaff(app, { role: 'operator' });
  const registered = new Map<string, { id: string; installationId: string }>();
  for (let from = 0; from < total; from += REGISTER_BATCH) {
    const batch = Array.from({ length: Math.min(REGISTER_BATCH, total - from) }, (_, k) => {
      const i = from + k;
      const home = i < plan.homes;
      return {
        identity: identityOf(i),
        password: plan.chargerPassword,
        installation: {
          name: home ? `Heima ${String(i + 1)}` : `Bench ${String(i + 1)}`,
          lat: 62 + (i % 100) / 1000,
          lng: -6.8 + Math.floor(i / 100) / 1000,
          public: !home,
          ...(home ? { ownerEmail: people[i]?.email } : {}),
        },
        connectors: home ? 1 : 2,
        maxPowerKw: home ? 11 : 22,
        tariff: { type: 'kWh', price: home ? 0 : 350 },
      };
    });
    const res = await app.inject({
      method: 'POST',
      url: '/api/admin/chargers',
      headers: { authorization: `Bearer ${operator}` },
      payload: { chargers: batch },
    });
    if (res.statusCode !== 201) throw new Error(`registration refused: ${res.body}`);
    for (const c of res.json<{
      chargers: { id: string; identity: string; installationId: string }[];
    }>().chargers)
      registered.set(c.identity, { id: c.id, installationId: c.installationId });
  }

  const publics: PublicSeat[] = [];
  for (let i = plan.homes; i < total; i += 1) {
    const person = people[i];
    const charger = registered.get(identityOf(i));
    if (!person || !charger) continue;
    publics.push({
      identity: identityOf(i),
      installationId: charger.installationId,
      chargerId: charger.id,
      token: await createSession(ctx, person.id, 'bench'),
      cardId: (await addTestCard(app, person.id)).id,
    });
  }
  const setupMs = performance.now() - started;
  await app.listen({ port: 0, host: '127.0.0.1' });

  let window: Window | null = null;
  process.on('message', (message: ToApi) => {
    void (async () => {
      switch (message.type) {
        case 'memory': {
          // V8 hands the pages a collection freed back to the system on background threads, a
          // little after it: collect, let that happen, and again, before reading the figures.
          const gc = (globalThis as { gc?: () => void }).gc;
          for (let round = 0; round < 3; round += 1) {
            for (let i = 0; i < 2; i += 1) gc?.();
            await new Promise((resolve) => setTimeout(resolve, 500));
          }
          const m = process.memoryUsage();
          const pglite = (ctx.db as unknown as { $client?: { mod?: { HEAPU8?: Uint8Array } } })
            .$client;
          const wasmBytes = pglite?.mod?.HEAPU8?.byteLength ?? 0;
          send({
            type: 'memory',
            rss: m.rss,
            heapUsed: m.heapUsed,
            heapTotal: m.heapTotal,
            external: m.external,
            arrayBuffers: m.arrayBuffers,
            wasm: wasmBytes > 0 ? residentOfSize(wasmBytes) : 0,
          });
          return;
        }
        case 'window':
          if (message.open) {
            await profiler.start();
            profiler.counting = true;
            window = {
              elu: performance.eventLoopUtilization(),
              cpu: process.cpuUsage(),
              at: performance.now(),
            };
            send({ type: 'window', line: '' });
            return;
          }
          profiler.counting = false;
          await profiler.stop();
          send({ type: 'window', line: window ? windowLine(window) : '' });
          return;
        case 'count': {
          const [row] = await ctx.db
            .select({
              charging: sql<number>`count(*) filter (where ${charges.state} = 'charging')::int`,
              queued: sql<number>`count(*)::int`,
            })
            .from(charges)
            .where(isNull(charges.finishedAt));
          send({ type: 'count', charging: row?.charging ?? 0, queued: row?.queued ?? 0 });
          return;
        }
        case 'close':
          await t.close();
          process.exit(0);
      }
    })().catch((error: unknown) => send({ type: 'failed', message: String(error) }));
  });
  send({
    type: 'ready',
    port: (app.server.address() as AddressInfo).port,
    homes,
    publics,
    setupMs,
  });
}

if (process.argv[2] === 'echo') await echo();
else if (process.argv[2] === 'api') {
  const plan: BenchPlan = {
    homes: Number(process.env.BENCH_HOMES ?? 4500),
    publics: Number(process.env.BENCH_PUBLICS ?? 500),
    chargerPassword: process.env.BENCH_CHARGER_PASSWORD ?? randomBytes(12).toString('hex'),
  };
  await api(plan).catch((error: unknown) => {
    send({
      type: 'failed',
      message: error instanceof Error ? (error.stack ?? error.message) : String(error),
    });
    process.exit(1);
  });
}
