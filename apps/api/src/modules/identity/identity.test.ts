import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, registerUser, type TestApp } from '../../test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'http://app.test' });
});
afterAll(() => t.close());

const path = (url: string) => {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
};

/** Runs the whole sign-in as a browser would, choosing `subject` on the simulator's page. */
async function signInWithIdentity(token: string, subject: string) {
  const start = await t.app.inject({
    method: 'POST',
    url: '/api/identity/verifications',
    headers: bearer(token),
    payload: { returnPath: '/profile/payment-methods/stodkort/create' },
  });
  expect(start.statusCode).toBe(201);
  const authorize = new URL(start.json<{ url: string }>().url);
  expect(authorize.pathname).toBe('/api/sim/identity/authorize');
  const pageRes = await t.app.inject({ url: path(authorize.toString()) });
  expect(pageRes.statusCode).toBe(200);
  expect(pageRes.body).toContain('Jógvan Joensen');
  // The page's form carries the request on; the button adds the chosen person.
  const form = new URLSearchParams();
  for (const [, name, value] of pageRes.body.matchAll(/name="([^"]+)" value="([^"]*)"/g))
    if (name && name !== 'subject')
      form.set(
        name,
        (value ?? '').replace(/&#(\d+);/g, (_m, n: string) => String.fromCharCode(Number(n))),
      );
  form.set('subject', subject);
  const chosen = await t.app.inject({
    method: 'POST',
    url: '/api/sim/identity/authorize',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: form.toString(),
  });
  expect(chosen.statusCode).toBe(303);
  const callback = chosen.headers.location as string;
  const back = await t.app.inject({ url: path(callback) });
  expect(back.statusCode).toBe(303);
  return { location: back.headers.location as string, callback };
}

const agreement = {
  fullName: 'Jógvan Joensen',
  email: 'jogvan@example.fo',
  phone: '+298 211234',
  registrationNumber: '6460',
  accountNumber: '1234567890',
};

describe('national identity verification and a new provider card', () => {
  it('verifies a test person and then issues a card that activates in 3 minutes', async () => {
    const user = await registerUser(t.app);
    const create = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/payment-methods/stodkort/create',
        headers: bearer(user.token),
        payload: { name: 'Nýtt kort' },
      });
    expect((await create()).json()).toMatchObject({ statusCode: 422, code: 'AGREEMENT_REQUIRED' });
    await t.app.inject({
      method: 'POST',
      url: '/api/payment-agreement',
      headers: bearer(user.token),
      payload: agreement,
    });
    expect((await create()).json()).toMatchObject({ statusCode: 422, code: 'IDENTITY_REQUIRED' });

    const { location, callback } = await signInWithIdentity(user.token, 'fo-010190-1234');
    expect(location).toMatch(
      /^http:\/\/app\.test\/profile\/payment-methods\/stodkort\/create\?identity=verified&verification=/,
    );
    const before = Date.now();
    const res = await create();
    expect(res.statusCode).toBe(201);
    const card = res.json<{ kind: string; isActive: boolean; activeFrom: string; name: string }>();
    expect(card).toMatchObject({ kind: 'own_card', isActive: false, name: 'Nýtt kort' });
    const activatesIn = new Date(card.activeFrom).getTime() - before;
    expect(activatesIn).toBeGreaterThan(170_000);
    expect(activatesIn).toBeLessThanOrEqual(181_000);

    // The same code and state cannot be replayed.
    const replay = await t.app.inject({ url: path(callback) });
    expect(replay.headers.location).toBe('http://app.test/?identity=expired');
  });

  it("does not lend one user's verification to another", async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    await signInWithIdentity(a.token, 'fo-120585-2345');
    await t.app.inject({
      method: 'POST',
      url: '/api/payment-agreement',
      headers: bearer(b.token),
      payload: agreement,
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payment-methods/stodkort/create',
      headers: bearer(b.token),
      payload: {},
    });
    expect(res.json()).toMatchObject({ code: 'IDENTITY_REQUIRED' });
  });

  it('reports a cancelled sign-in', async () => {
    const user = await registerUser(t.app);
    const { location } = await signInWithIdentity(user.token, '');
    expect(location).toContain('identity=cancelled');
  });

  it('validates the start request and needs a token', async () => {
    const user = await registerUser(t.app);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/identity/verifications',
      headers: bearer(user.token),
      payload: { returnPath: 'https://evil.example' },
    });
    expect(bad.statusCode).toBe(400);
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/identity/verifications',
      payload: {},
    });
    expect(none.statusCode).toBe(401);
  });

  it("refuses the simulator's token endpoint to a wrong client secret", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/sim/identity/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'grant_type=authorization_code&client_id=stod-app&client_secret=wrong&code=x',
    });
    expect(res.statusCode).toBe(401);
  });
});
