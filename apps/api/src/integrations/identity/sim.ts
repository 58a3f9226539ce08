import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { simIdentityCodes } from '../../db/schema/index.ts';
import { signHs256 } from '../../lib/jwt.ts';

export const SIM_IDENTITY_PATH = '/api/sim/identity';
export const SIM_CLIENT_ID = 'stod-app';

/** The simulator's test persons: national identity numbers are fictional. */
export const TEST_PERSONS = [
  { subject: 'fo-010190-1234', name: 'Jógvan Joensen' },
  { subject: 'fo-120585-2345', name: 'Guðrun Hansen' },
  { subject: 'fo-300700-3456', name: 'Rógvi Poulsen' },
] as const;

const escape = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${String(c.charCodeAt(0))};`);

function signInPage(params: Record<string, string>) {
  const hidden = Object.entries(params)
    .map(([k, v]) => `<input type="hidden" name="${escape(k)}" value="${escape(v)}">`)
    .join('');
  const people = TEST_PERSONS.map(
    (p) =>
      `<button name="subject" value="${escape(p.subject)}">${escape(p.name)}<small>${escape(p.subject)}</small></button>`,
  ).join('');
  return `<!doctype html><html lang="fo"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Talgildur samleiki</title><style>
body{font-family:system-ui,sans-serif;background:#eef2f5;margin:0;color:#0b1620}main{max-width:420px;margin:0 auto;padding:24px}
form{display:grid;gap:12px}button{min-height:56px;border:1px solid #9aa5ae;border-radius:12px;background:#fff;font-size:17px;font-weight:600;text-align:left;padding:12px 16px;display:grid}
small{font-weight:400;color:#47525c}.cancel{background:transparent;border:0;color:#0b6e69;text-align:center}
</style></head><body><main><h1>Talgildur samleiki</h1>
<p>Samleikasimulatorur · Identity simulator. Vel ein roynd persón · Choose a test person.</p>
<form method="post">${hidden}${people}<button class="cancel" name="subject" value="">Angra · Cancel</button></form></main></body></html>`;
}

/**
 * A small OpenID Connect provider standing in for the national digital identity:
 * discovery, a sign-in page with test persons, and a token endpoint that issues
 * HS256 id_tokens signed with the client secret.
 */
export function registerIdentitySim(app: FastifyInstance, clientSecret: string) {
  const issuer = `${app.config.publicUrl}${SIM_IDENTITY_PATH}`;
  const html = (reply: FastifyReply, body: string, status = 200) =>
    reply
      .status(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(body);

  void app.register(
    (scope, _opts, done) => {
      scope.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string' },
        (_req, body, next) => {
          next(null, Object.fromEntries(new URLSearchParams(body as string)));
        },
      );

      scope.get('/.well-known/openid-configuration', { schema: { hide: true } }, () => ({
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['HS256'],
        token_endpoint_auth_methods_supported: ['client_secret_post'],
      }));

      scope.get<{ Querystring: Record<string, string> }>(
        '/authorize',
        { schema: { hide: true } },
        (request, reply) => {
          const q = request.query;
          if (
            q.response_type !== 'code' ||
            q.client_id !== SIM_CLIENT_ID ||
            !q.redirect_uri ||
            !q.state
          ) {
            return html(reply, '<p>invalid_request</p>', 400);
          }
          return html(
            reply,
            signInPage({
              redirect_uri: q.redirect_uri,
              state: q.state,
              nonce: q.nonce ?? '',
              client_id: q.client_id,
            }),
          );
        },
      );

      scope.post<{ Body: Record<string, string> }>(
        '/authorize',
        { schema: { hide: true } },
        async (request, reply) => {
          const b = request.body;
          const redirect = new URL(b.redirect_uri ?? '');
          redirect.searchParams.set('state', b.state ?? '');
          const person = TEST_PERSONS.find((p) => p.subject === b.subject);
          if (!person) {
            redirect.searchParams.set('error', 'access_denied');
            return reply.redirect(redirect.toString(), 303);
          }
          const code = randomBytes(24).toString('base64url');
          await app.db.insert(simIdentityCodes).values({
            code,
            subject: person.subject,
            name: person.name,
            nonce: b.nonce ?? '',
            clientId: b.client_id ?? '',
            redirectUri: b.redirect_uri ?? '',
            expiresAt: new Date(Date.now() + 5 * 60_000),
          });
          redirect.searchParams.set('code', code);
          return reply.redirect(redirect.toString(), 303);
        },
      );

      scope.post<{ Body: Record<string, string> }>(
        '/token',
        { schema: { hide: true } },
        async (request, reply) => {
          const b = request.body;
          if (
            b.grant_type !== 'authorization_code' ||
            b.client_id !== SIM_CLIENT_ID ||
            b.client_secret !== clientSecret
          ) {
            return reply.status(401).send({ error: 'invalid_client' });
          }
          const [row] = await app.db
            .update(simIdentityCodes)
            .set({ usedAt: sql`now()` })
            .where(
              and(
                eq(simIdentityCodes.code, b.code ?? ''),
                isNull(simIdentityCodes.usedAt),
                gt(simIdentityCodes.expiresAt, sql`now()`),
                eq(simIdentityCodes.redirectUri, b.redirect_uri ?? ''),
              ),
            )
            .returning();
          if (!row) return reply.status(400).send({ error: 'invalid_grant' });
          const now = Math.floor(Date.now() / 1000);
          const idToken = signHs256(
            {
              iss: issuer,
              aud: SIM_CLIENT_ID,
              sub: row.subject,
              name: row.name,
              nonce: row.nonce,
              iat: now,
              exp: now + 300,
            },
            clientSecret,
          );
          return {
            id_token: idToken,
            access_token: randomBytes(16).toString('base64url'),
            token_type: 'Bearer',
            expires_in: 300,
          };
        },
      );
      done();
    },
    { prefix: SIM_IDENTITY_PATH },
  );
  return issuer;
}

/** A fetch that answers from this very app, so the simulator needs no network. */
export function injectFetch(app: FastifyInstance) {
  return async (
    url: string,
    init?: { method?: string; headers?: Record<string, string>; body?: string },
  ) => {
    const target = new URL(url);
    const res = await app.inject({
      method: (init?.method ?? 'GET') as 'GET' | 'POST',
      url: `${target.pathname}${target.search}`,
      headers: init?.headers ?? {},
      ...(init?.body === undefined ? {} : { payload: init.body }),
    });
    return { ok: res.statusCode < 300, json: () => Promise.resolve(res.json<unknown>()) };
  };
}
