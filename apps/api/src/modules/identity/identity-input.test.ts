import { createHash } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';

let t: TestApp;
let prod: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'http://app.test' });
  // Production runs against a real issuer; the simulator is never served there.
  prod = await createTestApp({
    NODE_ENV: 'production',
    PUBLIC_URL: 'http://app.test',
    IDENTITY_ISSUER_URL: 'https://id.example',
    SIMULATORS: 'gateway,provider-stations,provider-cards,forecourt,carwash,menu,beverage-machines',
    GATEWAY_WEBHOOK_SECRET: 'production-webhook-secret-0123',
    IDENTITY_CLIENT_SECRET: 'production-identity-secret-0123',
  });
});
afterAll(async () => {
  await t.close();
  await prod.close();
});

const SIM = '/api/sim/identity';
const CALLBACK = 'http://app.test/api/identity/callback';
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const VERIFIER = 'a-pkce-verifier-of-forty-three-characters-or-more';
const CHALLENGE = createHash('sha256').update(VERIFIER).digest('base64url');
const huge = 'a'.repeat(100_000);
const request = {
  client_id: 'stod-app',
  redirect_uri: CALLBACK,
  state: 'state-0123456789',
  nonce: 'nonce-0123456789',
  code_challenge: CHALLENGE,
};
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const query = (fields: Record<string, string>) => `?${form(fields)}`;

/** Odd requests to the simulator's authorisation endpoint: each is a 400 and redirects nowhere. */
const badAuthorizations = [
  { name: 'no query', url: '' },
  { name: 'a repeated state', url: `${query({ ...request, response_type: 'code' })}&state=2` },
  { name: 'NUL in the state', url: query({ ...request, response_type: 'code', state: 'a\0b' }) },
  { name: 'a 100 KB state', url: query({ ...request, response_type: 'code', state: huge }) },
  {
    name: 'a foreign redirect URI',
    url: query({ ...request, response_type: 'code', redirect_uri: 'https://evil.example/' }),
  },
  { name: 'no PKCE', url: query({ ...request, response_type: 'code', code_challenge: '' }) },
  {
    name: 'plain PKCE',
    url: query({ ...request, response_type: 'code', code_challenge_method: 'plain' }),
  },
];

const badSignIns = [
  { name: 'no body', headers: {}, payload: undefined },
  { name: 'an empty form', headers: FORM, payload: '' },
  { name: 'JSON', headers: {}, payload: { ...request, subject: 'fo-010190-1234' } },
  { name: 'text', headers: { 'content-type': 'text/plain' }, payload: 'state=x' },
  { name: 'broken JSON', headers: { 'content-type': 'application/json' }, payload: '{' },
  { name: 'a 100 KB state', headers: FORM, payload: form({ ...request, state: huge }) },
  { name: 'NUL in the state', headers: FORM, payload: form({ ...request, state: 'a\0b' }) },
  { name: 'a CRLF in the state', headers: FORM, payload: form({ ...request, state: 'a\r\nb' }) },
  {
    name: 'a foreign redirect URI',
    headers: FORM,
    payload: form({ ...request, redirect_uri: 'https://evil.example/' }),
  },
];

const client = { grant_type: 'authorization_code', client_id: 'stod-app' };
const secret = 'dev-identity-secret-change-me';
const badTokenRequests = [
  { name: 'no body', headers: {}, payload: undefined },
  { name: 'an empty form', headers: FORM, payload: '' },
  { name: 'JSON', headers: {}, payload: { ...client, client_secret: secret } },
  { name: 'text', headers: { 'content-type': 'text/plain' }, payload: 'grant_type=x' },
  { name: 'no secret', headers: FORM, payload: form(client) },
  {
    name: 'a repeated grant type',
    headers: FORM,
    payload: `${form({ ...client, client_secret: secret })}&grant_type=refresh_token`,
  },
  {
    name: 'NUL in the code',
    headers: FORM,
    payload: form({ ...client, client_secret: secret, code: 'a\0b', redirect_uri: CALLBACK }),
  },
  {
    name: 'no code verifier',
    headers: FORM,
    payload: form({ ...client, client_secret: secret, code: 'x', redirect_uri: CALLBACK }),
  },
];

