import type { Locale } from '@stod/domain';
import fp from 'fastify-plugin';
import type { Auth, ServiceContext } from '../platform/context.ts';
import type { TlsEndpoint } from '../platform/tls-endpoint.ts';
import type { AuditChange } from './audit-change.ts';

export type { Auth };

declare module 'fastify' {
  interface FastifyInstance {
    /** The service context, built once by buildApp; a route hands it to the services. */
    ctx: ServiceContext;
    /** The device endpoints with TLS (`OCPP_TLS_PORT`), when the API holds a certificate. */
    tlsEndpoint: TlsEndpoint | null;
  }
  interface FastifyRequest {
    /** The same context as the app's, for hooks that have only the request. */
    ctx: ServiceContext;
    locale: Locale;
    auth: Auth | null;
    /** What a staff action changed, before and after, for the audit log (audit-change.ts). */
    auditChange: AuditChange | null;
    /** A staff action's answer, as sent, kept for the audit log when the route told no after. */
    auditAnswer: string | null;
    /** Who a bearer token speaks for (modules/auth, handed in by buildApp), or null. */
    authenticate(token: string): Promise<Auth | null>;
  }
}

/**
 * Hands the service context to every route: `app.ctx`, and `request.ctx` for hooks that have only
 * the request; and how a token is authenticated, which the auth hooks use without knowing the
 * module that decides it. Not encapsulated, so every plugin registered after it sees the same context.
 */
export const contextPlugin = fp<{
  ctx: ServiceContext;
  authenticate: (token: string) => Promise<Auth | null>;
}>(
  (app, { ctx, authenticate }, done) => {
    app.decorate('ctx', ctx);
    app.decorateRequest('ctx', { getter: () => ctx });
    app.decorateRequest('authenticate', { getter: () => authenticate });
    done();
  },
  { name: 'stod-context', fastify: '5.x' },
);
