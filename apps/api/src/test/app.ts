import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { testConfig } from '../config.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { createTestDatabase } from './api-child.ts';

export interface TestApp {
  app: FastifyInstance;
  close: () => Promise<void>;
}

/**
 * Builds an app on a fresh in-memory PGlite, or, when TEST_DATABASE_URL is set,
 * on a fresh database created for this test file on that PostgreSQL server.
 * TEST_REDIS_URL moves the shared counters to Redis.
 */
export async function createTestApp(overrides: Record<string, string> = {}): Promise<TestApp> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const redisUrl = process.env.TEST_REDIS_URL;
  // Each app gets its own key space, so parallel test files never share counters.
  const env = redisUrl
    ? {
        REDIS_URL: redisUrl,
        REDIS_KEY_PREFIX: `stod-test-${randomBytes(6).toString('hex')}:`,
        ...overrides,
      }
    : overrides;
  if (!serverUrl) {
    const app = await buildApp(testConfig(env));
    return { app, close: () => app.close() };
  }
  const database = await createTestDatabase(serverUrl);
  const app = await buildApp(testConfig({ ...env, DATABASE_URL: database.url }));
  return {
    app,
    close: async () => {
      await app.close();
      await database.drop();
    },
  };
}

let counter = 0;
export function uniqueEmail(prefix = 'user') {
  counter += 1;
  return `${prefix}-${String(counter)}-${randomBytes(3).toString('hex')}@example.fo`;
}

export function registration(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Guðrun Hansen',
    address: 'Niels Finsens gøta 5',
    postCode: '100',
    city: 'Tórshavn',
    email: uniqueEmail(),
    mobile: '291234',
    password: 'sterkt-loyniord',
    passwordConfirmation: 'sterkt-loyniord',
    terms: true,
    ...overrides,
  };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Registers a user through the API and answers with its token and credentials. */
export async function registerUser(app: FastifyInstance, overrides: Record<string, unknown> = {}) {
  const body = registration(overrides);
  const res = await app.inject({ method: 'POST', url: '/api/user', payload: body });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.body}`);
  const { access_token } = res.json<{ access_token: string }>();
  return { token: access_token, email: body.email, password: body.password };
}

export async function signIn(app: FastifyInstance, email: string, password: string) {
  return app.inject({ method: 'POST', url: '/api/auth/signIn', payload: { email, password } });
}

export async function lastMailTo(app: FastifyInstance, to: string) {
  const res = await app.inject({
    method: 'GET',
    url: `/api/dev/outbox?to=${encodeURIComponent(to)}`,
  });
  const body = res.json<{ items: { subject: string; text: string }[] }>();
  return body.items[0];
}

/** How many answers of each status code a batch of parallel requests got. */
export const statuses = (list: { statusCode: number }[]) =>
  list.reduce<Record<number, number>>((acc, r) => {
    acc[r.statusCode] = (acc[r.statusCode] ?? 0) + 1;
    return acc;
  }, {});

/**
 * A second API process beside `first`, as behind one load balancer: the same database and the
 * same bus (Redis at `redisUrl`, under `prefix`, which `first` must have been made with). With
 * PGlite it borrows `first`'s database, so it must be closed first.
 */
export function secondProcess(
  first: TestApp,
  redisUrl: string,
  prefix: string,
  overrides: Record<string, string> = {},
) {
  const sharedUrl = first.app.ctx.config.DATABASE_URL;
  return buildApp(
    testConfig({
      REDIS_URL: redisUrl,
      REDIS_KEY_PREFIX: prefix,
      ...overrides,
      ...(sharedUrl ? { DATABASE_URL: sharedUrl } : {}),
    }),
    sharedUrl ? {} : { database: first.app.ctx.database },
  );
}

/**
 * Two processes on one database and one bus, B keeping sessions for 300 s: longer than any
 * test waits, so only the bus can end a session B keeps. `close` closes B first.
 */
export async function twoProcessesKeepingSessions(redisUrl: string) {
  const prefix = `stod-test-${randomBytes(6).toString('hex')}:`;
  const a = await createTestApp({ REDIS_KEY_PREFIX: prefix });
  const b = await secondProcess(a, redisUrl, prefix, { SESSION_CACHE_SECONDS: '300' });
  return {
    a,
    b,
    close: async () => {
      await b.close();
      await a.close();
    },
  };
}

/**
 * One database for several apps of a test (processes that share it): an in-memory PGlite, or a
 * fresh database on TEST_DATABASE_URL's server. The returned `close` drops it.
 */
export async function sharedTestDatabase(): Promise<{
  database: Database;
  /** The PostgreSQL database's URL, for a server in a child process; null on PGlite. */
  url: string | null;
  close: () => Promise<void>;
}> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({ dataDir: ':memory:', simulators: true });
    return { database, url: null, close: () => database.close() };
  }
  const created = await createTestDatabase(serverUrl);
  const database = await openDatabase({
    databaseUrl: created.url,
    dataDir: ':memory:',
    simulators: true,
  });
  return {
    database,
    url: created.url,
    async close() {
      await database.close();
      await created.drop();
    },
  };
}
