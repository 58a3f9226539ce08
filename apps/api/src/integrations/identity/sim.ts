import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { simIdentityCodes } from '../../db/schema/index.ts';
import { safeEqual } from '../../lib/secrets.ts';
import { MAX_CODE, MAX_NONCE, MAX_STATE, MAX_URI, protocolParam } from './params.ts';
import { SimKeyRing } from './sim-keys.ts';
import { signInPage } from './sim-page.ts';
import { TEST_PERSONS } from './sim-persons.ts';

export { TEST_PERSONS } from './sim-persons.ts';
export const SIM_IDENTITY_PATH = '/api/sim/identity';
export const SIM_CLIENT_ID = 'stod-app';

/** PKCE values: 43 to 128 unreserved characters (RFC 7636, 4.1); an S256 challenge is 43. */
const PKCE_VERIFIER = /^[A-Za-z0-9._~-]{43,128}$/;
const PKCE_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

/**
 * One value of a form or query: repeated, missing, non-string, over-long or
 * control-character values all count as absent.
 */
function field(source: unknown, name: string, maxLength: number): string | undefined {
  if (source instanceof URLSearchParams) {
    const values = source.getAll(name);
    return values.length === 1 ? protocolParam(values[0], maxLength) : undefined;
  }
  if (typeof source !== 'object' || source === null) return undefined;
  return protocolParam((source as Record<string, unknown>)[name], maxLength);
}

/**
 * A small OpenID Connect provider standing in for the national digital identity:
 * discovery, a published key set, a sign-in page with test persons, and a token
 * endpoint that checks PKCE and issues RS256 id_tokens. It answers 400 to any
 * malformed request, whatever its body or query.
 */
