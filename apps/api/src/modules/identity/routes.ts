import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cardSessionStartSchema } from '@stod/domain';
import { authOf, bearer, errorResponses, requireAuth } from '../../plugins/auth.ts';
import * as service from './service.ts';

export const identityRoutes: FastifyPluginAsyncZod = (app) => {
  const { ctx } = app;
  app.post(
    '/identity/verifications',
    {
      onRequest: requireAuth,
      schema: {
        tags: ['identity'],
        summary: 'Start a national digital identity sign-in; answers the URL to open',
        security: bearer,
        body: cardSessionStartSchema.pick({ returnPath: true }),
        response: {
          201: z.object({ id: z.string(), url: z.string() }),
          ...errorResponses(400, 401, 503),
        },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await service.start(ctx, authOf(request).userId, request.body.returnPath)),
  );

  app.get(
    '/identity/callback',
    {
      // The browser always gets the redirect; the service bounds and checks each value itself.
      config: { ownInputRules: true },
      schema: {
        tags: ['identity'],
        summary: 'Where the identity provider returns the browser',
        // Loose on purpose: the browser gets a redirect to the app's outcome screen, never a
        // 400 page; the service bounds and checks each value itself.
        querystring: z.object({
          state: z.unknown().optional().describe('The state the sign-in started with'),
          code: z.unknown().optional().describe('The authorisation code'),
          iss: z.unknown().optional().describe('The issuer of the response (RFC 9207)'),
          error: z.unknown().optional().describe('Set when the sign-in did not complete'),
        }),
      },
    },
    async (request, reply) => reply.redirect(await service.callback(ctx, request.query), 303),
  );
  return Promise.resolve();
};
