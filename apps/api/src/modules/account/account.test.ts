import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneTimeCodes, users } from '../../db/schema/index.ts';
import {
  bearer,
  createTestApp,
  lastMailTo,
  registerUser,
  registration,
  signIn,
  uniqueEmail,
  type TestApp,
} from '../../test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const userCount = async () =>
  (await t.app.ctx.db.select({ n: sql<number>`count(*)::int` }).from(users))[0]?.n ?? 0;

describe('POST /api/user (register)', () => {
  it('creates the account and signs it in', async () => {
    const body = registration({ email: `  ${uniqueEmail().toUpperCase()} ` });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user',
      headers: { 'accept-language': 'en' },
      payload: body,
    });
    expect(res.statusCode).toBe(201);
    const me = await t.app.inject({
      url: '/api/user/v2',
      headers: bearer(res.json<{ access_token: string }>().access_token),
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      name: 'Guðrun Hansen',
      email: body.email.trim().toLowerCase(),
      accountType: 'private',
      pNumber: null,
      locale: 'en',
      userSubscriptions: [],
    });
    expect(me.json()).not.toHaveProperty('passwordHash');
  });

  it('refuses a taken e-mail with 409 on the email field', async () => {
    const user = await registerUser(t.app);
    const before = await userCount();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user',
      payload: registration({ email: user.email }),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'EMAIL_TAKEN',
      fieldErrors: { email: 'Ein brúkari við hesum teldubústaðnum finst longu.' },
    });
    expect(await userCount()).toBe(before);
  });

  it('gives the spec texts for every broken rule, and stores nothing', async () => {
    const before = await userCount();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user',
      payload: {
        name: 'A',
        address: ' ',
        postCode: '10',
        city: 'T',
        email: 'bad@',
        mobile: '12345',
        password: '1234567',
        passwordConfirmation: '12345678',
        terms: false,
        isAdmin: true,
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({
      name: 'Teigurin er kravdur.',
      address: 'Teigurin er kravdur.',
      postCode: 'Teigurin er kravdur.',
      city: 'Teigurin er kravdur.',
      email: 'Vinaliga skriva ein gildigan teldubústað.',
      mobile: 'Teigurin er kravdur.',
      password: 'Loyniorð skal vera minst 8 tekin langt.',
      passwordConfirmation: 'Loyniorðini eru ikki eins.',
      terms: 'Vinaliga góðtak keypstreytir.',
      isAdmin: 'Hesin teigurin er ikki loyvdur.',
    });
    const mismatch = await t.app.inject({
      method: 'POST',
      url: '/api/user',
      payload: registration({ passwordConfirmation: 'annað-loyniord' }),
    });
    expect(mismatch.json().fieldErrors).toEqual({
      passwordConfirmation: 'Loyniorðini eru ikki eins.',
    });
    const empty = await t.app.inject({ method: 'POST', url: '/api/user', payload: {} });
    expect(empty.statusCode).toBe(400);
    const notObject = await t.app.inject({ method: 'POST', url: '/api/user', payload: [1, 2] });
    expect(notObject.statusCode).toBe(400);
    const nullBody = await t.app.inject({
      method: 'POST',
      url: '/api/user',
      headers: { 'content-type': 'application/json' },
      payload: 'null',
    });
    expect(nullBody.statusCode).toBe(400);
    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/user',
      payload: registration({ name: 'x'.repeat(10_000), city: 'y'.repeat(10_000) }),
    });
    expect(huge.json().fieldErrors).toEqual({
      name: 'Teksturin er ov langur.',
      city: 'Teksturin er ov langur.',
    });
    expect(await userCount()).toBe(before);
  });
});

