import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema/index.ts';
import { sha256 } from '../../lib/secrets.ts';
import {
  bearer,
  createTestApp,
  registerUser,
  twoProcessesKeepingSessions,
  signIn,
  type TestApp,
} from '../../test/app.ts';
import { until } from '../../test/stations.ts';

// A process keeps the sessions it reads for SESSION_CACHE_SECONDS (10 by default), so a
// signed-in request skips that query. Every way a session ends goes through the bus, which
// drops the kept session in every process at once.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const me = (app: FastifyInstance, token: string) =>
  app.inject({ url: '/api/user/v2', headers: bearer(token) });

/** Ends a session in the database only, as if its announcement were lost. */
const revokeUnannounced = (app: FastifyInstance, token: string) =>
  app.ctx.db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(eq(sessions.tokenHash, sha256(token)));

describe('sessions kept by the process', () => {
  it('reads a session once; one ended unannounced still works until the keeping time ends', async () => {
    const user = await registerUser(t.app);
    expect((await me(t.app, user.token)).statusCode).toBe(200);
    await revokeUnannounced(t.app, user.token);
    expect((await me(t.app, user.token)).statusCode).toBe(200);
    // The keeping time passing is the cache emptying.
    t.app.ctx.sessions.clear();
    expect((await me(t.app, user.token)).statusCode).toBe(401);
  });

  it('keeps nothing with SESSION_CACHE_SECONDS=0', async () => {
    const app = await createTestApp({ SESSION_CACHE_SECONDS: '0' });
    try {
      const user = await registerUser(app.app);
      expect((await me(app.app, user.token)).statusCode).toBe(200);
      await revokeUnannounced(app.app, user.token);
      expect((await me(app.app, user.token)).statusCode).toBe(401);
    } finally {
      await app.close();
    }
  });

  it('ends a kept session at once on sign-out, password change and account deletion', async () => {
    const user = await registerUser(t.app);
    const other = (await signIn(t.app, user.email, user.password)).json<{ access_token: string }>()
      .access_token;
    const third = (await signIn(t.app, user.email, user.password)).json<{ access_token: string }>()
      .access_token;
    for (const token of [user.token, other, third]) {
      expect((await me(t.app, token)).statusCode).toBe(200);
    }

    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signOut',
      headers: bearer(third),
    });
    expect(out.statusCode).toBe(204);
    expect((await me(t.app, third)).statusCode).toBe(401);

    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/user/updatePassword',
      headers: bearer(user.token),
      payload: { oldPassword: user.password, password: 'nytt-loyniord-1' },
    });
    expect(changed.statusCode).toBe(204);
    expect((await me(t.app, other)).statusCode).toBe(401);
    expect((await me(t.app, user.token)).statusCode).toBe(200);

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/user',
      headers: bearer(user.token),
      payload: { password: 'nytt-loyniord-1' },
    });
    expect(deleted.statusCode).toBeLessThan(300);
    expect((await me(t.app, user.token)).statusCode).toBe(401);
  });
});

const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!redisUrl)('sessions kept by two processes sharing one bus', () => {
  let a: TestApp;
  let b: FastifyInstance;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ a, b, close } = await twoProcessesKeepingSessions(redisUrl ?? ''));
  });
  afterAll(() => close());

  it('a sign-out on one process ends the session the other keeps', async () => {
    const user = await registerUser(a.app);
    expect((await me(b, user.token)).statusCode).toBe(200);
    const out = await a.app.inject({
      method: 'POST',
      url: '/api/auth/signOut',
      headers: bearer(user.token),
    });
    expect(out.statusCode).toBe(204);
    const heard = await until(
      async () => (await me(b, user.token)).statusCode,
      (status) => status === 401,
      10_000,
    );
    expect(heard).toBe(401);
  });
});
