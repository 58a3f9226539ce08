import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { loadConfig, SIMULATED_ADAPTERS } from './config.ts';
import { openDatabase } from './db/client.ts';
import { gatewaySim } from './integrations/payments/sim.ts';
import { createTestApp, registerUser, type TestApp } from './test/app.ts';

const unreal = Object.entries(SIMULATED_ADAPTERS)
  .filter(([, adapter]) => adapter.realConfig === null)
  .map(([name]) => name);
const productionEnv = {
  NODE_ENV: 'production',
  DATA_DIR: ':memory:',
  LOG_LEVEL: 'silent',
  SEED_DEMO: 'false',
  GATEWAY_WEBHOOK_SECRET: 'production-webhook-secret-0123',
  IDENTITY_CLIENT_SECRET: 'production-identity-secret-0123',
  IDENTITY_ISSUER_URL: 'https://login.example.fo',
  SITE_SECRET: 'production-site-secret-0123',
};

const routesOf = async (app: FastifyInstance) => {
  await app.ready();
  return app.printRoutes({ commonPrefix: false });
};

describe('simulators in production', () => {
  it('serves no /api/sim/* route when every adapter is a real one', async () => {
    const database = await openDatabase({ dataDir: ':memory:' });
    // The gateway is handed in, as a real adapter would be; the rest run as named.
    const gateway = gatewaySim({
      db: database.db,
      pageBaseUrl: 'https://pay.example.fo',
      latencyMs: 0,
      failureRate: 0,
    });
    const staging = loadConfig({ ...productionEnv, SIMULATORS: unreal.join(',') });
    const config = { ...staging, simulators: staging.simulators.filter((n) => n !== 'gateway') };
    const app = await buildApp(config, { database, gateway });
    try {
      expect(await routesOf(app)).not.toMatch(/sim/);
      const authorize = await app.inject({ url: '/api/sim/identity/authorize' });
      expect(authorize.statusCode).toBe(404);
      expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await app.close();
      await database.close();
    }
  });

  it('a staging installation serves only the simulators it names, never identity', async () => {
    const app = await buildApp(loadConfig({ ...productionEnv, SIMULATORS: unreal.join(',') }));
    try {
      const routes = await routesOf(app);
      expect(routes).toMatch(/\/api\/sim\/gateway/);
      expect(routes).not.toMatch(/\/api\/sim\/identity/);
      const authorize = await app.inject({
        url: '/api/sim/identity/authorize?client_id=stod-app&redirect_uri=x&state=s&nonce=n',
      });
      expect(authorize.statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });

  it('outside production the identity simulator still answers', async () => {
    const dev = await createTestApp();
    try {
      expect(await routesOf(dev.app)).toMatch(/\/api\/sim\/identity/);
    } finally {
      await dev.close();
    }
  });
});

describe('TRUST_PROXY with named proxies', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: '127.0.0.1', SIGNIN_MAX_PER_IP: '3' });
    t.app.get('/ip-probe', (request) => ({ ip: request.ip }));
  });
  afterAll(() => t.close());

  const ipOf = async (remoteAddress: string, forwarded: string) =>
    (
      await t.app.inject({
        url: '/ip-probe',
        remoteAddress,
        headers: { 'x-forwarded-for': forwarded },
      })
    ).json<{ ip: string }>().ip;

  it('ignores X-Forwarded-For from an address that is not a trusted proxy', async () => {
    expect(await ipOf('203.0.113.7', '198.51.100.1')).toBe('203.0.113.7');
  });

  it('behind the trusted proxy, takes the address the proxy saw, not what the client wrote', async () => {
    expect(await ipOf('127.0.0.1', '198.51.100.1, 203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts sign-ins per address however the client rotates X-Forwarded-For', async () => {
    const user = await registerUser(t.app);
    const attempt = (remoteAddress: string, forwarded: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/signIn',
        remoteAddress,
        headers: { 'x-forwarded-for': forwarded },
        payload: { email: user.email, password: user.password },
      });
    // Directly, and through the proxy that appends the client's real address.
    for (const [remote, real] of [
      ['203.0.113.20', ''],
      ['127.0.0.1', ', 203.0.113.21'],
    ] as const) {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i += 1)
        statuses.push((await attempt(remote, `198.51.100.${String(i + 1)}${real}`)).statusCode);
      expect(statuses, remote).toEqual([200, 200, 200, 429, 429]);
    }
  });
});

