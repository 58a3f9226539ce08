// API benchmark: every figure is a ratio to a bare Fastify route measured in the same run,
// just before the case. A database read is also set against its twin (bench/sql-twin.ts): the
// same statements on a bare Fastify route through the same pool, the limit a read can reach
// (target ×0.8 of it, p99 at most 20 ms, on PostgreSQL at 100 connections).
// The servers run in this process; the load comes from bench/load.mjs (autocannon) in a
// child process of its own, to 127.0.0.1 only. Each case is a warm-up, then a measure, each
// ending after a number of seconds or of requests, whichever comes first. BENCH_SECONDS and
// BENCH_REQUESTS set the measure's; BENCH_ONLY=<text> measures only the cases whose name has it.
import { execFile } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import { DEMO_ACCOUNT, seedDemo } from '../apps/api/src/seed/index.ts';
import { createTestApp } from '../apps/api/src/test/app.ts';
import { benchCharge } from './bench-charge.ts';
import { installRecorder, recordSql, twinServer } from './sql-twin.ts';

const CONNECTIONS = 100;
const MEASURE = {
  seconds: Number(process.env.BENCH_SECONDS ?? 5),
  requests: Number(process.env.BENCH_REQUESTS ?? 50_000),
};
const WARMUP = { seconds: 2, requests: 8000 };
/** A case that runs much longer than its phases should is stopped, and the run fails. */
const CASE_TIMEOUT_MS = (MEASURE.seconds + WARMUP.seconds + 30) * 1000;
const loader = fileURLToPath(new URL('./load.mjs', import.meta.url));

interface Result {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

/** Loads one route from a child process and answers what it measured after the warm-up. */
function load(port: number, path: string, headers: Record<string, string> = {}): Promise<Result> {
  const job = JSON.stringify({
    port,
    path,
    headers,
    connections: CONNECTIONS,
    warmup: WARMUP,
    measure: MEASURE,
  });
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [loader, job],
      { timeout: CASE_TIMEOUT_MS, killSignal: 'SIGKILL' },
      (error, stdout) => {
        if (error) {
          reject(new Error(`${path}: the load generator failed: ${error.message}`));
          return;
        }
        const result = JSON.parse(stdout) as Result;
        if (result.errors > 0)
          reject(new Error(`${path}: ${String(result.errors)} failed requests`));
        else resolve(result);
      },
    );
  });
}

const bare = Fastify();
bare.get('/bare', () => ({ ok: true }));
await bare.listen({ port: 0, host: '127.0.0.1' });
const barePort = (bare.server.address() as AddressInfo).port;

/** What a read is set against: its twin's ratio and p99 (the targets). */
const TWIN_TARGET = 0.8;
const P99_TARGET_MS = 20;
installRecorder();

// TEST_DATABASE_URL (and TEST_REDIS_URL) measure on a PostgreSQL server, in a fresh database.
// As production writes its answers: without the tests' second writing by zod (CHECK_RESPONSES).
const server = await createTestApp({ RATE_LIMIT_PER_MINUTE: '1000000', CHECK_RESPONSES: 'false' });
const app = server.app;
const where = process.env.TEST_DATABASE_URL
  ? `PostgreSQL${process.env.TEST_REDIS_URL ? ' + Redis' : ''}`
  : 'PGlite in memory';
await seedDemo(app.ctx);
await app.listen({ port: 0, host: '127.0.0.1' });
const port = (app.server.address() as AddressInfo).port;
const signIn = await app.inject({ method: 'POST', url: '/api/auth/signIn', payload: DEMO_ACCOUNT });
const token = signIn.json<{ access_token: string }>().access_token;
const auth = { authorization: `Bearer ${token}` };

// The demo account's receipts make the list a realistic one; an empty page would flatter it.
const receipts = await app.inject({ method: 'GET', url: '/api/receipts', headers: auth });
const receiptCount = receipts.json<{ total: number }>().total;
if (receiptCount === 0) throw new Error('the demo account has no receipts');

const slug = app.ctx.config.PRODUCT_SLUG;
const chargeId = await benchCharge(app.ctx.db, DEMO_ACCOUNT.email);
/** name, path, headers, and whether it is a database read set against its twin. */
const cases: [string, string, Record<string, string>, boolean][] = [
  ['GET /api/maintenance', '/api/maintenance', {}, false],
  ['GET /api/app-version', '/api/app-version?platform=ios&version=1.0.0', {}, false],
  [`GET /api/stations/${slug}`, `/api/stations/${slug}`, {}, true],
  ['GET /api/user/v2 (auth)', '/api/user/v2', auth, true],
  [`GET /api/receipts (auth, ${String(receiptCount)})`, '/api/receipts', auth, true],
  ['GET /api/charges/{id} (auth)', `/api/charges/${chargeId}`, auth, true],
];
const only = process.env.BENCH_ONLY;
const chosen = only ? cases.filter(([name]) => name.includes(only)) : cases;

// Each read's statements, as its second answer ran them (the first may fill a cache), on a bare
// Fastify route of their own.
const twins = twinServer();
const twinPaths = new Map<string, { path: string; statements: number }>();
for (const [name, path, headers, read] of chosen) {
  if (!read) continue;
  await app.inject({ url: path, headers });
  const statements = await recordSql(() => app.inject({ url: path, headers }));
  if (statements.length === 0) continue;
  const twinPath = `/twin/${String(twinPaths.size)}`;
  twins.add(twinPath, statements);
  twinPaths.set(name, { path: twinPath, statements: statements.length });
}
await twins.server.listen({ port: 0, host: '127.0.0.1' });
const twinPort = (twins.server.server.address() as AddressInfo).port;

try {
  // The machine's other work comes and goes, so each case is set against a measure of the bare
  // route (and its twin) taken just before it rather than one taken at the start.
  const results: [string, Result, Result, Result | null, boolean][] = [];
  for (const [name, path, headers, read] of chosen) {
    const bareNow = await load(barePort, '/bare');
    const twin = twinPaths.get(name);
    const twinNow = twin ? await load(twinPort, twin.path) : null;
    results.push([name, await load(port, path, headers), bareNow, twinNow, read]);
  }

  const fmt = (n: number) => n.toFixed(2);
  const statementsOf = (n: number) => `${String(n)} statement${n === 1 ? '' : 's'}`;
  console.log(
    `API, ${String(MEASURE.seconds)} s or ${String(MEASURE.requests)} requests a case at ${String(CONNECTIONS)} connections, load from a child process (${where})`,
  );
  for (const [name, r, b, twin, read] of results) {
    console.log(
      `${name.padEnd(32)} throughput ×${fmt(r.rps / b.rps)}  p50 ×${fmt(r.p50 / b.p50)}  p99 ×${fmt(r.p99 / b.p99)}  (${fmt(r.rps)} req/s, p99 ${fmt(r.p99)} ms; bare ${fmt(b.rps)} req/s, p99 ${fmt(b.p99)} ms)`,
    );
    if (twin)
      console.log(
        `${''.padEnd(32)} against its SQL twin (${statementsOf(twinPaths.get(name)?.statements ?? 0)}): throughput ×${fmt(r.rps / twin.rps)} (target ×${fmt(TWIN_TARGET)})  p99 ${fmt(r.p99)} ms (target ≤ ${String(P99_TARGET_MS)} ms)  (twin ${fmt(twin.rps)} req/s, p99 ${fmt(twin.p99)} ms)`,
      );
    else if (read)
      console.log(`${''.padEnd(32)} no SQL per answer (kept in memory): no twin to set it against`);
  }
} finally {
  await server.close();
  await bare.close();
  await twins.server.close();
}
