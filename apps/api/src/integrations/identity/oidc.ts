import { createHmac } from 'node:crypto';
import { createRemoteJWKSet, customFetch as joseFetch, jwtVerify } from 'jose';
import * as client from 'openid-client';
import { IdentityError, type IdentityProvider } from './port.ts';

/** A Fetch API function: the global fetch, or the app's in-process one for the simulator. */
export type Fetch = (url: string, init?: RequestInit) => Promise<Response>;

/**
 * Only asymmetric signatures: an id_token "signed" with the client secret (HS256) or with
 * the issuer's public key used as an HMAC secret must never pass, whatever discovery says.
 */
const ASYMMETRIC = 'RS256 RS384 RS512 PS256 PS384 PS512 ES256 ES384 ES512 EdDSA Ed25519'.split(' ');

/** Seconds of clock difference tolerated on `exp` and `iat`. */
const CLOCK_TOLERANCE = 30;
/** An id_token older than this is refused: it is meant to be used the moment it is issued. */
const MAX_TOKEN_AGE = '10m';

export interface OidcOptions {
  issuer: string;
  clientId: string;
  clientSecret: string;
  fetch?: Fetch;
  /** Plain http only for the built-in simulator, which is reached in-process. */
  allowInsecure?: boolean;
  /** How soon an id_token with an unknown `kid` may refetch the key set (rotation). */
  jwksCooldownMs?: number;
}

/**
 * The OpenID Connect client for the national identity: openid-client runs discovery and
 * the authorisation-code flow with PKCE, state and nonce, and checks the id_token's claims
 * (iss, aud, azp, exp, iat, nonce); jose checks its signature against the issuer's
 * published keys, refetching them when a new `kid` appears. The same client talks to a
 * real issuer and to the built-in simulator.
 */
export function oidcProvider(options: OidcOptions): IdentityProvider {
  const fetchImpl: Fetch = options.fetch ?? ((url, init) => fetch(url, init));

  let setup:
    | Promise<{
        config: client.Configuration;
        keys: ReturnType<typeof createRemoteJWKSet>;
        algorithms: string[];
      }>
    | undefined;
  const configure = () => {
    setup ??= (async () => {
      const config = await client.discovery(
        new URL(options.issuer),
        options.clientId,
        { client_secret: options.clientSecret, [client.clockTolerance]: CLOCK_TOLERANCE },
        client.ClientSecretPost(options.clientSecret),
        {
          [client.customFetch]: (url, init) => fetchImpl(url, init as RequestInit),
          // Marked deprecated only as a warning sign; the simulator is served over the app's own URL.
          // eslint-disable-next-line @typescript-eslint/no-deprecated
          execute: options.allowInsecure ? [client.allowInsecureRequests] : [],
          timeout: 10,
        },
      );
      const meta = config.serverMetadata();
      if (!meta.jwks_uri) throw new IdentityError('the issuer publishes no keys');
      const keys = createRemoteJWKSet(new URL(meta.jwks_uri), {
        [joseFetch]: (url, init) => fetchImpl(url, init),
        timeoutDuration: 10_000,
        ...(options.jwksCooldownMs === undefined
          ? {}
          : { cooldownDuration: options.jwksCooldownMs }),
      });
      const advertised = meta.id_token_signing_alg_values_supported ?? ['RS256'];
      const algorithms = advertised.filter((alg) => ASYMMETRIC.includes(alg));
      if (algorithms.length === 0) throw new IdentityError('no acceptable id_token algorithm');
      return { config, keys, algorithms };
    })().catch((error: unknown) => {
      setup = undefined;
      throw error;
    });
    return setup;
  };

  /**
   * The PKCE verifier of a sign-in, derived from its random `state` with the client
   * secret: it never leaves the server, and it needs no storage of its own.
   */
  const verifierFor = (state: string) =>
    createHmac('sha256', options.clientSecret).update(`pkce:${state}`).digest('base64url');

  return {
    async authorizationUrl({ state, nonce, redirectUri }) {
      const { config } = await configure();
      return client
        .buildAuthorizationUrl(config, {
          redirect_uri: redirectUri,
          scope: 'openid profile',
          state,
          nonce,
          code_challenge: await client.calculatePKCECodeChallenge(verifierFor(state)),
          code_challenge_method: 'S256',
        })
        .toString();
    },

    async exchange({ code, state, iss, nonce, redirectUri }) {
      const { config, keys, algorithms } = await configure();
      const response = new URL(redirectUri);
      response.searchParams.set('code', code);
      response.searchParams.set('state', state);
      if (iss !== undefined) response.searchParams.set('iss', iss);
      let idToken: string | undefined;
      let claims: client.IDToken | undefined;
      try {
        const tokens = await client.authorizationCodeGrant(config, response, {
          pkceCodeVerifier: verifierFor(state),
          expectedState: state,
          expectedNonce: nonce,
          idTokenExpected: true,
        });
        idToken = tokens.id_token;
        claims = tokens.claims();
      } catch (error) {
        throw new IdentityError('authorisation code refused', { cause: error });
      }
      if (!idToken || !claims) throw new IdentityError('no id_token');
      try {
        await jwtVerify(idToken, keys, {
          algorithms,
          issuer: config.serverMetadata().issuer,
          audience: options.clientId,
          clockTolerance: CLOCK_TOLERANCE,
          maxTokenAge: MAX_TOKEN_AGE,
          requiredClaims: ['sub', 'exp', 'iat'],
        });
      } catch (error) {
        throw new IdentityError('id_token signature refused', { cause: error });
      }
      return { subject: claims.sub, name: typeof claims.name === 'string' ? claims.name : '' };
    },
  };
}
