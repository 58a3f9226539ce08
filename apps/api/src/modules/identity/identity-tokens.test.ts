import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { testConfig } from '../../config.ts';
import { identityVerifications } from '../../db/schema/index.ts';
import { oidcProvider } from '../../integrations/identity/oidc.ts';
import {
  FAKE_CLIENT_ID,
  FAKE_CLIENT_SECRET,
  FAKE_ISSUER,
  fakeIssuer,
  hostileTokens,
  type FakeIssuer,
} from '../../integrations/identity/testing/fake-issuer.ts';
import { bearer, registerUser } from '../../test/app.ts';

// The app against an issuer that answers whatever id_token a test gives it.
let app: FastifyInstance;
let issuer: FakeIssuer;
let user: { token: string };
beforeAll(async () => {
  const fake = await fakeIssuer(['RS256', 'HS256']);
  issuer = fake.issuer;
  app = await buildApp(testConfig({ PUBLIC_URL: 'http://app.test' }), {
    identity: oidcProvider({
      issuer: FAKE_ISSUER,
      clientId: FAKE_CLIENT_ID,
      clientSecret: FAKE_CLIENT_SECRET,
      fetch: fake.fetch,
      jwksCooldownMs: 0,
    }),
  });
  user = await registerUser(app);
  const agreement = await app.inject({
    method: 'POST',
    url: '/api/payment-agreement',
    headers: bearer(user.token),
    payload: {
      fullName: 'Jógvan Joensen',
      email: 'jogvan@example.fo',
      phone: '+298 211234',
      registrationNumber: '6460',
      accountNumber: '1234567890',
    },
  });
  expect(agreement.statusCode).toBeLessThan(300);
});
afterAll(() => app.close());

const RETURN = '/profile/payment-methods/stodkort/create';

/** Starts a verification, lets the issuer answer `token`, and follows the browser back. */
async function verifyWith(token: () => Promise<string>) {
  const start = await app.inject({
    method: 'POST',
    url: '/api/identity/verifications',
    headers: bearer(user.token),
    payload: { returnPath: RETURN },
  });
  expect(start.statusCode).toBe(201);
  const { id, url } = start.json<{ id: string; url: string }>();
  expect(new URL(url).origin).toBe(FAKE_ISSUER);
  issuer.expect(url);
  issuer.token = token;
  const state = new URL(url).searchParams.get('state') ?? '';
  const back = await app.inject({
    url: `/api/identity/callback?${new URLSearchParams({ state, code: 'the-code' }).toString()}`,
  });
  expect(back.statusCode).toBe(303);
  const [row] = await app.ctx.db
    .select()
    .from(identityVerifications)
    .where(eq(identityVerifications.id, id));
  return { id, location: back.headers.location, row };
}

const createCard = () =>
  app.inject({
    method: 'POST',
    url: '/api/payment-methods/stodkort/create',
    headers: bearer(user.token),
    payload: { name: 'Nýtt kort' },
  });

describe('a verification with a hostile id_token', () => {
  it.each(Object.keys(hostileTokens({} as FakeIssuer)))('gains nothing from %s', async (name) => {
    const make = hostileTokens(issuer)[name];
    if (!make) throw new Error(name);
    const { id, location, row } = await verifyWith(make);
    expect(location).toBe(`http://app.test${RETURN}?identity=failed&verification=${id}`);
    expect(row).toMatchObject({ status: 'failed', subject: null, name: null, verifiedAt: null });
    expect((await createCard()).json()).toMatchObject({ code: 'IDENTITY_REQUIRED' });
  });

  it('is verified by a good token from the same issuer', async () => {
    const { id, location, row } = await verifyWith(() => issuer.mint(issuer.claims()));
    expect(location).toBe(`http://app.test${RETURN}?identity=verified&verification=${id}`);
    expect(row).toMatchObject({ status: 'verified', subject: 'fo-010190-1234' });
  });
});
