import type { Locale } from '@stod/domain';
import fp from 'fastify-plugin';
import type { StaffRole } from '../db/schema/users.ts';
import type { ServiceContext } from '../platform/context.ts';

export interface Auth {
  userId: string;
  sessionId: string;
  /** Staff have a role; a customer has none. */
  role: StaffRole | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The service context, built once by buildApp; a route hands it to the services. */
    ctx: ServiceContext;
  }
  interface FastifyRequest {
    /** The same context as the app's, for hooks that have only the request. */
    ctx: ServiceContext;
    locale: Locale;
    auth: Auth | null;
  }
}

/**
 * Hands the service context to every route: `app.ctx`, and `request.ctx` for hooks that have only
 * the request. Not encapsulated, so every plugin registered after it sees the same context.
 */
export const contextPlugin = fp<{ ctx: ServiceContext }>(
  (app, { ctx }, done) => {
    app.decorate('ctx', ctx);
    app.decorateRequest('ctx', { getter: () => ctx });
    done();
  },
  { name: 'stod-context', fastify: '5.x' },
);