describe('timeouts on a listening server', () => {
  let t: TestApp;
  let port = 0;
  beforeAll(async () => {
    t = await createTestApp({
      REQUEST_TIMEOUT_MS: '1000',
      HEADERS_TIMEOUT_MS: '1000',
      KEEP_ALIVE_TIMEOUT_MS: '1000',
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  /**
   * Sends `head`, then one byte of `drip` at a time until the server ends the connection;
   * answers what the server wrote. It gives up after `limit` bytes, so it always stops.
   */
  const trickle = (head: string, drip: string, limit = 40) =>
    new Promise<{ closed: boolean; answer: string }>((resolve) => {
      const socket: Socket = connect(port, '127.0.0.1');
      let answer = '';
      let sent = 0;
      socket.write(head);
      const timer = setInterval(() => {
        if (sent >= limit) finish(false);
        else socket.write(drip[sent++ % drip.length] ?? ' ');
      }, 100);
      const finish = (closed: boolean) => {
        clearInterval(timer);
        socket.destroy();
        resolve({ closed, answer });
      };
      socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
      socket.on('close', () => finish(true));
      socket.on('error', () => finish(true));
    });

  it('cuts off a body trickled one byte at a time with 408', async () => {
    const head =
      'POST /api/auth/signIn HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n';
    const result = await trickle(head, '{"email":"a@b.fo",');
    expect(result.closed).toBe(true);
    expect(result.answer).toMatch(/^HTTP\/1\.1 408/);
  });

  it('cuts off headers trickled one byte at a time', async () => {
    const result = await trickle('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n', 'X-Slow: y');
    expect(result.closed).toBe(true);
    expect(result.answer).toMatch(/^HTTP\/1\.1 408|^$/);
  });

  it('closes an idle kept-alive connection after the keep-alive timeout', async () => {
    const outcome = await new Promise<{ answered: boolean; closed: boolean }>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      let answered = false;
      const guard = setTimeout(() => {
        socket.destroy();
        resolve({ answered, closed: false });
      }, 5000);
      socket.on('data', (chunk) => (answered ||= chunk.toString().startsWith('HTTP/1.1 200')));
      socket.on('close', () => {
        clearTimeout(guard);
        resolve({ answered, closed: true });
      });
      socket.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n');
    });
    expect(outcome).toEqual({ answered: true, closed: true });
  });

  it('gives the Node server the configured limits', () => {
    expect(t.app.server.requestTimeout).toBe(1000);
    expect(t.app.server.headersTimeout).toBe(1000);
    expect(t.app.server.keepAliveTimeout).toBe(1000);
    expect(t.app.server.timeout).toBe(60_000);
  });
});

describe('the web build', () => {
  let webDist: string;
  let t: TestApp;
  const script = 'console.log("Støð");\n';
  beforeAll(async () => {
    webDist = mkdtempSync(join(tmpdir(), 'stod-web-dist-'));
    mkdirSync(join(webDist, 'assets'));
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Støð</title>');
    writeFileSync(join(webDist, 'assets', 'app-1a2b3c.js'), script);
    writeFileSync(join(webDist, 'assets', 'app-1a2b3c.js.br'), brotliCompressSync(script));
    t = await createTestApp({ WEB_DIST: webDist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('lets browsers keep hashed assets for a year', async () => {
    const res = await t.app.inject({ url: '/assets/app-1a2b3c.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body).toBe(script);
  });

  it('sends the compressed copy to a client that takes it, with the same cache rule', async () => {
    const res = await t.app.inject({
      url: '/assets/app-1a2b3c.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toContain('accept-encoding');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('has index.html and deep links checked again on every load', async () => {
    for (const url of ['/index.html', '/stations/42']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body, url).toContain('<title>Støð</title>');
    }
  });
});
