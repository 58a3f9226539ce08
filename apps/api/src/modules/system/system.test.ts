import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { randomUUID } from 'node:crypto';
import { buildApp } from '../../app.ts';
import { loadConfig, testConfig } from '../../config.ts';
import * as systemRepo from './repo.ts';
import { forgetSwitches, SWITCH_TTL_MS } from './service.ts';
import { serveMetrics } from './metrics.ts';
import { bearer, createTestApp, sharedTestDatabase, type TestApp } from '../../test/app.ts';
import { signInAsStaff } from '../../test/staff.ts';

let t: TestApp;
let operator: string;
beforeAll(async () => {
  t = await createTestApp({ MIN_VERSION_IOS: '2.3.0', MIN_VERSION_ANDROID: '2.3.0' });
  operator = await signInAsStaff(t.app, { role: 'operator' });
});

const putMaintenance = (payload: object, token = operator) =>
  t.app.inject({ method: 'PUT', url: '/api/admin/maintenance', headers: bearer(token), payload });
afterAll(() => t.close());

describe('GET /api/maintenance', () => {
  it('is off by default and follows the operator switch', async () => {
    expect((await t.app.inject({ url: '/api/maintenance' })).json()).toEqual({
      maintenance: false,
    });
    const on = await putMaintenance({
      enabled: true,
      message: { fo: 'Vit dagføra kervið.', en: 'We are updating the system.' },
    });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({ enabled: true, active: true, from: null, until: null });
    expect((await t.app.inject({ url: '/api/maintenance' })).json()).toEqual({
      maintenance: true,
      message: 'Vit dagføra kervið.',
    });
    const english = await t.app.inject({
      url: '/api/maintenance',
      headers: { 'accept-language': 'en' },
    });
    expect(english.json()).toEqual({ maintenance: true, message: 'We are updating the system.' });
    await putMaintenance({ enabled: false });
    expect((await t.app.inject({ url: '/api/maintenance' })).json()).toEqual({
      maintenance: false,
    });
  });

  it('reads a switch flipped by another process after a short while, with one query for many', async () => {
    await t.app.inject({ url: '/api/maintenance' });
    // Another API process flips the switch in the shared database.
    await systemRepo.putSetting(t.app.ctx.db, 'maintenance', { maintenance: true });
    const seen = await Promise.all(
      Array.from({ length: 20 }, () => t.app.inject({ url: '/api/maintenance' })),
    );
    expect(new Set(seen.map((r) => r.body))).toEqual(new Set(['{"maintenance":false}']));
    // Once SWITCH_TTL_MS has passed, this process reads it again.
    const later = Date.now() + SWITCH_TTL_MS + 1;
    const clock = vi.spyOn(Date, 'now').mockReturnValue(later);
    try {
      expect((await t.app.inject({ url: '/api/maintenance' })).json()).toEqual({
        maintenance: true,
      });
    } finally {
      clock.mockRestore();
    }
    forgetSwitches(t.app.ctx);
    await putMaintenance({ enabled: false });
    expect((await t.app.inject({ url: '/api/maintenance' })).json()).toEqual({
      maintenance: false,
    });
  });

  it('refuses a malformed switch, and changes nothing', async () => {
    for (const payload of [
      { enabled: 'yes' },
      { enabled: true, extra: 1 },
      { enabled: true, message: { fo: 'Bara føroyskt' } },
      { enabled: true, message: { fo: '', en: 'x' } },
      { enabled: true, from: 'tomorrow' },
      { enabled: true, from: '2026-12-01T10:00:00Z', until: '2026-12-01T09:00:00Z' },
    ]) {
      const res = await putMaintenance(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await t.app.inject({ url: '/api/maintenance' })).json()).toEqual({
      maintenance: false,
    });
  });

  it('holds only inside its window', async () => {
    const now = Date.now();
    const soon = new Date(now + 3_600_000).toISOString();
    const later = new Date(now + 7_200_000).toISOString();
    const scheduled = await putMaintenance({ enabled: true, from: soon, until: later });
    expect(scheduled.json()).toMatchObject({ enabled: true, active: false, from: soon });
    expect((await t.app.inject({ url: '/api/maintenance' })).json()).toEqual({
      maintenance: false,
    });
    const clock = vi.spyOn(t.app.ctx.clock, 'now').mockReturnValue(new Date(now + 5_400_000));
    try {
      expect((await t.app.inject({ url: '/api/maintenance' })).json()).toEqual({
        maintenance: true,
      });
    } finally {
      clock.mockRestore();
    }
    const ended = await putMaintenance({
      enabled: true,
      until: new Date(now - 1000).toISOString(),
    });
    expect(ended.json()).toMatchObject({ active: false });
    await putMaintenance({ enabled: false });
  });

  it('is switched by operators only', async () => {
    for (const role of ['support', 'station', 'kitchen'] as const) {
      const token = await signInAsStaff(t.app, { role });
      expect((await putMaintenance({ enabled: true }, token)).statusCode).toBe(403);
      const read = await t.app.inject({ url: '/api/admin/maintenance', headers: bearer(token) });
      expect(read.statusCode).toBe(403);
    }
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: '/api/admin/maintenance',
          payload: { enabled: true },
        })
      ).statusCode,
    ).toBe(401);
    expect((await t.app.inject({ url: '/api/maintenance' })).json()).toEqual({
      maintenance: false,
    });
    // The development route is gone.
    const dev = await t.app.inject({
      method: 'PUT',
      url: '/api/dev/maintenance',
      payload: { maintenance: true },
    });
    expect(dev.statusCode).toBe(404);
  });

  it('starts in maintenance when the environment says so', async () => {
    const m = await createTestApp({ MAINTENANCE: 'true', MAINTENANCE_MESSAGE: 'Aftur kl. 14' });
    try {
      expect((await m.app.inject({ url: '/api/maintenance' })).json()).toEqual({
        maintenance: true,
        message: 'Aftur kl. 14',
      });
    } finally {
      await m.close();
    }
  });
});

