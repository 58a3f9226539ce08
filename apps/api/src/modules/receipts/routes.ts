import { listQuerySchema, receiptListSchema, receiptSchema } from '@stod/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf, bearer, errorResponses, requireAuth } from '../../plugins/auth.ts';
import * as service from './service.ts';

const guarded = { onRequest: requireAuth } as const;
const idParams = z.object({ id: z.uuid({ error: 'validation.invalid' }) });
const tags = ['receipts'];

export const receiptRoutes: FastifyPluginAsyncZod = (app) => {
  const { ctx } = app;
  app.get(
    '/receipts',
    {
      ...guarded,
      schema: {
        tags,
        summary: "The user's receipts, newest first",
        security: bearer,
        querystring: listQuerySchema,
        response: { 200: receiptListSchema, ...errorResponses(400, 401) },
      },
    },
    (request) =>
      service.list(ctx, authOf(request).userId, request.query.offset, request.query.take),
  );

  app.get(
    '/receipts/:id',
    {
      ...guarded,
      schema: {
        tags,
        summary: 'One receipt',
        security: bearer,
        params: idParams,
        response: { 200: receiptSchema, ...errorResponses(400, 401, 404) },
      },
    },
    (request) => service.getOne(ctx, authOf(request).userId, request.params.id),
  );

  app.get(
    '/receipts/:id/pdf',
    {
      ...guarded,
      schema: {
        tags,
        summary: 'The receipt as PDF, in the language of Accept-Language',
        security: bearer,
        params: idParams,
        response: {
          200: z.any().describe('application/pdf'),
          304: z.null().describe('Not modified (If-None-Match)'),
          ...errorResponses(400, 401, 404, 429, 503),
        },
      },
    },
    async (request, reply) => {
      const pdf = await service.pdf(ctx, authOf(request).userId, request.params.id, request.locale);
      // Personal data: never stored by a cache. The ETag still spares a repeat download.
      void reply
        .header('cache-control', 'private, no-store')
        .header('vary', 'accept-language')
        .header('etag', pdf.etag);
      if (request.headers['if-none-match'] === pdf.etag) return reply.status(304).send(null);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="kvittan-${request.params.id}.pdf"`)
        .send(pdf.body);
    },
  );
  return Promise.resolve();
};
