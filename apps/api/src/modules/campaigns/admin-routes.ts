import {
  adminCampaignSchema,
  apiErrorSchema,
  CAMPAIGN_IMAGE_MAX_BYTES,
  campaignCreateSchema,
  campaignImageTypes,
  campaignUpdateSchema,
  listQuerySchema,
} from '@stod/domain';
import type { FastifyError } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf, bearer, errorResponses } from '../../plugins/auth.ts';
import { requireRole } from '../../plugins/roles.ts';
import * as service from './service.ts';

const tags = ['admin'];
const operatorOnly = requireRole('operator');
const params = z.object({ id: z.uuid({ error: 'validation.invalid' }) });

/**
 * The picture upload takes the raw bytes (Content-Type image/png, image/jpeg or image/webp) up to
 * 2 MB. It has a scope of its own, so its parsers and its wording of the two refusals (413, 415)
 * touch no other route.
 */
const imageUploadRoutes: FastifyPluginAsyncZod = (app) => {
  const { ctx } = app;
  const raw = { parseAs: 'buffer', bodyLimit: CAMPAIGN_IMAGE_MAX_BYTES } as const;
  // Any other type is read too, so the service answers it with the picture's own 415.
  app.addContentTypeParser([...campaignImageTypes], raw, (_request, body, done) => {
    done(null, body);
  });
  app.addContentTypeParser('*', raw, (_request, body, done) => {
    done(null, body);
  });
  // What Fastify refuses before the handler runs is said the way the service says it; anything
  // else goes on to the API's own error handler.
  app.setErrorHandler((error: FastifyError) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw service.imageTooLarge();
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') throw service.imageTypeRefused();
    throw error;
  });

  app.post(
    '/admin/campaigns/images',
    {
      onRequest: operatorOnly,
      bodyLimit: CAMPAIGN_IMAGE_MAX_BYTES,
      schema: {
        tags,
        summary:
          'Upload a campaign picture (operator): the raw bytes of a PNG, JPEG or WebP, at most 2 MB',
        security: bearer,
        consumes: [...campaignImageTypes],
        response: {
          201: z.object({
            id: z.string(),
            url: z.string(),
            width: z.number().int(),
            height: z.number().int(),
          }),
          ...errorResponses(401, 403, 413),
          415: apiErrorSchema,
        },
      },
    },
    async (request, reply) =>
      reply.status(201).send(
        await service.uploadImage(ctx, {
          contentType: request.headers['content-type'],
          bytes: request.body,
          by: authOf(request).userId,
        }),
      ),
  );
  return Promise.resolve();
};

/** The operator's campaigns: what the app shows, when, and in which order. */
export const campaignAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get(
    '/admin/campaigns',
    {
      onRequest: operatorOnly,
      schema: {
        tags,
        summary: 'Every campaign, newest first, with its state: scheduled, active or ended',
        security: bearer,
        querystring: listQuerySchema,
        response: {
          200: z.object({ items: z.array(adminCampaignSchema), total: z.number().int() }),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    (request) => service.listForOperator(ctx, request.query.offset, request.query.take),
  );

  app.get(
    '/admin/campaigns/:id',
    {
      onRequest: operatorOnly,
      schema: {
        tags,
        summary: 'One campaign, in both languages',
        security: bearer,
        params,
        response: { 200: adminCampaignSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => service.getForOperator(ctx, request.params.id),
  );

  app.post(
    '/admin/campaigns',
    {
      onRequest: operatorOnly,
      schema: {
        tags,
        summary:
          'Create a campaign: title and content in Faroese and English, a picture uploaded before, its window and position',
        security: bearer,
        body: campaignCreateSchema,
        response: { 201: adminCampaignSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.create(ctx, request.body, authOf(request).userId)),
  );

  app.patch(
    '/admin/campaigns/:id',
    {
      onRequest: operatorOnly,
      schema: {
        tags,
        summary: 'Edit a campaign; only the fields given change',
        security: bearer,
        params,
        body: campaignUpdateSchema,
        response: { 200: adminCampaignSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => service.update(ctx, request.params.id, request.body, authOf(request).userId),
  );

  app.post(
    '/admin/campaigns/:id/end',
    {
      onRequest: operatorOnly,
      schema: {
        tags,
        summary:
          'End a running campaign now; an ended one is left as it is, one not yet started answers 409',
        security: bearer,
        params,
        response: { 200: adminCampaignSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    (request) => service.end(ctx, request.params.id, authOf(request).userId),
  );

  app.delete(
    '/admin/campaigns/:id',
    {
      onRequest: operatorOnly,
      schema: {
        tags,
        summary: 'Delete a campaign, and its picture when no other campaign shows it',
        security: bearer,
        params,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await service.remove(ctx, request.params.id, authOf(request).userId);
      return reply.status(204).send(null);
    },
  );

  await app.register(imageUploadRoutes);
};
