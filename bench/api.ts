// API benchmark: every figure is a ratio to a bare Fastify route measured in the same run.
import type { AddressInfo } from 'node:net';
import { Worker } from 'node:worker_threads';
import Fastify from 'fastify';
import { DEMO_ACCOUNT, seedDemo } from '../apps/api/src/seed/index.ts';
import { createTestApp } from '../apps/api/src/test/app.ts';

const CONCURRENCY = 100;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 4000);

interface Result {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

/** Runs one measurement from a worker thread, so the client does not slow the server. */
function load(port: number, path: string, headers: Record<string, string> = {}): Promise<Result> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./load.mjs', import.meta.url), {
      workerData: { port, path, headers, concurrency: CONCURRENCY, requests: REQUESTS },
    });
    worker.once('message', (result: Result) => {
      void worker.terminate();
      if (result.errors > 0) reject(new Error(`${path}: ${String(result.errors)} failed requests`));
      else resolve(result);
    });
    worker.once('error', reject);
  });
}

const bare = Fastify();
bare.get('/bare', () => ({ ok: true }));
await bare.listen({ port: 0, host: '127.0.0.1' });
const barePort = (bare.server.address() as AddressInfo).port;

// TEST_DATABASE_URL (and TEST_REDIS_URL) measure on a PostgreSQL server, in a fresh database.
const server = await createTestApp({ RATE_LIMIT_PER_MINUTE: '1000000' });
const app = server.app;
const where = process.env.TEST_DATABASE_URL
  ? `PostgreSQL${process.env.TEST_REDIS_URL ? ' + Redis' : ''}`
  : 'PGlite in memory';
await seedDemo(app.ctx);
await app.listen({ port: 0, host: '127.0.0.1' });
const port = (app.server.address() as AddressInfo).port;
const signIn = await app.inject({ method: 'POST', url: '/api/auth/signIn', payload: DEMO_ACCOUNT });
const token = signIn.json<{ access_token: string }>().access_token;

// Warm up both servers before measuring.
await load(barePort, '/bare');
await load(port, '/api/maintenance');

const baseline = await load(barePort, '/bare');
const cases: [string, Result][] = [
  ['GET /api/maintenance', await load(port, '/api/maintenance')],
  [
    'GET /api/user/v2 (auth)',
    await load(port, '/api/user/v2', { authorization: `Bearer ${token}` }),
  ],
  ['GET /api/app-version', await load(port, '/api/app-version?platform=ios&version=1.0.0')],
];

const fmt = (n: number) => n.toFixed(2);
console.log(`API, ${String(REQUESTS)} requests at ${String(CONCURRENCY)} concurrent (${where})`);
console.log(`baseline bare Fastify: ${fmt(baseline.rps)} req/s, p99 ${fmt(baseline.p99)} ms`);
for (const [name, r] of cases) {
  console.log(
    `${name.padEnd(28)} throughput ×${fmt(r.rps / baseline.rps)}  p50 ×${fmt(r.p50 / baseline.p50)}  p99 ×${fmt(r.p99 / baseline.p99)}  (p99 ${fmt(r.p99)} ms)`,
  );
}
await server.close();
await bare.close();
