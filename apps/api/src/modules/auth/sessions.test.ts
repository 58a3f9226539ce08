import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema/index.ts';
import { sha256 } from '../../lib/secrets.ts';
import { bearer, createTestApp, registerUser, type TestApp } from '../../test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const me = (token: string) => t.app.inject({ url: '/api/user/v2', headers: bearer(token) });

/**
 * Moves a session's clock by rewriting its row: `sql` fragments are evaluated by the database.
 * The time it stands for is far longer than a process keeps a session, so the cache is emptied.
 */
async function age(token: string, values: { createdAt?: string; lastUsedAt?: string }) {
  await t.app.ctx.db
    .update(sessions)
    .set({
      ...(values.createdAt ? { createdAt: sql.raw(`now() - interval '${values.createdAt}'`) } : {}),
      ...(values.lastUsedAt
        ? { lastUsedAt: sql.raw(`now() - interval '${values.lastUsedAt}'`) }
        : {}),
    })
    .where(eq(sessions.tokenHash, sha256(token)));
  t.app.ctx.sessions.clear();
}

async function lastUsed(token: string) {
  const [row] = await t.app.ctx.db
    .select({ lastUsedAt: sessions.lastUsedAt })
    .from(sessions)
    .where(eq(sessions.tokenHash, sha256(token)));
  if (!row) throw new Error('no session');
  return row.lastUsedAt.getTime();
}

describe('session lifetimes (SESSION_IDLE_DAYS 60, SESSION_MAX_DAYS 365)', () => {
  it('keeps a fresh session working', async () => {
    const user = await registerUser(t.app);
    expect((await me(user.token)).statusCode).toBe(200);
  });

  it('ends a session unused for 61 days, but not one unused for 59', async () => {
    const idle = await registerUser(t.app);
    await age(idle.token, { lastUsedAt: '61 days' });
    const res = await me(idle.token);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'UNAUTHORIZED' });

    const recent = await registerUser(t.app);
    await age(recent.token, { lastUsedAt: '59 days' });
    expect((await me(recent.token)).statusCode).toBe(200);
  });

  it('ends a session signed in 366 days ago even though it was used today', async () => {
    const old = await registerUser(t.app);
    await age(old.token, { createdAt: '366 days', lastUsedAt: '1 day' });
    expect((await me(old.token)).statusCode).toBe(401);

    const younger = await registerUser(t.app);
    await age(younger.token, { createdAt: '364 days', lastUsedAt: '1 day' });
    expect((await me(younger.token)).statusCode).toBe(200);
  });

  it('moves the idle clock on use, at most one write every few minutes', async () => {
    const user = await registerUser(t.app);
    await age(user.token, { lastUsedAt: '2 minutes' });
    const before = await lastUsed(user.token);
    expect((await me(user.token)).statusCode).toBe(200);
    expect(await lastUsed(user.token)).toBe(before);

    await age(user.token, { lastUsedAt: '30 days' });
    const stale = await lastUsed(user.token);
    expect((await me(user.token)).statusCode).toBe(200);
    expect(await lastUsed(user.token)).toBeGreaterThan(stale + 29 * 24 * 3600 * 1000);
  });
});

describe('session lifetimes from the configuration', () => {
  it('follows SESSION_IDLE_DAYS and SESSION_MAX_DAYS', async () => {
    const short = await createTestApp({ SESSION_IDLE_DAYS: '7', SESSION_MAX_DAYS: '30' });
    try {
      const user = await registerUser(short.app);
      const hash = sha256(user.token);
      const call = () => short.app.inject({ url: '/api/user/v2', headers: bearer(user.token) });
      await short.app.ctx.db
        .update(sessions)
        .set({ lastUsedAt: sql`now() - interval '6 days'` })
        .where(eq(sessions.tokenHash, hash));
      short.app.ctx.sessions.clear();
      expect((await call()).statusCode).toBe(200);
      await short.app.ctx.db
        .update(sessions)
        .set({ createdAt: sql`now() - interval '31 days'` })
        .where(eq(sessions.tokenHash, hash));
      short.app.ctx.sessions.clear();
      expect((await call()).statusCode).toBe(401);
    } finally {
      await short.close();
    }
  });
});

describe('Cache-Control on signed-in answers', () => {
  it('sends no-store on personal data, on errors of signed-in routes and on 401', async () => {
    const user = await registerUser(t.app);
    const routes = [
      { url: '/api/user/v2' },
      { url: '/api/payment-methods' },
      { url: '/api/receipts' },
      { method: 'PATCH' as const, url: '/api/user', payload: { name: 'x' } },
    ];
    for (const route of routes) {
      const res = await t.app.inject({ ...route, headers: bearer(user.token) });
      expect(res.statusCode, route.url).toBeLessThan(500);
      expect(res.headers['cache-control'], route.url).toBe('no-store');
    }
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signIn',
      payload: { email: user.email, password: user.password },
    });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.headers['cache-control']).toBe('no-store');
    const anonymous = await t.app.inject({ url: '/api/user/v2' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['cache-control']).toBe('no-store');
  });
});