describe('the identity simulator with odd input', () => {
  it.each(badAuthorizations)('answers 400 to an authorisation request with $name', async (c) => {
    const res = await t.app.inject({ url: `${SIM}/authorize${c.url}` });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('invalid_request');
  });

  it.each(badSignIns)('answers 400 to a sign-in form with $name', async (c) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${SIM}/authorize`,
      headers: c.headers,
      ...(c.payload === undefined ? {} : { payload: c.payload }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers.location).toBeUndefined();
  });

  it.each(badTokenRequests)('answers invalid_request to a token request with $name', async (c) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${SIM}/token`,
      headers: c.headers,
      ...(c.payload === undefined ? {} : { payload: c.payload }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'invalid_request' });
  });

  it('tells the client, grant and code errors apart', async () => {
    const token = (fields: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: `${SIM}/token`, headers: FORM, payload: form(fields) });
    const good = { ...client, client_secret: secret, redirect_uri: CALLBACK };
    expect((await token({ ...good, client_secret: 'wrong' })).statusCode).toBe(401);
    const grant = await token({ ...good, grant_type: 'password' });
    expect(grant.json()).toEqual({ error: 'unsupported_grant_type' });
    const unknown = await token({ ...good, code: `x.${CHALLENGE}`, code_verifier: VERIFIER });
    expect(unknown.json()).toEqual({ error: 'invalid_grant' });
  });

  it('checks PKCE and signs with a published, identified key', async () => {
    const chosen = await t.app.inject({
      method: 'POST',
      url: `${SIM}/authorize`,
      headers: FORM,
      payload: form({ ...request, subject: 'fo-010190-1234' }),
    });
    expect(chosen.statusCode).toBe(303);
    const back = new URL(chosen.headers.location as string);
    expect(`${back.origin}${back.pathname}`).toBe(CALLBACK);
    expect(back.searchParams.get('state')).toBe(request.state);
    const code = back.searchParams.get('code') ?? '';
    const token = (verifier: string) =>
      t.app.inject({
        method: 'POST',
        url: `${SIM}/token`,
        headers: FORM,
        payload: form({
          ...client,
          client_secret: secret,
          code,
          redirect_uri: CALLBACK,
          code_verifier: verifier,
        }),
      });
    const stolen = await token('another-verifier-of-forty-three-characters-long');
    expect(stolen.json()).toEqual({ error: 'invalid_grant' });
    const res = await token(VERIFIER);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { kid, alg } = decodeProtectedHeader(res.json<{ id_token: string }>().id_token);
    expect(alg).toBe('RS256');
    const jwks = (await t.app.inject({ url: `${SIM}/jwks` })).json<{ keys: { kid: string }[] }>();
    expect(jwks.keys.map((k) => k.kid)).toContain(kid);
    expect((await token(VERIFIER)).json()).toEqual({ error: 'invalid_grant' });
  });
});

describe('the identity callback with odd input', () => {
  it.each([
    ['NUL in the state', '?state=a%00b&code=x'],
    ['a 100 KB state', `?state=${huge}&code=x`],
    ['a repeated state', '?state=a&state=b&code=x'],
    ['a line break in the state', '?state=a%0D%0ALocation:%20evil&code=x'],
    ['no state', '?code=x'],
    ['nothing', ''],
  ])('sends %s to the failure screen without echoing it', async (_name, search) => {
    const res = await t.app.inject({ url: `/api/identity/callback${search}` });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('http://app.test/?identity=expired');
  });
});

describe('in production', () => {
  it('answers no identity request with a 500', async () => {
    const requests: (InjectOptions & { url: string })[] = [
      ...badAuthorizations.map((c) => ({ url: `${SIM}/authorize${c.url}` })),
      ...badSignIns.map((c) => ({ method: 'POST', url: `${SIM}/authorize`, ...c })),
      ...badTokenRequests.map((c) => ({ method: 'POST', url: `${SIM}/token`, ...c })),
      { url: `${SIM}/authorize${query({ ...request, response_type: 'code' })}` },
      { url: `${SIM}/.well-known/openid-configuration` },
      { url: `${SIM}/jwks` },
      { url: '/api/identity/callback?state=a%00b&code=x' },
    ];
    for (const r of requests) {
      const res = await prod.app.inject(r);
      expect(res.statusCode, r.url).toBeLessThan(500);
    }
  });
});
