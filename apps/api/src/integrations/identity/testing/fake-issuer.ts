import { createHash } from 'node:crypto';
import {
  exportJWK,
  exportSPKI,
  generateKeyPair,
  SignJWT,
  type CryptoKey,
  type JWK,
  type JWTPayload,
} from 'jose';
import type { Fetch } from '../oidc.ts';

export const FAKE_ISSUER = 'https://id.example';
export const FAKE_CLIENT_ID = 'stod-app';
export const FAKE_CLIENT_SECRET = 'client-secret-of-the-app-0123456789';

export interface Key {
  kid: string;
  privateKey: CryptoKey;
  publicKey: CryptoKey;
  jwk: JWK;
}

export async function newKey(kid: string): Promise<Key> {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  return {
    kid,
    privateKey,
    publicKey,
    jwk: { ...(await exportJWK(publicKey)), kid, alg: 'RS256' },
  };
}

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const now = () => Math.floor(Date.now() / 1000);

/**
 * An OpenID provider under a test's control, reached through its `fetch`: it publishes
 * `published`, checks PKCE and the client secret at its token endpoint, and answers the
 * id_token that `token` makes. `expect` reads the challenge and nonce from an
 * authorisation URL, as the real provider would.
 */
export async function fakeIssuer(algorithms = ['RS256']) {
  const first = await newKey('k1');
  const issuer = {
    signing: first,
    published: [first],
    jwksFetches: 0,
    challenge: '',
    nonce: '',
    expect(authorizationUrl: string) {
      const url = new URL(authorizationUrl);
      issuer.challenge = url.searchParams.get('code_challenge') ?? '';
      issuer.nonce = url.searchParams.get('nonce') ?? '';
    },
    claims: (): JWTPayload => ({
      iss: FAKE_ISSUER,
      aud: FAKE_CLIENT_ID,
      sub: 'fo-010190-1234',
      name: 'Jógvan Joensen',
      nonce: issuer.nonce,
      iat: now(),
      exp: now() + 300,
    }),
    /** Signs with the current signing key and its `kid`. */
    mint: (claims: JWTPayload): Promise<string> =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: 'RS256', kid: issuer.signing.kid })
        .sign(issuer.signing.privateKey),
    token: (): Promise<string> => issuer.mint(issuer.claims()),
  };

  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  const fetch: Fetch = async (url, init) => {
    const { pathname } = new URL(url);
    if (pathname === '/.well-known/openid-configuration')
      return json({
        issuer: FAKE_ISSUER,
        authorization_endpoint: `${FAKE_ISSUER}/authorize`,
        token_endpoint: `${FAKE_ISSUER}/token`,
        jwks_uri: `${FAKE_ISSUER}/jwks`,
        id_token_signing_alg_values_supported: algorithms,
        code_challenge_methods_supported: ['S256'],
      });
    if (pathname === '/jwks') {
      issuer.jwksFetches += 1;
      return json({ keys: issuer.published.map((k) => k.jwk) });
    }
    const form = new URLSearchParams(typeof init?.body === 'string' ? init.body : '');
    if (init?.body instanceof URLSearchParams) for (const [k, v] of init.body) form.set(k, v);
    const verifier = form.get('code_verifier') ?? '';
    if (createHash('sha256').update(verifier).digest('base64url') !== issuer.challenge)
      return json({ error: 'invalid_grant' }, 400);
    if (form.get('client_secret') !== FAKE_CLIENT_SECRET)
      return json({ error: 'invalid_client' }, 401);
    return json({ access_token: 'at', token_type: 'Bearer', id_token: await issuer.token() });
  };
  return { issuer, fetch };
}

export type FakeIssuer = Awaited<ReturnType<typeof fakeIssuer>>['issuer'];

/**
 * The hostile id_tokens every client must refuse, by name. Each keeps everything else
 * right, so the one fault is what gets it refused.
 */
export function hostileTokens(issuer: FakeIssuer): Record<string, () => Promise<string>> {
  const unsigned = (claims: JWTPayload) => `${b64({ alg: 'none' })}.${b64(claims)}.`;
  return {
    'a tampered signature': async () => {
      const [head, , sig] = (await issuer.mint(issuer.claims())).split('.');
      const forged = { ...issuer.claims(), sub: 'fo-300700-3456' };
      return `${head ?? ''}.${b64(forged)}.${sig ?? ''}`;
    },
    'an expired token': () =>
      issuer.mint({ ...issuer.claims(), iat: now() - 900, exp: now() - 120 }),
    'a token issued in the future': () =>
      issuer.mint({ ...issuer.claims(), iat: now() + 600, exp: now() + 900 }),
    'a wrong audience': () => issuer.mint({ ...issuer.claims(), aud: 'another-app' }),
    'a foreign azp among several audiences': () =>
      issuer.mint({
        ...issuer.claims(),
        aud: [FAKE_CLIENT_ID, 'another-app'],
        azp: 'another-app',
      }),
    'a wrong issuer': () => issuer.mint({ ...issuer.claims(), iss: 'https://evil.example' }),
    'a wrong nonce': () => issuer.mint({ ...issuer.claims(), nonce: 'someone-elses-nonce' }),
    'alg none': () => Promise.resolve(unsigned(issuer.claims())),
    'HS256 signed with the client secret': () =>
      new SignJWT(issuer.claims())
        .setProtectedHeader({ alg: 'HS256' })
        .sign(new TextEncoder().encode(FAKE_CLIENT_SECRET)),
    'HS256 signed with the public key': async () =>
      new SignJWT(issuer.claims())
        .setProtectedHeader({ alg: 'HS256', kid: issuer.signing.kid })
        .sign(new TextEncoder().encode(await exportSPKI(issuer.signing.publicKey))),
    'an unknown kid': async () => {
      const stranger = await newKey('ghost');
      return new SignJWT(issuer.claims())
        .setProtectedHeader({ alg: 'RS256', kid: stranger.kid })
        .sign(stranger.privateKey);
    },
  };
}
