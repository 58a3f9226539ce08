import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneTimeCodes } from '../../db/schema/index.ts';
import {
  bearer,
  createTestApp,
  lastMailTo,
  registerUser,
  signIn,
  uniqueEmail,
  type TestApp,
} from '../../test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SIGNIN_MAX_PER_ACCOUNT: '3', SIGNIN_MAX_PER_IP: '1000' });
});
afterAll(() => t.close());

describe('POST /api/auth/signIn', () => {
  it('answers a working token for the right password', async () => {
    const user = await registerUser(t.app);
    const res = await signIn(t.app, user.email.toUpperCase(), user.password);
    expect(res.statusCode).toBe(200);
    const token = res.json<{ access_token: string }>().access_token;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const me = await t.app.inject({ url: '/api/user/v2', headers: bearer(token) });
    expect(me.json()).toMatchObject({ email: user.email });
  });

  it('refuses a wrong password and an unknown account with the same 401', async () => {
    const user = await registerUser(t.app);
    const wrong = await signIn(t.app, user.email, 'not-the-password');
    const unknown = await signIn(t.app, uniqueEmail(), 'whatever-password');
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({
        code: 'INVALID_CREDENTIALS',
        message: 'Teldubústaðurin ella loyniorðið er skeivt.',
      });
    }
  });

  it('rejects bad input with per-field messages in the asked language', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signIn',
      headers: { 'accept-language': 'en' },
      payload: { email: 'not-an-email', password: '' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      statusCode: 400,
      code: 'VALIDATION',
      message:
        'One or more fields are incorrect or not properly filled in. Correct these before proceeding.',
      fieldErrors: {
        email: 'Please enter a valid email address.',
        password: 'The field is required.',
      },
    });
  });

  it('rejects wrong types, huge strings, malformed JSON and large bodies without a 500', async () => {
    const wrongType = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signIn',
      payload: { email: 42, password: ['x'] },
    });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().fieldErrors).toEqual({
      email: 'Virðið er ikki gildigt.',
      password: 'Virðið er ikki gildigt.',
    });

    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signIn',
      payload: { email: 'a@b.fo', password: 'x'.repeat(10_000) },
    });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().fieldErrors.password).toBe('Teksturin er ov langur.');

    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signIn',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ code: 'MALFORMED' });
    expect(malformed.body).not.toMatch(/at .*\.ts/);

    const big = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signIn',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.fo', password: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ code: 'BODY_TOO_LARGE' });
  });

  it('locks an account after repeated failures, even for the right password, with a localized 429', async () => {
    const user = await registerUser(t.app);
    for (let i = 0; i < 3; i += 1) {
      expect((await signIn(t.app, user.email, 'wrong-password')).statusCode).toBe(401);
    }
    const locked = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signIn',
      headers: { 'accept-language': 'en' },
      payload: { email: user.email, password: user.password },
    });
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toBeDefined();
    expect(locked.json()).toMatchObject({
      code: 'RATE_LIMITED',
      message: 'Too many attempts. Please wait a moment and try again.',
    });
    // Another account from the same address is not affected.
    const other = await registerUser(t.app);
    expect((await signIn(t.app, other.email, other.password)).statusCode).toBe(200);
  });
});

describe('sign-in rate limit per address', () => {
  it('answers 429 once an address has used up its attempts', async () => {
    const limited = await createTestApp({ SIGNIN_MAX_PER_IP: '2' });
    try {
      const user = await registerUser(limited.app);
      expect((await signIn(limited.app, user.email, user.password)).statusCode).toBe(200);
      expect((await signIn(limited.app, uniqueEmail(), 'whatever-1')).statusCode).toBe(401);
      const third = await signIn(limited.app, user.email, user.password);
      expect(third.statusCode).toBe(429);
      expect(third.json().message).toBe(
        'Ov nógvar royndir. Vinaliga bíða eitt bil og royn so aftur.',
      );
    } finally {
      await limited.close();
    }
  });
});

