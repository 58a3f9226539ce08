import { execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { connect } from 'node:net';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { checkBooks } from './books.ts';
import { checkChargingBooks } from './charging-books.ts';
import {
  discoverSites,
  journeysFor,
  runJourney,
  type ChaosCustomer,
  type JourneyResult,
} from './chaos-journeys.ts';
import { addTestCard } from './cards.ts';
import { registration } from './app.ts';

/**
 * `npm run chaos`: the cluster (`npm run cluster`: two API processes behind HAProxy on one
 * PostgreSQL and Redis, the station process dialling it) under virtual customers who refuel,
 * wash, charge, order food, pour coffee and subscribe, as the app does, with keyed retries. At
 * CHAOS_CUT_AT seconds HAProxy cuts every device connection to the first API process (the
 * stations' sites and chargers dial again); at CHAOS_KILL_AT the second API process is killed
 * with SIGKILL, and it comes back CHAOS_RESTART_AFTER seconds later. At the end the books are
 * checked in SQL. It prints what happened and exits 1 when a request failed after its retries,
 * the money does not balance, a transaction was lost or never ended, the devices did not come
 * back within 30 s, or a job took over 30 s to run again after the kill.
 *
 *   CHAOS_DATABASE_URL  a database it empties (default postgres://postgres@127.0.0.1:5432/stod_chaos)
 *   CHAOS_REDIS_URL     default redis://127.0.0.1:6379
 *   CHAOS_USERS (40), CHAOS_SECONDS (75), CHAOS_CUT_AT (18), CHAOS_KILL_AT (30),
 *   CHAOS_RESTART_AFTER (15), CHAOS_PORT (3500)
 */

const env = process.env;
const number = (name: string, fallback: number) => {
  const value = Number(env[name] ?? fallback);
  return Number.isFinite(value) && value > 0 ? value : fallback;
};
const databaseUrl = env.CHAOS_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/stod_chaos';
const redisUrl = env.CHAOS_REDIS_URL ?? 'redis://127.0.0.1:6379';
const users = number('CHAOS_USERS', 40);
const seconds = number('CHAOS_SECONDS', 75);
const killAt = number('CHAOS_KILL_AT', 30);
const cutAt = number('CHAOS_CUT_AT', Math.max(1, killAt - 12));
const restartAfter = number('CHAOS_RESTART_AFTER', 15);
const port = number('CHAOS_PORT', 3500);
const base = `http://127.0.0.1:${String(port)}`;
const victimPort = port + 11;
const JOB_RESUME_LIMIT_MS = 30_000;
const RECONNECT_LIMIT_MS = 30_000;
const adminSocket = join(tmpdir(), `stod-chaos-haproxy-${String(port)}.sock`);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const log = (line: string) => {
  console.log(`chaos ${(performance.now() / 1000).toFixed(1).padStart(6)} s  ${line}`);
};

// ---------------------------------------------------------------------------------------------
// The cluster.

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const cluster = spawn(process.execPath, ['scripts/cluster.mjs'], {
  cwd: root,
  env: {
    ...env,
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    REDIS_KEY_PREFIX: `stod-chaos-${randomUUID()}:`,
    CLUSTER_FRESH_DATABASE: 'true',
    CLUSTER_RESTART_DELAY_SECONDS: String(restartAfter),
    PORT: String(port),
    NODE_ENV: 'development',
    LOG_LEVEL: 'error',
    SIM_SPEED: '20',
    SIM_AUTO_CUSTOMER: 'false',
    RATE_LIMIT_PER_MINUTE: '1000000',
    SHUTDOWN_DRAIN_SECONDS: '1',
    CLUSTER_ADMIN_SOCKET: adminSocket,
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
let stopping = false;
cluster.once('exit', (code) => {
  if (!stopping) {
    console.error(`chaos: the cluster ended early (${String(code)})`);
    process.exit(2);
  }
});
const stopCluster = async () => {
  stopping = true;
  if (cluster.exitCode !== null) return;
  cluster.kill('SIGTERM');
  await new Promise((resolve) => cluster.once('exit', resolve));
};

async function waitReady(url: string, ms = 120_000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not yet
    }
    await sleep(250);
  }
  throw new Error(`${url} was not ready in time`);
}

// ---------------------------------------------------------------------------------------------
// Requests as the app makes them: a keyed request is sent again on no answer, a 5xx or "in
// progress", with the same key, and only a final answer counts.

interface Tally {
  requests: number;
  retried: number;
  failed: { phase: string; what: string; status: number | string }[];
}
const tally: Tally = { requests: 0, retried: 0, failed: [] };
let killedAt: number | null = null;
const phase = () =>
  killedAt === null
    ? 'before'
    : performance.now() < killedAt + restartAfter * 1000
      ? 'down'
      : 'after';

async function call(
  what: string,
  path: string,
  init: { method?: string; token?: string; body?: unknown; key?: string } = {},
  retries = 30,
): Promise<{ status: number; body: unknown }> {
  let last: number | string = 'none';
  for (let attempt = 0; attempt <= retries; attempt += 1) {
    tally.requests += 1;
    if (attempt > 0) tally.retried += 1;
    try {
      const res = await fetch(`${base}${path}`, {
        method: init.method ?? 'GET',
        headers: {
          ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
          ...(init.key ? { 'idempotency-key': init.key } : {}),
        },
        ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
        signal: AbortSignal.timeout(15_000),
      });
      const text = await res.text();
      const body: unknown = text ? JSON.parse(text) : null;
      const code = (body as { code?: string } | null)?.code;
      if (
        res.status >= 500 ||
        res.status === 429 ||
        code === 'PAYMENT_IN_PROGRESS' ||
        code === 'SIM_UNAVAILABLE'
      ) {
        last = res.status;
        await sleep(300 + attempt * 100);
        continue;
      }
      return { status: res.status, body };
    } catch (error) {
      last = error instanceof Error ? error.name : 'error';
      await sleep(300 + attempt * 100);
    }
  }
  tally.failed.push({ phase: phase(), what, status: last });
  return { status: 0, body: null };
}

// ---------------------------------------------------------------------------------------------
// The run.

/** The rows of a raw query (PGlite and node-postgres both answer with { rows }). */
async function rowsOf<T>(
  db: { execute(query: ReturnType<typeof sql>): Promise<unknown> },
  query: ReturnType<typeof sql>,
) {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}

interface Customer {
  token: string;
  cardId: string;
  point: { stationId: number; pump: number };
}

interface Station {
  id: number;
  pumps: number;
}
const FINAL = new Set(['completed', 'failed', 'cancelled', 'refused']);

async function main() {
  log(`starting the cluster on ${base}`);
  await waitReady(`${base}/api/health/ready`);
  await waitReady(`http://127.0.0.1:${String(port + 10)}/api/health/ready`);
  await waitReady(`http://127.0.0.1:${String(victimPort)}/api/health/ready`);
  // The demo sites connect in the first seconds.
  await sleep(3_000);

  // Customers with a saved card: registered through the balancer, the card put in through the
  // gateway simulator's own card entry by a process beside the cluster.
  const config = loadConfig({
    ...env,
    NODE_ENV: 'development',
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    SIM_CHARGERS: 'false',
    METRICS_PORT: '0',
  });
  const database = await openDatabase({ databaseUrl, dataDir: ':memory:', simulators: true });
  const helper = await buildApp(config, { database });
  const stationList = (await call('stations', '/api/stations/stod')).body as {
    items?: { id: number; services: string[] }[];
  };
  const stations: Station[] = [];
  for (const s of stationList.items ?? []) {
    if (!s.services.includes('fuel')) continue;
    const pumps = (await call('station', `/api/stations/stod/${String(s.id)}`)).body as {
      pumps?: unknown[];
    };
    stations.push({ id: s.id, pumps: pumps.pumps?.length ?? 0 });
  }
  const points = stations.flatMap((s) =>
    Array.from({ length: s.pumps }, (_, i) => ({ stationId: s.id, pump: i + 1 })),
  );
  // One customer in six refuels; the others wash, charge, order food, pour coffee or subscribe.
  const signUp = async (): Promise<ChaosCustomer> => {
    const body = registration();
    const made = await call('register', '/api/user', { method: 'POST', body });
    const token = (made.body as { access_token?: string } | null)?.access_token ?? '';
    const me = (await call('me', '/api/user/v2', { token })).body as { id: string };
    const card = await addTestCard(helper, me.id);
    return { token, userId: me.id, cardId: card.id };
  };
  const fuelCount = Math.min(points.length, Math.ceil(users / 6));
  const customers: Customer[] = [];
  for (const point of points.slice(0, fuelCount)) customers.push({ ...(await signUp()), point });
  const others: ChaosCustomer[] = [];
  for (let i = fuelCount; i < users; i += 1) others.push(await signUp());
  const sites = others[0] ? await discoverSites(call, others[0].token) : null;
  const plan = sites ? journeysFor(others.length, sites) : [];
  const planned = plan.filter((a) => a !== null);
  const count = (kind: string) => String(planned.filter((a) => a.kind === kind).length);
  log(
    `${String(customers.length + others.length)} customers: ${String(customers.length)} refuelling at pumps of ${String(stations.length)} stations; ${count('wash')} washing, ${count('charge')} charging, ${count('food')} ordering food, ${count('coffee')} pouring coffee, ${count('subscription')} subscribing`,
  );

  const products = new Map<number, number>();
  for (const s of stations) {
    const detail = (await call('products', `/api/stations/stod/${String(s.id)}`)).body as {
      products?: { id: number; code: string }[];
    };
    products.set(
      s.id,
      detail.products?.find((p) => p.code === 'Diesel')?.id ?? detail.products?.[0]?.id ?? 0,
    );
  }

  const started = performance.now();
  const until = started + seconds * 1000;
  const fills: string[] = [];
  const stuck: string[] = [];

  async function customer(c: Customer) {
    while (performance.now() < until) {
      const key = randomUUID();
      const made = await call('fuel start', '/api/fuel/transactions', {
        method: 'POST',
        token: c.token,
        key,
        body: {
          stationId: c.point.stationId,
          pumpNumber: c.point.pump,
          productId: products.get(c.point.stationId),
          paymentMethodId: c.cardId,
        },
      });
      const id = (made.body as { id?: string } | null)?.id;
      if (!id) {
        await sleep(1_000);
        continue;
      }
      fills.push(id);
      // The nozzle is lifted once the pump shows it is ready for it, as a person waits to see.
      for (let tries = 0; tries < 40; tries += 1) {
        const lifted = await call('lift', '/api/dev/sim/pumps', {
          method: 'POST',
          body: {
            stationId: c.point.stationId,
            pumpNumber: c.point.pump,
            action: 'lift',
            litres: 3,
          },
        });
        const pumpState = (lifted.body as { pump?: { state?: string } } | null)?.pump?.state;
        if (pumpState === 'fuelling' || pumpState === 'finished') break;
        const read = await call('fill read', `/api/transactions/${id}`, { token: c.token });
        if (FINAL.has((read.body as { state?: string } | null)?.state ?? '')) break;
        await sleep(500);
      }
      const end = performance.now() + 120_000;
      let state = '';
      while (performance.now() < end) {
        const read = await call('fill read', `/api/transactions/${id}`, { token: c.token });
        state = (read.body as { state?: string } | null)?.state ?? '';
        if (FINAL.has(state)) break;
        await sleep(500);
      }
      if (!FINAL.has(state)) stuck.push(`${id} (${state})`);
    }
  }

  // The cut: HAProxy ends every device connection to one API process (the one holding more of
  // them); the stations' sites and chargers dial again.
  const cutter = (async () => {
    await sleep(cutAt * 1000);
    const before = await deviceConnections();
    const total = before[0] + before[1];
    const victim = before[0] >= before[1] ? 0 : 1;
    const cut = performance.now();
    await haproxyCommand(`shutdown sessions server devices/api${String(victim + 1)}`);
    log(
      `cut the ${String(before[victim])} device connections to the API process on ${String(port + 10 + victim)}`,
    );
    while (performance.now() < cut + 90_000) {
      const now = await deviceConnections();
      if (now[0] + now[1] >= total)
        return { cut: before[victim], total, ms: performance.now() - cut };
      await sleep(200);
    }
    return { cut: before[victim], total, ms: null };
  })().catch((error: unknown) => {
    log(`could not cut the device connections: ${String(error)}`);
    return { cut: 0, total: 0, ms: null };
  });

  // The kill: the API process on victimPort, with SIGKILL; the cluster starts it again later.
  const killer = (async () => {
    await sleep(killAt * 1000);
    const pid = pidOn(victimPort);
    if (!pid) {
      log('no process to kill on the victim port');
      return null;
    }
    // Killed, if it comes within 5 s, while it holds a run: the case leases are for.
    const dead = `${hostname()}:${String(pid)}:%`;
    let held: string[] = [];
    for (const end = performance.now() + 5_000; performance.now() < end; await sleep(20)) {
      held = (
        await rowsOf<{ name: string }>(
          database.db,
          sql`select name from jobs where locked_by like ${dead}`,
        )
      ).map((r) => r.name);
      if (held.length > 0) break;
    }
    const since = new Date();
    const killedMs = performance.now();
    killedAt = killedMs;
    process.kill(pid, 'SIGKILL');
    log(
      `killed the API process ${String(pid)} on ${String(victimPort)} (SIGKILL)${held.length > 0 ? ` holding ${held.join(', ')}` : ''}`,
    );
    // Every job that runs at least twice a minute, and every one the victim held: how long until
    // a living process ended a run of it.
    const watched = await rowsOf<{ name: string; every_ms: number | null }>(
      database.db,
      sql`select name, every_ms from jobs where (every_ms is not null and every_ms <= 30000)
          or locked_by like ${dead}`,
    );
    const resumedIn = new Map<string, number>();
    const watchEnd = performance.now() + 90_000;
    while (resumedIn.size < watched.length && performance.now() < watchEnd) {
      const result = await rowsOf<{ name: string }>(
        database.db,
        sql`select name from jobs where updated_at > ${since.toISOString()}::timestamptz
            and locked_by is null`,
      );
      for (const { name } of result)
        if (watched.some((w) => w.name === name) && !resumedIn.has(name))
          resumedIn.set(name, performance.now() - killedMs);
      await sleep(250);
    }
    if (resumedIn.size < watched.length) {
      // What held them up: each job's row, and each process's job runs so far.
      const rows = await rowsOf<Record<string, unknown>>(
        database.db,
        sql`select name, locked_by, locked_until, run_at, updated_at, attempts, last_error
            from jobs where every_ms is not null order by name`,
      );
      for (const row of rows) log(`job ${JSON.stringify(row)}`);
      for (const metricsPort of [port + 20, port + 21]) {
        const text = await fetch(`http://127.0.0.1:${String(metricsPort)}/metrics`)
          .then((res) => res.text())
          .catch(() => '');
        for (const line of text.split('\n'))
          if (/^stod_job_run_duration_seconds_(sum|count)/.test(line))
            log(`${String(metricsPort)} ${line}`);
      }
    }
    return watched.map(({ name, every_ms }) => ({
      job: name,
      held: held.includes(name),
      // A job the victim held must run again within the limit; any other within its own period
      // and the limit.
      limit: held.includes(name) ? JOB_RESUME_LIMIT_MS : JOB_RESUME_LIMIT_MS + (every_ms ?? 0),
      ms: resumedIn.get(name) ?? null,
    }));
  })();

  const journeys: JourneyResult[] = [];
  async function other(c: ChaosCustomer, index: number) {
    const assignment = plan[index];
    if (!assignment) return;
    while (performance.now() < until) {
      const result = await runJourney(call, c, assignment);
      if (result.nothingLeft) return;
      journeys.push(result);
      // A moment between one errand and the next, as a person takes.
      await sleep(1_000);
    }
  }

  await Promise.all([
    ...customers.map((c) => customer(c)),
    ...others.map((c, index) => other(c, index)),
  ]);
  const [kill, reconnect] = await Promise.all([killer, cutter]);
  log(`the customers stopped; ${String(fills.length)} fills started`);

  const resumed = kill ?? [];

  // The books once every fill has ended.
  const [open] = await rowsOf<{ n: number }>(
    database.db,
    sql`select count(*)::int as n from station_transactions where finished_at is null`,
  );
  const [unbilled] = await rowsOf<{ n: number }>(
    database.db,
    sql`select count(*)::int as n from station_transactions
        where service = 'fuel' and coalesce(volume_ml, 0) > 0 and coalesce(captured, 0) = 0
          and finished_at is not null`,
  );
  const books = [...(await checkBooks(database.db)), ...(await checkChargingBooks(database.db))];
  const lostJourneys = journeys.filter((j) => j.id !== null && !j.final);
  const outcomes = new Map<string, number>();
  for (const j of journeys) {
    const outcome = `${j.kind} ${j.state}`;
    outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
  }

  const slowJobs = resumed.filter((r) => r.ms === null || r.ms > r.limit);
  const reconnectFailed =
    reconnect.cut === 0 || reconnect.ms === null || reconnect.ms > RECONNECT_LIMIT_MS;
  const byPhase = tally.failed.reduce<Record<string, number>>((acc, f) => {
    acc[f.phase] = (acc[f.phase] ?? 0) + 1;
    return acc;
  }, {});
  console.log('');
  console.log(
    `requests             ${String(tally.requests)} (${String(tally.retried)} of them retries)`,
  );
  console.log(`failed after retries ${String(tally.failed.length)} ${JSON.stringify(byPhase)}`);
  for (const f of tally.failed.slice(0, 10))
    console.log(`  ${f.phase}: ${f.what} → ${String(f.status)}`);
  console.log(
    `fills                ${String(fills.length)}; not ended ${String(stuck.length + (open?.n ?? 0))}; poured and unbilled ${String(unbilled?.n ?? 0)}`,
  );
  console.log(
    `journeys             ${String(journeys.length)}; not ended ${String(lostJourneys.length)}; ${[
      ...outcomes,
    ]
      .sort()
      .map(([outcome, n]) => `${outcome} ${String(n)}`)
      .join(', ')}`,
  );
  for (const j of lostJourneys.slice(0, 10))
    console.log(`  ${j.kind} ${String(j.id)} stopped at ${j.state}`);
  console.log(`money anomalies      ${String(books.length)}`);
  for (const problem of books.slice(0, 10)) console.log(`  ${problem}`);
  console.log(
    `devices cut          ${String(reconnect.cut)} of ${String(reconnect.total)}; all connected again ${reconnect.ms === null ? 'never' : `in ${(reconnect.ms / 1000).toFixed(1)} s`}`,
  );
  const seconds_ = (ms: number | null) => (ms === null ? 'never' : `${(ms / 1000).toFixed(1)} s`);
  console.log(
    `jobs held at the kill ${
      resumed
        .filter((r) => r.held)
        .map((r) => `${r.job} ran again in ${seconds_(r.ms)}`)
        .join(', ') || 'none'
    }`,
  );
  const slowest = resumed.reduce((max, r) => Math.max(max, r.ms ?? Infinity), 0);
  console.log(
    `jobs after the kill  ${String(resumed.length)} watched, the slowest ran again in ${seconds_(Number.isFinite(slowest) ? slowest : null)}${slowJobs.length > 0 ? `; late: ${slowJobs.map((r) => `${r.job} ${seconds_(r.ms)}`).join(', ')}` : ''}`,
  );

  await helper.close();
  await database.close();
  await stopCluster();
  const ok =
    tally.failed.length === 0 &&
    books.length === 0 &&
    stuck.length === 0 &&
    lostJourneys.length === 0 &&
    (open?.n ?? 0) === 0 &&
    (unbilled?.n ?? 0) === 0 &&
    slowJobs.length === 0 &&
    !reconnectFailed;
  console.log(ok ? '\nchaos: passed' : '\nchaos: FAILED');
  process.exit(ok ? 0 : 1);
}

/** Sends one command to HAProxy's runtime API and answers its reply. */
function haproxyCommand(command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(adminSocket);
    let reply = '';
    socket.on('data', (chunk: Buffer) => (reply += chunk.toString()));
    socket.on('end', () => {
      resolve(reply);
    });
    socket.on('error', reject);
    socket.end(`${command}\n`);
  });
}

/** The open device connections (sites and chargers) of each API process, from its metrics. */
function deviceConnections(): Promise<[number, number]> {
  const of = async (metricsPort: number) => {
    try {
      const res = await fetch(`http://127.0.0.1:${String(metricsPort)}/metrics`, {
        signal: AbortSignal.timeout(2_000),
      });
      let sum = 0;
      for (const [, n] of (await res.text()).matchAll(/^stod_device_connections\{[^}]*\} (\d+)/gm))
        sum += Number(n);
      return sum;
    } catch {
      return 0;
    }
  };
  return Promise.all([of(port + 20), of(port + 21)]);
}

/** The pid listening on a local port, from `ss` (iproute2). */
function pidOn(listening: number): number | null {
  try {
    const out = execFileSync('ss', ['-ltnpH', `sport = :${String(listening)}`], {
      encoding: 'utf8',
    });
    const match = /pid=(\d+)/.exec(out);
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

main().catch(async (error: unknown) => {
  console.error('chaos:', error);
  await stopCluster();
  process.exit(2);
});
