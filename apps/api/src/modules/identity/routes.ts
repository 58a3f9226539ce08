import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cardSessionStartSchema } from '@stod/domain';
import { authOf, bearer, errorResponses, requireAuth } from '../../plugins/auth.ts';
import * as service from './service.ts';

export const identityRoutes: FastifyPluginAsyncZod = (app) => {
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
        .send(await service.start(app, authOf(request).userId, request.body.returnPath)),
  );

  app.get(
    '/identity/callback',
    {
      schema: {
        tags: ['identity'],
        summary: 'Where the identity provider returns the browser',
        querystring: z.object({
          state: z.string().max(200).optional(),
          code: z.string().max(500).optional(),
          error: z.string().max(200).optional(),
        }),
      },
    },
    async (request, reply) => reply.redirect(await service.callback(app, request.query), 303),
  );
  return Promise.resolve();
};