describe('GET /api/app-version', () => {
  const check = (platform: string, version: string) =>
    t.app.inject({ url: `/api/app-version?platform=${platform}&version=${version}` });

  it('asks older versions to update, with the store link of their platform', async () => {
    expect((await check('ios', '2.2.9')).json()).toEqual({
      updateRequired: true,
      locked: false,
      storeUrl: 'https://apps.apple.com/app/stod',
    });
    expect((await check('android', '2.10.0')).json()).toMatchObject({ updateRequired: false });
    expect((await check('ios', '2.3.0')).json()).toMatchObject({ updateRequired: false });
    expect((await check('web', '0.0.1')).json()).toMatchObject({
      updateRequired: false,
      storeUrl: null,
    });
  });

  it('follows minimum versions stored in the database', async () => {
    const set = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/app-versions',
      headers: bearer(operator),
      payload: { platform: 'android', minimum: '3.0.0', locked: true },
    });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toContainEqual(
      expect.objectContaining({ platform: 'android', minimum: '3.0.0', fromEnvironment: false }),
    );
    expect((await check('android', '2.10.0')).json()).toEqual({
      updateRequired: true,
      locked: true,
      storeUrl: 'https://play.google.com/store/apps/details?id=fo.stod.app',
    });
  });

  it('tells an app older than the latest that an update is there, without stopping it', async () => {
    const set = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/app-versions',
      headers: bearer(operator),
      payload: { platform: 'ios', minimum: '2.3.0', latest: '2.5.0' },
    });
    expect(set.statusCode).toBe(200);
    expect((await check('ios', '2.4.0')).json()).toMatchObject({
      updateRequired: false,
      updateAvailable: true,
    });
    expect((await check('ios', '2.5.0')).json()).toMatchObject({ updateAvailable: false });
    const listed = await t.app.inject({
      url: '/api/admin/app-versions',
      headers: bearer(operator),
    });
    expect(listed.json()).toContainEqual(
      expect.objectContaining({ platform: 'ios', minimum: '2.3.0', latest: '2.5.0' }),
    );
    expect(listed.json()).toContainEqual(
      expect.objectContaining({ platform: 'web', fromEnvironment: true }),
    );
  });

  it('refuses bad versions and other roles on the operator route', async () => {
    for (const payload of [
      { platform: 'ios', minimum: '3.0' },
      { platform: 'symbian', minimum: '3.0.0' },
      { platform: 'ios', minimum: '3.0.0', latest: '2.9.9' },
      { platform: 'ios', minimum: '3.0.0', storeUrl: 'not a url' },
    ]) {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/admin/app-versions',
        headers: bearer(operator),
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const support = await signInAsStaff(t.app, { role: 'support' });
    const refused = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/app-versions',
      headers: bearer(support),
      payload: { platform: 'web', minimum: '9.0.0' },
    });
    expect(refused.statusCode).toBe(403);
    expect((await check('web', '1.0.0')).json()).toMatchObject({ updateRequired: false });
  });

  it('rejects unknown platforms and malformed versions', async () => {
    for (const [platform, version] of [
      ['windows', '1.0.0'],
      ['ios', '1.0'],
      ['ios', 'x.y.z'],
      ['ios', '1.0.0-beta'],
    ] as const) {
      const res = await check(platform, version);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION' });
    }
    expect((await t.app.inject({ url: '/api/app-version' })).statusCode).toBe(400);
  });
});

