import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.ts';
import { bearer, createTestApp, registerUser, signIn, type TestApp } from '../../test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SIGNIN_MAX_PER_ACCOUNT: '10' });
});
afterAll(() => t.close());

const userCount = async () =>
  (await t.app.ctx.db.select({ n: sql<number>`count(*)::int` }).from(users))[0]?.n ?? 0;

describe('DELETE /api/user', () => {
  const remove = (token: string, payload?: unknown, locale = 'fo') =>
    t.app.inject({
      method: 'DELETE',
      url: '/api/user',
      headers: { ...bearer(token), 'accept-language': locale },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  it('revokes every token, strips personal data and frees the e-mail address', async () => {
    const a = await registerUser(t.app);
    const other = (await signIn(t.app, a.email, a.password)).json().access_token as string;
    const res = await remove(a.token, { password: a.password });
    expect(res.statusCode).toBe(204);
    for (const token of [a.token, other]) {
      expect((await t.app.inject({ url: '/api/user/v2', headers: bearer(token) })).statusCode).toBe(
        401,
      );
    }
    expect((await signIn(t.app, a.email, a.password)).statusCode).toBe(401);
    const rows = await t.app.ctx.db
      .select()
      .from(users)
      .where(sql`${users.email} like 'deleted-%'`);
    expect(rows.some((r) => r.name === '' && r.passwordHash === null && r.deletedAt)).toBe(true);
    expect((await registerUser(t.app, { email: a.email })).token).toBeTruthy();
  });

  it('refuses a wrong password with a localized error on the field, and deletes nothing', async () => {
    const a = await registerUser(t.app);
    const before = await userCount();
    for (const [locale, text] of [
      ['fo', 'Núverandi loyniorðið er skeivt.'],
      ['en', 'The current password is wrong.'],
    ] as const) {
      const res = await remove(a.token, { password: 'not-my-password' }, locale);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ code: 'WRONG_PASSWORD', fieldErrors: { password: text } });
    }
    expect((await t.app.inject({ url: '/api/user/v2', headers: bearer(a.token) })).statusCode).toBe(
      200,
    );
    expect(await userCount()).toBe(before);
  });

  it('asks for the password: no body, an empty one or unknown fields answer 400', async () => {
    const a = await registerUser(t.app);
    const none = await remove(a.token);
    expect(none.statusCode).toBe(400);
    const empty = await remove(a.token, { password: '', extra: 1 });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fieldErrors).toEqual({
      password: 'Teigurin er kravdur.',
      extra: 'Hesin teigurin er ikki loyvdur.',
    });
    const wrongType = await remove(a.token, { password: 12345678 });
    expect(wrongType.statusCode).toBe(400);
    expect((await t.app.inject({ url: '/api/user/v2', headers: bearer(a.token) })).statusCode).toBe(
      200,
    );
  });

  it("deletes only the caller: another user's password does not help", async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app, {
      password: 'annad-loyniord-b',
      passwordConfirmation: 'annad-loyniord-b',
    });
    expect((await remove(a.token, { password: b.password })).statusCode).toBe(422);
    expect((await remove(b.token, { password: b.password })).statusCode).toBe(204);
    expect((await t.app.inject({ url: '/api/user/v2', headers: bearer(a.token) })).statusCode).toBe(
      200,
    );
  });

  it('is limited like sign-in: at most 10 of 30 wrong passwords are checked', async () => {
    const a = await registerUser(t.app);
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => remove(a.token, { password: `guess-${String(i)}` })),
    );
    const counts = answers.reduce<Record<number, number>>((acc, r) => {
      acc[r.statusCode] = (acc[r.statusCode] ?? 0) + 1;
      return acc;
    }, {});
    expect(counts).toEqual({ 422: 10, 429: 20 });
    expect((await remove(a.token, { password: a.password })).statusCode).toBe(429);
    expect((await t.app.inject({ url: '/api/user/v2', headers: bearer(a.token) })).statusCode).toBe(
      200,
    );
  });

  it('needs a token', async () => {
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/user',
      payload: { password: 'whatever-password' },
    });
    expect(res.statusCode).toBe(401);
  });
});