describe('GET and PATCH /api/user', () => {
  it('needs a valid token', async () => {
    for (const headers of [{}, bearer('wrong-token-wrong-token-wrong-token')]) {
      expect((await t.app.inject({ url: '/api/user/v2', headers })).statusCode).toBe(401);
      const patch = await t.app.inject({ method: 'PATCH', url: '/api/user', headers, payload: {} });
      expect(patch.statusCode).toBe(401);
    }
  });

  it('updates the caller and nobody else', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/user',
      headers: bearer(a.token),
      payload: {
        name: 'Ári Poulsen',
        address: 'Vegurin 2',
        postCode: '700',
        city: 'Klaksvík',
        mobile: '551234',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Ári Poulsen', city: 'Klaksvík', email: a.email });
    const other = await t.app.inject({ url: '/api/user/v2', headers: bearer(b.token) });
    expect(other.json()).toMatchObject({ name: 'Guðrun Hansen', city: 'Tórshavn' });
  });

  it('refuses unknown fields, e-mail changes through PATCH and short values', async () => {
    const a = await registerUser(t.app);
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/user',
      headers: { ...bearer(a.token), 'accept-language': 'en' },
      payload: {
        name: 'X',
        address: 'Vegurin 2',
        postCode: '70',
        city: 'Kl',
        mobile: '5',
        email: 'x@y.fo',
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({
      name: 'The field is required.',
      postCode: 'The field is required.',
      mobile: 'The field is required.',
      email: 'This field is not allowed.',
    });
    const me = await t.app.inject({ url: '/api/user/v2', headers: bearer(a.token) });
    expect(me.json()).toMatchObject({ name: 'Guðrun Hansen', email: a.email });
  });
});

describe('POST /api/user/updatePassword', () => {
  it('needs the right old password and keeps everything on a wrong one', async () => {
    const a = await registerUser(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/updatePassword',
      headers: bearer(a.token),
      payload: { oldPassword: 'not-my-password', password: 'nytt-loyniord-1' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      code: 'WRONG_PASSWORD',
      fieldErrors: { oldPassword: 'Núverandi loyniorðið er skeivt.' },
    });
    expect((await signIn(t.app, a.email, a.password)).statusCode).toBe(200);
  });

  it('changes the password and signs out the other sessions, not this one', async () => {
    const a = await registerUser(t.app);
    const other = (await signIn(t.app, a.email, a.password)).json().access_token as string;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/updatePassword',
      headers: bearer(a.token),
      payload: { oldPassword: a.password, password: 'nytt-loyniord-1' },
    });
    expect(res.statusCode).toBe(204);
    expect((await t.app.inject({ url: '/api/user/v2', headers: bearer(a.token) })).statusCode).toBe(
      200,
    );
    expect((await t.app.inject({ url: '/api/user/v2', headers: bearer(other) })).statusCode).toBe(
      401,
    );
    expect((await signIn(t.app, a.email, a.password)).statusCode).toBe(401);
    expect((await signIn(t.app, a.email, 'nytt-loyniord-1')).statusCode).toBe(200);
  });

  it('validates both fields and rejects unknown ones', async () => {
    const a = await registerUser(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/updatePassword',
      headers: bearer(a.token),
      payload: { oldPassword: '', password: '1234567', confirm: 'x' },
    });
    expect(res.json().fieldErrors).toEqual({
      oldPassword: 'Teigurin er kravdur.',
      password: 'Loyniorð skal vera minst 8 tekin langt.',
      confirm: 'Hesin teigurin er ikki loyvdur.',
    });
    const noToken = await t.app.inject({
      method: 'POST',
      url: '/api/user/updatePassword',
      payload: { oldPassword: a.password, password: 'nytt-loyniord-1' },
    });
    expect(noToken.statusCode).toBe(401);
  });
});

describe('e-mail change', () => {
  const requestCode = async (token: string, email: string) =>
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

  it('mails a 4-digit code to the new address and switches once it is entered', async () => {
    const a = await registerUser(t.app);
    const next = uniqueEmail('new');
    expect((await requestCode(a.token, next)).statusCode).toBe(204);
    const code = await codeIn(next);
    expect(code).toMatch(/^\d{4}$/);
    const res = await confirm(a.token, next, code);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: next, emailVerified: true });
    expect((await signIn(t.app, next, a.password)).statusCode).toBe(200);
    expect((await confirm(a.token, next, code)).statusCode).toBe(422);
  });

  it('refuses a wrong code, an expired code, and a code meant for another user', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const next = uniqueEmail('new');
    await requestCode(a.token, next);
    const code = await codeIn(next);
    const wrong = await confirm(a.token, next, code === '0000' ? '1111' : '0000');
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().fieldErrors).toEqual({ token: 'Kotan er skeiv ella útgingin.' });
    expect((await confirm(b.token, next, code)).statusCode).toBe(422);
    await t.app.ctx.db.update(oneTimeCodes).set({ expiresAt: sql`now() - interval '1 second'` });
    expect((await confirm(a.token, next, code)).statusCode).toBe(422);
    const me = await t.app.inject({ url: '/api/user/v2', headers: bearer(a.token) });
    expect(me.json().email).toBe(a.email);
  });

  it('stops accepting a code after five wrong tries', async () => {
    const a = await registerUser(t.app);
    const next = uniqueEmail('new');
    await requestCode(a.token, next);
    const code = await codeIn(next);
    const wrongCode = code === '9999' ? '8888' : '9999';
    for (let i = 0; i < 5; i += 1)
      expect((await confirm(a.token, next, wrongCode)).statusCode).toBe(422);
    expect((await confirm(a.token, next, code)).statusCode).toBe(429);
  });

  it('validates the code length and refuses an address in use', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    for (const bad of ['123', '12345', '']) {
      const res = await confirm(a.token, uniqueEmail(), bad);
      expect(res.statusCode).toBe(400);
      expect(res.json().fieldErrors).toEqual({ token: 'Vinaliga tøppa kotu inn.' });
    }
    const taken = await requestCode(a.token, b.email);
    expect(taken.statusCode).toBe(409);
    const invalid = await requestCode(a.token, 'no-at-sign');
    expect(invalid.json().fieldErrors).toEqual({
      email: 'Vinaliga skriva ein gildigan teldubústað.',
    });
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/user/request-update-email',
          payload: { email: uniqueEmail() },
        })
      ).statusCode,
    ).toBe(401);
  });
});

describe('PUT /api/user/locale', () => {
  it('saves the language, which later mail uses', async () => {
    const a = await registerUser(t.app);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/user/locale',
      headers: bearer(a.token),
      payload: { locale: 'en' },
    });
    expect(res.statusCode).toBe(204);
    await t.app.inject({
      method: 'POST',
      url: '/api/user/forgotPassword',
      payload: { email: a.email },
    });
    // The reset mail goes out after the answer.
    await expect
      .poll(async () => (await lastMailTo(t.app, a.email))?.subject)
      .toBe('Reset your password');
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/user/locale',
      headers: bearer(a.token),
      payload: { locale: 'de' },
    });
    expect(bad.statusCode).toBe(400);
  });
});
