import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneTimeCodes, users } from '../../db/schema/index.ts';
import {
  bearer,
  createTestApp,
  lastMailTo,
  registerUser,
  signIn,
  statuses,
  uniqueEmail,
  type TestApp,
} from '../../test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SIGNIN_MAX_PER_ACCOUNT: '10', SIGNIN_MAX_PER_IP: '1000' });
});
afterAll(() => t.close());

const requestCode = (token: string, email: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/user/request-update-email',
    headers: bearer(token),
    payload: { email },
  });
const codeIn = async (email: string) =>
  /(\d{4})/.exec((await lastMailTo(t.app, email))?.subject ?? '')?.[1] ?? '';
const confirm = (token: string, email: string, code: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/user/update-email',
    headers: bearer(token),
    payload: { email, token: code },
  });
const emailOf = async (token: string) =>
  (await t.app.inject({ url: '/api/user/v2', headers: bearer(token) })).json<{ email: string }>()
    .email;
/** Four digits other than the code, a different one for each n. */
const wrongCode = (code: string, n: number) => {
  const guess = String(n % 10_000).padStart(4, '0');
  return guess === code ? String((n + 5000) % 10_000).padStart(4, '0') : guess;
};

describe('e-mail change: code requests', () => {
  it('mails at most 5 codes an hour for one account', async () => {
    const a = await registerUser(t.app);
    for (let i = 0; i < 5; i += 1)
      expect((await requestCode(a.token, uniqueEmail('next'))).statusCode).toBe(204);
    const sixth = uniqueEmail('next');
    const limited = await requestCode(a.token, sixth);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(await lastMailTo(t.app, sixth)).toBeUndefined();
    // Another account is not affected.
    const b = await registerUser(t.app);
    expect((await requestCode(b.token, uniqueEmail('next'))).statusCode).toBe(204);
  });

  it('mails at most 5 codes an hour to one address, whichever accounts ask', async () => {
    const target = uniqueEmail('target');
    for (let i = 0; i < 5; i += 1) {
      const user = await registerUser(t.app);
      expect((await requestCode(user.token, target)).statusCode).toBe(204);
    }
    const late = await registerUser(t.app);
    expect((await requestCode(late.token, target)).statusCode).toBe(429);
    expect((await requestCode(late.token, uniqueEmail('other'))).statusCode).toBe(204);
  });
});

describe('e-mail change: tries', () => {
  it('ends the change after 5 wrong codes in all, not 5 for each new code', async () => {
    const a = await registerUser(t.app);
    const next = uniqueEmail('new');
    await requestCode(a.token, next);
    const first = await codeIn(next);
    for (let i = 0; i < 3; i += 1)
      expect((await confirm(a.token, next, wrongCode(first, i))).statusCode).toBe(422);
    expect((await requestCode(a.token, next)).statusCode).toBe(204);
    const second = await codeIn(next);
    for (let i = 3; i < 5; i += 1)
      expect((await confirm(a.token, next, wrongCode(second, i))).statusCode).toBe(422);
    const ended = await confirm(a.token, next, second);
    expect(ended.statusCode).toBe(429);
    expect(ended.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(await emailOf(a.token)).toBe(a.email);
    // No fresh code while the change is ended.
    expect((await requestCode(a.token, next)).statusCode).toBe(429);
  });

  it('counts 200 guesses sent at once as 200: 5 are checked, the code is then void', async () => {
    const a = await registerUser(t.app);
    const next = uniqueEmail('new');
    await requestCode(a.token, next);
    const code = await codeIn(next);
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) => confirm(a.token, next, wrongCode(code, i))),
    );
    expect(statuses(answers)).toEqual({ 422: 5, 429: 195 });
    expect((await confirm(a.token, next, code)).statusCode).toBe(429);
    expect(await emailOf(a.token)).toBe(a.email);
    const [me] = await t.app.ctx.db.select().from(users).where(eq(users.email, a.email));
    const live = await t.app.ctx.db
      .select()
      .from(oneTimeCodes)
      .where(and(eq(oneTimeCodes.userId, me?.id ?? ''), eq(oneTimeCodes.purpose, 'email_change')));
    expect(live.every((row) => row.usedAt !== null)).toBe(true);
    // The fifth wrong try may void the code before the others reach it: never above 5.
    expect(live.every((row) => row.attempts <= 5)).toBe(true);
  });

  it('starts the count again after a right code', async () => {
    const a = await registerUser(t.app);
    const next = uniqueEmail('new');
    await requestCode(a.token, next);
    const code = await codeIn(next);
    for (let i = 0; i < 4; i += 1)
      expect((await confirm(a.token, next, wrongCode(code, i))).statusCode).toBe(422);
    expect((await confirm(a.token, next, code)).statusCode).toBe(200);
    const again = uniqueEmail('again');
    expect((await requestCode(a.token, again)).statusCode).toBe(204);
    const second = await codeIn(again);
    for (let i = 0; i < 4; i += 1)
      expect((await confirm(a.token, again, wrongCode(second, i))).statusCode).toBe(422);
    expect((await confirm(a.token, again, second)).statusCode).toBe(200);
  });
});

describe('POST /api/user/updatePassword limit', () => {
  it('checks at most 10 of 30 current passwords sent at once, then locks', async () => {
    const a = await registerUser(t.app);
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/user/updatePassword',
          headers: bearer(a.token),
          payload: { oldPassword: `guess-${String(i)}`, password: 'nytt-loyniord-1' },
        }),
      ),
    );
    expect(statuses(answers)).toEqual({ 422: 10, 429: 20 });
    const right = await t.app.inject({
      method: 'POST',
      url: '/api/user/updatePassword',
      headers: { ...bearer(a.token), 'accept-language': 'en' },
      payload: { oldPassword: a.password, password: 'nytt-loyniord-1' },
    });
    expect(right.statusCode).toBe(429);
    expect(right.json().message).toBe('Too many attempts. Please wait a moment and try again.');
    // Sign-in shares the count, so a stolen token cannot add tries there either.
    expect((await signIn(t.app, a.email, a.password)).statusCode).toBe(429);
  });
});