describe('GET /api/company', () => {
  it('answers the configured company, the same the receipt PDF prints', async () => {
    const res = await t.app.inject({ url: '/api/company' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    const base = `${t.app.ctx.config.publicUrl}/api/legal`;
    expect(res.json()).toEqual({
      name: 'Støð',
      legalName: 'Støð P/F',
      address: 'Havnarvegur 1, 100 Tórshavn',
      phone: '+298 30 00 00',
      email: 'hjalp@stod.example',
      vatNumber: 'V-tal 123456',
      termsUrl: `${base}/terms`,
      purchaseTermsUrl: `${base}/purchase-terms`,
      privacyUrl: `${base}/privacy`,
    });
    const other = await createTestApp({
      BRAND_LEGAL_NAME: 'Annað P/F',
      BRAND_VAT_NUMBER: 'V-tal 9',
    });
    try {
      expect((await other.app.inject({ url: '/api/company' })).json()).toMatchObject({
        legalName: 'Annað P/F',
        vatNumber: 'V-tal 9',
      });
    } finally {
      await other.close();
    }
  });
});

describe('GET /api/health/live and /api/health/ready', () => {
  it('answer alive, and ready while the database and Redis answer and the process is not stopping', async () => {
    expect((await t.app.inject({ url: '/api/health/live' })).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({
      status: 'ready',
      database: 'up',
      redis: process.env.TEST_REDIS_URL ? 'up' : 'none',
      draining: false,
      migrations: 'done',
    });
    t.app.ctx.lifecycle.draining = true;
    try {
      const draining = await t.app.inject({ url: '/api/health/ready' });
      expect(draining.statusCode).toBe(503);
      expect(draining.json()).toMatchObject({ status: 'not ready', draining: true });
      // Still alive: a stopping process is not restarted, it finishes its requests.
      expect((await t.app.inject({ url: '/api/health/live' })).statusCode).toBe(200);
    } finally {
      t.app.ctx.lifecycle.draining = false;
    }
    const down = vi.spyOn(t.app.ctx.database, 'ping').mockResolvedValue(false);
    try {
      const res = await t.app.inject({ url: '/api/health/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'not ready', database: 'down' });
    } finally {
      down.mockRestore();
    }
  });
});

describe('the metrics', () => {
  it('are served in Prometheus text on their own port, and not where the public reaches', async () => {
    await t.app.inject({ url: '/api/health' });
    await t.app.inject({ url: '/api/stations/nope' });
    const server = await serveMetrics(t.app.ctx, 0, '127.0.0.1');
    try {
      const base = `http://127.0.0.1:${String((server.address() as { port: number }).port)}`;
      const res = await fetch(`${base}/metrics`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/plain');
      const text = await res.text();
      // By the route's pattern, never its path; with the status.
      expect(text).toMatch(
        /stod_http_request_duration_seconds_count\{method="GET",route="\/api\/health",status="200"\} [1-9]/,
      );
      expect(text).not.toContain('/api/stations/nope');
      for (const series of [
        'stod_nodejs_eventloop_lag_seconds',
        'stod_open_transactions{kind="fuel"}',
        'stod_open_transactions{kind="charge"}',
        'stod_device_connections',
        'stod_job_run_duration_seconds',
        'stod_payment_steps_total',
        'stod_device_command_duration_seconds',
      ])
        expect(text).toContain(series);
      expect((await fetch(`${base}/`)).status).toBe(404);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    const outside = await t.app.inject({ url: '/metrics' });
    expect(outside.statusCode).toBe(404);
    expect(outside.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('GET /api/health', () => {
  it('reports the database as reachable', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'up' });
  });

  it('is never rate limited, so a busy load balancer keeps seeing a healthy instance', async () => {
    const limited = await createTestApp({ RATE_LIMIT_PER_MINUTE: '5' });
    try {
      const statuses = new Set<number>();
      for (let batch = 0; batch < 20; batch += 1) {
        const answers = await Promise.all(
          Array.from({ length: 100 }, () => limited.app.inject({ url: '/api/health' })),
        );
        for (const res of answers) statuses.add(res.statusCode);
      }
      expect([...statuses]).toEqual([200]);
      // The same address is still limited everywhere else.
      const others = await Promise.all(
        Array.from({ length: 6 }, () => limited.app.inject({ url: '/api/maintenance' })),
      );
      expect(others.map((res) => res.statusCode)).toContain(429);
    } finally {
      await limited.close();
    }
  });
});

describe.skipIf(!process.env.TEST_REDIS_URL)('the API’s rate limit across processes', () => {
  it('is one limit for two processes on one Redis, not one each, as the sign-in tries are', async () => {
    const shared = await sharedTestDatabase();
    const config = testConfig({
      RATE_LIMIT_PER_MINUTE: '6',
      SIGNIN_MAX_PER_ACCOUNT: '5',
      SIGNIN_MAX_PER_IP: '100',
      REDIS_URL: process.env.TEST_REDIS_URL ?? '',
      REDIS_KEY_PREFIX: `stod-test-${randomUUID()}:`,
    });
    const a = await buildApp(config, { database: shared.database });
    const b = await buildApp(config, { database: shared.database });
    try {
      const ask = (app: typeof a) => app.inject({ url: '/api/maintenance' });
      const answers = [];
      for (let i = 0; i < 4; i += 1)
        answers.push((await ask(a)).statusCode, (await ask(b)).statusCode);
      // Six allowed in all, whichever process served them; the seventh and eighth are refused.
      expect(answers.filter((code) => code === 200)).toHaveLength(6);
      expect(answers.slice(6)).toEqual([429, 429]);
      // The per-account password tries are one count too: three wrong ones on each process
      // exhaust a limit of five, and the sixth is refused on either.
      // From other addresses, each under the API's own limit of six.
      let address = 0;
      const signIn = (app: typeof a) =>
        app.inject({
          remoteAddress: `10.0.0.${String((address += 1))}`,
          method: 'POST',
          url: '/api/auth/signIn',
          payload: { email: 'nobody@example.com', password: 'wrong-password-1' },
        });
      const tries = [];
      for (let i = 0; i < 3; i += 1)
        tries.push((await signIn(a)).statusCode, (await signIn(b)).statusCode);
      expect(tries.slice(0, 5).every((code) => code !== 429)).toBe(true);
      expect(tries[5]).toBe(429);
    } finally {
      await Promise.all([a.close(), b.close()]);
      await shared.close();
    }
  });
});

describe('OpenAPI', () => {
  it('documents every API route from the zod schemas', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ openapi: string; paths: Record<string, Record<string, unknown>> }>();
    expect(doc.openapi).toMatch(/^3\./);
    for (const path of [
      '/api/auth/signIn',
      '/api/auth/signOut',
      '/api/user/v2',
      '/api/user',
      '/api/user/updatePassword',
      '/api/user/forgotPassword',
      '/api/user/reset-password',
      '/api/user/request-update-email',
      '/api/user/update-email',
      '/api/maintenance',
      '/api/app-version',
      '/api/health',
    ]) {
      expect(doc.paths, path).toHaveProperty([path]);
    }
    expect(JSON.stringify(doc.paths['/api/user'])).toContain('passwordConfirmation');
  });
});

describe('unknown API paths and errors', () => {
  it('answer the JSON error shape in the asked language', async () => {
    const res = await t.app.inject({
      url: '/api/no-such-thing',
      headers: { 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      statusCode: 404,
      code: 'NOT_FOUND',
      message: 'We could not find what you were looking for.',
    });
  });
});

describe('in production', () => {
  // A staging installation: real identity, and the simulators that have no real adapter yet.
  const production = {
    NODE_ENV: 'production',
    GATEWAY_WEBHOOK_SECRET: 'production-webhook-secret-0123',
    IDENTITY_CLIENT_SECRET: 'production-identity-secret-0123',
    IDENTITY_ISSUER_URL: 'https://login.example.fo',
    SIMULATORS: 'gateway,provider-stations,provider-cards,forecourt,carwash,menu,beverage-machines',
  };

  it('refuses to start with the development secrets', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /GATEWAY_WEBHOOK_SECRET: must be set in production[\s\S]*IDENTITY_CLIENT_SECRET/,
    );
    expect(() => loadConfig(production)).not.toThrow();
  });

  it('has no dev outbox, and its switches are the operator routes', async () => {
    const prod = await createTestApp(production);
    try {
      expect((await prod.app.inject({ url: '/api/dev/outbox' })).statusCode).toBe(404);
      const put = await prod.app.inject({
        method: 'PUT',
        url: '/api/dev/maintenance',
        payload: { maintenance: true },
      });
      expect(put.statusCode).toBe(404);
      const admin = await prod.app.inject({
        method: 'PUT',
        url: '/api/admin/maintenance',
        payload: { enabled: true },
      });
      expect(admin.statusCode).toBe(401);
      // Nor the API reference, unless API_DOCS asks for it.
      expect((await prod.app.inject({ url: '/api/docs/json' })).statusCode).toBe(404);
    } finally {
      await prod.close();
    }
    const documented = await createTestApp({ ...production, API_DOCS: 'true' });
    try {
      expect((await documented.app.inject({ url: '/api/docs/json' })).statusCode).toBe(200);
    } finally {
      await documented.close();
    }
  });
});