export function registerIdentitySim(app: FastifyInstance, clientSecret: string) {
  const issuer = `${app.ctx.config.publicUrl}${SIM_IDENTITY_PATH}`;
  // The one redirect URI registered for the app's client: anything else would be an open redirect.
  const redirectUri = `${app.ctx.config.publicUrl}/api/identity/callback`;
  const keys = new SimKeyRing();
  const html = (reply: FastifyReply, body: string, status = 200) =>
    reply
      .status(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(body);
  const oauthError = (reply: FastifyReply, status: number, error: string) =>
    reply.status(status).header('cache-control', 'no-store').send({ error });

  /** Checks an authorisation request, from the query (GET) or the sign-in form (POST). */
  const authorizationRequest = (source: unknown) => {
    const request = {
      client_id: field(source, 'client_id', 64),
      redirect_uri: field(source, 'redirect_uri', MAX_URI),
      state: field(source, 'state', MAX_STATE),
      nonce: field(source, 'nonce', MAX_NONCE),
      code_challenge: field(source, 'code_challenge', 43),
    };
    const { client_id, redirect_uri, state, nonce, code_challenge } = request;
    if (client_id !== SIM_CLIENT_ID || redirect_uri !== redirectUri || !state || !nonce)
      return undefined;
    if (!code_challenge || !PKCE_CHALLENGE.test(code_challenge)) return undefined;
    return { client_id, redirect_uri, state, nonce, code_challenge };
  };

  void app.register(
    (scope, _opts, done) => {
      // Only forms reach the handlers; any other body arrives as nothing and is refused there.
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string' },
        (_req, body, next) => {
          next(null, new URLSearchParams(body as string));
        },
      );
      scope.addContentTypeParser('*', (_req, _payload, next) => {
        next(null, undefined);
      });

      scope.get('/.well-known/openid-configuration', { schema: { hide: true } }, () => ({
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ['code'],
        grant_types_supported: ['authorization_code'],
        subject_types_supported: ['public'],
        scopes_supported: ['openid', 'profile'],
        id_token_signing_alg_values_supported: [keys.algorithm],
        token_endpoint_auth_methods_supported: ['client_secret_post'],
        code_challenge_methods_supported: ['S256'],
      }));

      scope.get('/jwks', { schema: { hide: true } }, () => keys.jwks());

      scope.get(
        '/authorize',
        { schema: { hide: true }, config: { ownInputRules: true } },
        (request, reply) => {
          const q = authorizationRequest(request.query);
          if (field(request.query, 'response_type', 16) !== 'code' || !q)
            return html(reply, '<p>invalid_request</p>', 400);
          if (field(request.query, 'code_challenge_method', 8) !== 'S256')
            return html(reply, '<p>invalid_request</p>', 400);
          return html(reply, signInPage(q));
        },
      );

      scope.post(
        '/authorize',
        { schema: { hide: true }, config: { ownInputRules: true } },
        async (request, reply) => {
          const q = authorizationRequest(request.body);
          if (!q) return html(reply, '<p>invalid_request</p>', 400);
          const redirect = new URL(q.redirect_uri);
          redirect.searchParams.set('state', q.state);
          const subject = field(request.body, 'subject', 64);
          const person = TEST_PERSONS.find((p) => p.subject === subject);
          if (!person) {
            redirect.searchParams.set('error', 'access_denied');
            return reply.redirect(redirect.toString(), 303);
          }
          // The code carries its PKCE challenge, so the token endpoint can check the verifier.
          const code = `${randomBytes(24).toString('base64url')}.${q.code_challenge}`;
          await app.ctx.db.insert(simIdentityCodes).values({
            code,
            subject: person.subject,
            name: person.name,
            nonce: q.nonce,
            clientId: q.client_id,
            redirectUri: q.redirect_uri,
            expiresAt: new Date(Date.now() + 5 * 60_000),
          });
          redirect.searchParams.set('code', code);
          return reply.redirect(redirect.toString(), 303);
        },
      );

      scope.post(
        '/token',
        { schema: { hide: true }, config: { ownInputRules: true } },
        async (request, reply) => {
          const b = request.body;
          const grantType = field(b, 'grant_type', 64);
          const clientId = field(b, 'client_id', 64);
          const secret = field(b, 'client_secret', 256);
          if (!grantType || !clientId || !secret) return oauthError(reply, 400, 'invalid_request');
          if (clientId !== SIM_CLIENT_ID || !safeEqual(secret, clientSecret))
            return oauthError(reply, 401, 'invalid_client');
          if (grantType !== 'authorization_code')
            return oauthError(reply, 400, 'unsupported_grant_type');
          const code = field(b, 'code', MAX_CODE);
          const uri = field(b, 'redirect_uri', MAX_URI);
          const verifier = field(b, 'code_verifier', 128);
          if (!code || !uri || !verifier || !PKCE_VERIFIER.test(verifier))
            return oauthError(reply, 400, 'invalid_request');
          const challenge = createHash('sha256').update(verifier).digest('base64url');
          if (!code.endsWith(`.${challenge}`)) return oauthError(reply, 400, 'invalid_grant');
          const [row] = await app.ctx.db
            .update(simIdentityCodes)
            .set({ usedAt: sql`now()` })
            .where(
              and(
                eq(simIdentityCodes.code, code),
                isNull(simIdentityCodes.usedAt),
                gt(simIdentityCodes.expiresAt, sql`now()`),
                eq(simIdentityCodes.clientId, clientId),
                eq(simIdentityCodes.redirectUri, uri),
              ),
            )
            .returning();
          if (!row) return oauthError(reply, 400, 'invalid_grant');
          const now = Math.floor(Date.now() / 1000);
          const idToken = await keys.sign({
            iss: issuer,
            aud: SIM_CLIENT_ID,
            sub: row.subject,
            name: row.name,
            nonce: row.nonce,
            iat: now,
            auth_time: now,
            exp: now + 300,
          });
          return reply.header('cache-control', 'no-store').send({
            id_token: idToken,
            access_token: randomBytes(16).toString('base64url'),
            token_type: 'Bearer',
            expires_in: 300,
          });
        },
      );
      done();
    },
    { prefix: SIM_IDENTITY_PATH },
  );
  return { issuer, keys };
}

/**
 * A Fetch API function that answers from this very app, so the simulator needs no
 * network; openid-client and jose take it as their custom fetch.
 */
export function injectFetch(app: FastifyInstance) {
  return async (url: string, init?: RequestInit): Promise<Response> => {
    const target = new URL(url);
    const body = init?.body;
    const res = await app.inject({
      method: (init?.method ?? 'GET') as 'GET' | 'POST',
      url: `${target.pathname}${target.search}`,
      headers: Object.fromEntries(new Headers(init?.headers).entries()),
      ...(typeof body === 'string' || body instanceof URLSearchParams
        ? { payload: body.toString() }
        : {}),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(res.headers)) {
      for (const one of [value].flat()) if (one !== undefined) headers.append(name, String(one));
    }
    return new Response(res.statusCode === 204 ? null : new Uint8Array(res.rawPayload), {
      status: res.statusCode,
      headers,
    });
  };
}
