import {
  deviceTokenSchema,
  pushDeviceSchema,
  pushPreferencesPatchSchema,
  pushPreferencesSchema,
} from '@stod/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf, bearer, errorResponses, requireAuth } from '../../plugins/auth.ts';
import * as service from './service.ts';

const tags = ['push notifications'];

/** Spec §7 "Push notifications": the device token, and the user's switches for each kind. */
export const notificationRoutes: FastifyPluginAsyncZod = (app) => {
  const { ctx } = app;
  app.post(
    '/push-notifications/tokens',
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary:
          "Register this device's push token for the session; a repeat for the device replaces it",
        security: bearer,
        body: deviceTokenSchema,
        response: { 201: pushDeviceSchema, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.registerToken(ctx, authOf(request), request.body)),
  );

  app.get(
    '/push-notifications/tokens',
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary: "The user's devices that receive push notifications",
        security: bearer,
        response: { 200: z.object({ items: z.array(pushDeviceSchema) }), ...errorResponses(401) },
      },
    },
    async (request) => ({ items: await service.devicesOf(ctx, authOf(request).userId) }),
  );

  app.delete(
    '/push-notifications/tokens/:id',
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary: "Remove one of the user's devices: it receives no more push notifications",
        security: bearer,
        params: z.object({ id: z.uuid({ error: 'validation.invalid' }) }),
        response: { 204: z.null(), ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      await service.removeToken(ctx, authOf(request).userId, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/push-notifications/preferences',
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary: 'Which kinds of message the user receives (offers are off until chosen)',
        security: bearer,
        response: { 200: pushPreferencesSchema, ...errorResponses(401) },
      },
    },
    (request) => service.getPreferences(ctx, authOf(request).userId),
  );

  app.patch(
    '/push-notifications/preferences',
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary: 'Switch kinds of message on or off; the answer is every switch',
        security: bearer,
        body: pushPreferencesPatchSchema,
        response: { 200: pushPreferencesSchema, ...errorResponses(400, 401) },
      },
    },
    (request) => service.setPreferences(ctx, authOf(request).userId, request.body),
  );

  app.get(
    '/push-notifications/web-key',
    {
      schema: {
        tags,
        summary: "The server's VAPID public key, for the browser's PushManager.subscribe",
        response: { 200: z.object({ publicKey: z.string().nullable() }) },
      },
    },
    async () => ({ publicKey: await ctx.push.webPublicKey() }),
  );
  return Promise.resolve();
};
export { notificationDevRoutes } from './dev-routes.ts';
