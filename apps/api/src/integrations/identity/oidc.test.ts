import { describe, expect, it } from 'vitest';
import { oidcProvider } from './oidc.ts';
import { IdentityError } from './port.ts';
import {
  FAKE_CLIENT_ID,
  FAKE_CLIENT_SECRET,
  FAKE_ISSUER,
  fakeIssuer,
  hostileTokens,
  newKey,
  type Key,
} from './testing/fake-issuer.ts';

const REDIRECT = 'https://app.example/api/identity/callback';

async function setUp(algorithms?: string[]) {
  const { issuer, fetch } = await fakeIssuer(algorithms);
  const provider = oidcProvider({
    issuer: FAKE_ISSUER,
    clientId: FAKE_CLIENT_ID,
    clientSecret: FAKE_CLIENT_SECRET,
    fetch,
    jwksCooldownMs: 0,
  });
  /** One whole sign-in: the authorisation URL, then the code exchange. */
  const signIn = async (state = 'state-0123456789', nonce = 'nonce-0123456789') => {
    const url = await provider.authorizationUrl({ state, nonce, redirectUri: REDIRECT });
    expect(new URL(url).searchParams.get('code_challenge_method')).toBe('S256');
    issuer.expect(url);
    return provider.exchange({ code: 'the-code', state, nonce, redirectUri: REDIRECT });
  };
  return { issuer, signIn };
}

const person = { subject: 'fo-010190-1234', name: 'Jógvan Joensen' };

describe('id_token verification (openid-client and jose)', () => {
  it('accepts a well-signed token for this client, with PKCE, state and nonce', async () => {
    const { signIn } = await setUp();
    await expect(signIn()).resolves.toEqual(person);
  });

  it('accepts several audiences when this client is the authorised party', async () => {
    const { issuer, signIn } = await setUp();
    issuer.token = () =>
      issuer.mint({
        ...issuer.claims(),
        aud: [FAKE_CLIENT_ID, 'another-app'],
        azp: FAKE_CLIENT_ID,
      });
    await expect(signIn()).resolves.toEqual(person);
  });

  /** Why each hostile token must be refused: the check that catches it, nothing incidental. */
  const reasons: Record<string, RegExp> = {
    'a tampered signature': /signature verification failed/,
    'an expired token': /"exp" \(expiration time\)/,
    'a token issued in the future': /"iat" claim timestamp check failed/,
    'a wrong audience': /"aud" \(audience\)/,
    'a foreign azp among several audiences': /"azp" \(authorized party\)/,
    'a wrong issuer': /"iss" \(issuer\)/,
    'a wrong nonce': /"nonce" claim/,
    'alg none': /"alg" header parameter/,
    'HS256 signed with the client secret': /"alg" \(Algorithm\) Header Parameter value not allowed/,
    'HS256 signed with the public key': /"alg" \(Algorithm\) Header Parameter value not allowed/,
    'an unknown kid': /no applicable key found/,
  };

  it('has a reason for every hostile token', async () => {
    const { issuer } = await fakeIssuer();
    expect(Object.keys(hostileTokens(issuer)).sort()).toEqual(Object.keys(reasons).sort());
  });

  // The issuer also advertises HS256: openid-client would take it, jose's allow-list does not.
  it.each(Object.entries(reasons))('refuses %s', async (name, reason) => {
    const { issuer, signIn } = await setUp(['RS256', 'HS256']);
    const make = hostileTokens(issuer)[name];
    if (!make) throw new Error(name);
    issuer.token = make;
    const error: unknown = await signIn().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(IdentityError);
    // openid-client wraps its finding one level deeper than jose does.
    const cause = (error as Error).cause as Error & { cause?: Error };
    expect(`${cause.message} ${cause.cause?.message ?? ''}`).toMatch(reason);
  });

  it('looks for an unknown kid once more, and follows a key rotation', async () => {
    const { issuer, signIn } = await setUp();
    await expect(signIn()).resolves.toEqual(person);
    const fetched = issuer.jwksFetches;
    issuer.token = hostileTokens(issuer)['an unknown kid'] ?? issuer.token;
    await expect(signIn()).rejects.toBeInstanceOf(IdentityError);
    expect(issuer.jwksFetches).toBeGreaterThan(fetched);

    // The issuer rotates: the new key signs, the old one is still published.
    issuer.token = () => issuer.mint(issuer.claims());
    const old = issuer.published[0] as Key;
    const rotated = await newKey('k2');
    issuer.published = [rotated, old];
    issuer.signing = rotated;
    await expect(signIn()).resolves.toEqual(person);
    issuer.signing = old;
    await expect(signIn()).resolves.toEqual(person);
  });

  it('will not talk to an issuer over plain http unless told to', async () => {
    const provider = oidcProvider({
      issuer: 'http://id.example',
      clientId: FAKE_CLIENT_ID,
      clientSecret: FAKE_CLIENT_SECRET,
      fetch: () => Promise.reject(new Error('no request expected')),
    });
    await expect(
      provider.authorizationUrl({ state: 's', nonce: 'n', redirectUri: REDIRECT }),
    ).rejects.toThrow(/http/i);
  });
});
