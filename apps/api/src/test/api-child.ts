import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

/**
 * The real server (server.ts) in a child process on a PostgreSQL database of the test's own, for
 * tests that kill it (STOD_CRASH_AT) and start it again on the same data.
 */

const serverScript = fileURLToPath(new URL('../server.ts', import.meta.url));

/** A fresh database on the PostgreSQL server at `serverUrl`; `drop` removes it. */
export async function createTestDatabase(serverUrl: string, prefix = 'stod_test') {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

export async function freePort() {
  return new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => {
        resolve(port);
      });
    });
  });
}

export interface ApiChild {
  process: ChildProcess;
  base: string;
  ocpp: string;
  /** The signal that ended it (SIGKILL at a crash point), once it has. */
  exited: Promise<NodeJS.Signals | null>;
}

/**
 * Starts the server on `databaseUrl` and waits until it answers /api/health. Its timers, seeds
 * and simulators are off: the test decides what runs. The reconciliations still run once at
 * start, as after a real crash.
 */
export async function startApiChild(
  databaseUrl: string,
  crashAt?: string,
  env: Record<string, string> = {},
): Promise<ApiChild> {
  const port = await freePort();
  // As `npm start` runs it: Node strips the types itself.
  const child = spawn(process.execPath, [serverScript], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      SIM_CHARGERS: 'false',
      SIM_AUTO_CUSTOMER: 'false',
      KITCHEN_SIM: 'false',
      METRICS_PORT: '0',
      RECONCILE_EVERY_SECONDS: '0',
      RENEW_EVERY_SECONDS: '0',
      STATION_RECONCILE_EVERY_SECONDS: '0',
      CHARGE_RECONCILE_EVERY_SECONDS: '0',
      FOOD_EXPIRE_EVERY_SECONDS: '0',
      EARNINGS_CLOSE_EVERY_SECONDS: '0',
      GATEWAY_LATENCY_MS: '0',
      REDIS_URL: '',
      STOD_CRASH_AT: crashAt ?? '',
      ...env,
    },
    stdio: 'ignore',
  });
  const exited = new Promise<NodeJS.Signals | null>((resolve) => {
    child.once('exit', (_code, signal) => {
      resolve(signal);
    });
  });
  const base = `http://127.0.0.1:${String(port)}`;
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${base}/api/health`)).ok)
        return { process: child, base, ocpp: `ws://127.0.0.1:${String(port)}/ocpp`, exited };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error('the API did not start');
}

/** Ends a child that is still running, and waits for it. */
export async function stopApiChild(api: ApiChild) {
  if (api.process.exitCode === null && api.process.signalCode === null) api.process.kill('SIGTERM');
  await api.exited;
}