describe('POST /api/auth/signOut', () => {
  it('revokes the token it is called with, and only that one', async () => {
    const user = await registerUser(t.app);
    const second = (await signIn(t.app, user.email, user.password)).json().access_token as string;
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signOut',
      headers: bearer(user.token),
    });
    expect(out.statusCode).toBe(204);
    const revoked = await t.app.inject({ url: '/api/user/v2', headers: bearer(user.token) });
    expect(revoked.statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/user/v2', headers: bearer(second) })).statusCode).toBe(
      200,
    );
  });

  it('answers 401 without a token or with a wrong one', async () => {
    const none = await t.app.inject({ method: 'POST', url: '/api/auth/signOut' });
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signOut',
      headers: bearer('x'.repeat(43)),
    });
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signOut',
      headers: { authorization: 'Basic abc' },
    });
    for (const res of [none, wrong, malformed]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    }
  });
});

describe('password reset', () => {
  // The reset mail goes out after the answer, so the outbox is read until it is there.
  const mailTo = async (email: string) => {
    await expect.poll(() => lastMailTo(t.app, email)).toBeDefined();
    return lastMailTo(t.app, email);
  };
  const resetLink = async (email: string) => {
    const mail = await mailTo(email);
    const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1];
    if (!token) throw new Error('no reset link mailed');
    return token;
  };

  it('always answers 204, and mails a link only to existing accounts', async () => {
    const unknown = uniqueEmail();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/forgotPassword',
      payload: { email: unknown },
    });
    expect(res.statusCode).toBe(204);
    expect(await lastMailTo(t.app, unknown)).toBeUndefined();

    const user = await registerUser(t.app);
    const known = await t.app.inject({
      method: 'POST',
      url: '/api/user/forgotPassword',
      payload: { email: user.email },
    });
    expect(known.statusCode).toBe(204);
    expect((await mailTo(user.email))?.subject).toBe('Nýtt loyniorð');
    expect(await lastMailTo(t.app, unknown)).toBeUndefined();
  });

  it('rejects a bad e-mail address', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/forgotPassword',
      payload: { email: 'nope' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({ email: 'Vinaliga skriva ein gildigan teldubústað.' });
  });

  it('sets the new password once, signs out everywhere, and refuses the link a second time', async () => {
    const user = await registerUser(t.app);
    await t.app.inject({
      method: 'POST',
      url: '/api/user/forgotPassword',
      payload: { email: user.email },
    });
    const token = await resetLink(user.email);

    const first = await t.app.inject({
      method: 'POST',
      url: '/api/user/reset-password',
      payload: { token, password: 'nytt-loyniord-1' },
    });
    expect(first.statusCode).toBe(204);
    expect(
      (await t.app.inject({ url: '/api/user/v2', headers: bearer(user.token) })).statusCode,
    ).toBe(401);
    expect((await signIn(t.app, user.email, user.password)).statusCode).toBe(401);
    expect((await signIn(t.app, user.email, 'nytt-loyniord-1')).statusCode).toBe(200);

    const again = await t.app.inject({
      method: 'POST',
      url: '/api/user/reset-password',
      payload: { token, password: 'triðja-loyniord' },
    });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({ code: 'INVALID_RESET_LINK' });
    expect((await signIn(t.app, user.email, 'triðja-loyniord')).statusCode).toBe(401);
  });

  it('refuses an expired link, an unknown one and a short new password', async () => {
    const user = await registerUser(t.app);
    await t.app.inject({
      method: 'POST',
      url: '/api/user/forgotPassword',
      payload: { email: user.email },
    });
    const token = await resetLink(user.email);
    await t.app.ctx.db.update(oneTimeCodes).set({ expiresAt: sql`now() - interval '1 minute'` });

    const expired = await t.app.inject({
      method: 'POST',
      url: '/api/user/reset-password',
      payload: { token, password: 'nytt-loyniord-1' },
    });
    expect(expired.statusCode).toBe(422);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/user/reset-password',
      payload: { token: 'made-up-token', password: 'nytt-loyniord-1' },
    });
    expect(unknown.statusCode).toBe(422);
    const short = await t.app.inject({
      method: 'POST',
      url: '/api/user/reset-password',
      payload: { token, password: '1234567', extra: true },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().fieldErrors).toEqual({
      password: 'Loyniorð skal vera minst 8 tekin langt.',
      extra: 'Hesin teigurin er ikki loyvdur.',
    });
    expect((await signIn(t.app, user.email, user.password)).statusCode).toBe(200);
  });
});
