import { verifyJwt } from '../../lib/jwt.ts';
import { IdentityError, type IdentityProvider } from './port.ts';

type Fetch = (
  url: string,
  init?: { method?: string; headers?: Record<string, string>; body?: string },
) => Promise<{
  ok: boolean;
  json(): Promise<unknown>;
}>;

interface Discovery {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri?: string;
}

/**
 * An OpenID Connect client: discovery, the authorisation-code flow with
 * client_secret_post, and id_token verification (RS256 through the issuer's
 * keys, or HS256 with the client secret). The same client talks to a real
 * issuer and to the built-in simulator.
 */
export function oidcProvider(options: {
  issuer: string;
  clientId: string;
  clientSecret: string;
  fetch: Fetch;
}): IdentityProvider {
  let discovery: Promise<Discovery> | undefined;
  const discover = () => {
    discovery ??= options
      .fetch(`${options.issuer.replace(/\/$/, '')}/.well-known/openid-configuration`)
      .then(async (res) => {
        if (!res.ok) throw new IdentityError('discovery failed');
        return (await res.json()) as Discovery;
      })
      .catch((error: unknown) => {
        discovery = undefined;
        throw error;
      });
    return discovery;
  };

  return {
    async authorizationUrl({ state, nonce, redirectUri }) {
      const doc = await discover();
      const url = new URL(doc.authorization_endpoint);
      url.search = new URLSearchParams({
        response_type: 'code',
        client_id: options.clientId,
        redirect_uri: redirectUri,
        scope: 'openid profile',
        state,
        nonce,
      }).toString();
      return url.toString();
    },

    async exchange({ code, nonce, redirectUri }) {
      const doc = await discover();
      const res = await options.fetch(doc.token_endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          redirect_uri: redirectUri,
          client_id: options.clientId,
          client_secret: options.clientSecret,
        }).toString(),
      });
      if (!res.ok) throw new IdentityError('token exchange refused');
      const tokens = (await res.json()) as { id_token?: string };
      if (!tokens.id_token) throw new IdentityError('no id_token');
      let keys;
      if (doc.jwks_uri) {
        const jwks = await options.fetch(doc.jwks_uri);
        keys = jwks.ok ? ((await jwks.json()) as { keys: [] }).keys : undefined;
      }
      const claims = verifyJwt(tokens.id_token, {
        secret: options.clientSecret,
        keys,
        issuer: doc.issuer,
        audience: options.clientId,
        nonce,
      });
      if (!claims || typeof claims.sub !== 'string') throw new IdentityError('id_token rejected');
      return { subject: claims.sub, name: typeof claims.name === 'string' ? claims.name : '' };
    },
  };
}
