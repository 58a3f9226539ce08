import { activeCampaignsSchema } from '@stod/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearer, errorResponses, requireAuth } from '../../plugins/auth.ts';
import { campaignAdminRoutes } from './admin-routes.ts';
import * as service from './service.ts';

const tags = ['campaigns'];

/** If-None-Match holds this tag, or `*` (a weak match is enough for a GET, RFC 9110 13.1.2). */
function holds(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag);
}

/** The app's campaigns (spec §4) and their pictures, and the operator's routes. */
export const campaignRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get(
    '/campaigns/active',
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary:
          'The campaigns shown now, in the order the app opens them, in the language asked for',
        security: bearer,
        response: { 200: activeCampaignsSchema, ...errorResponses(401) },
      },
    },
    (request) => service.listActive(ctx, request.locale),
  );

  app.get(
    '/campaigns/images/:id',
    {
      schema: {
        tags,
        summary:
          "A campaign's picture. Its id changes with the picture, so it is cached for good (ETag: its sha256)",
        params: z.object({ id: z.uuid({ error: 'validation.invalid' }) }),
        response: {
          200: z.any().describe('image/png, image/jpeg or image/webp'),
          304: z.null().describe('Not modified (If-None-Match)'),
          ...errorResponses(400, 404),
        },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const head = await service.findImage(ctx, id);
      const etag = `"${head.sha256}"`;
      void reply
        .header('etag', etag)
        .header('cache-control', 'public, max-age=31536000, immutable')
        // The native shells load the app from their own origin; helmet's same-origin would block it.
        .header('cross-origin-resource-policy', 'cross-origin');
      if (holds(request.headers['if-none-match'], etag)) return reply.status(304).send(null);
      const bytes = await service.readImage(ctx, id, head);
      return reply.type(head.contentType).send(bytes);
    },
  );

  await app.register(campaignAdminRoutes);
};
