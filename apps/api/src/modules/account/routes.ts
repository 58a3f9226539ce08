import {
  currentUserSchema,
  deleteAccountSchema,
  emailChangeRequestSchema,
  emailChangeSchema,
  localeSchema,
  passwordChangeSchema,
  profileUpdateSchema,
  registerSchema,
  signInResponseSchema,
} from '@stod/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf, bearer, errorResponses, requireAuth } from '../../plugins/auth.ts';
import * as service from './service.ts';

const guarded = { onRequest: requireAuth } as const;
const noContent = z.null();

export const accountRoutes: FastifyPluginAsyncZod = (app) => {
  const { ctx } = app;
  app.get(
    '/user/v2',
    {
      ...guarded,
      schema: {
        tags: ['user'],
        summary: 'The signed-in user',
        security: bearer,
        response: { 200: currentUserSchema, ...errorResponses(401) },
      },
    },
    (request) => service.currentUserById(ctx, authOf(request).userId, request.locale),
  );

  app.post(
    '/user',
    {
      schema: {
        tags: ['user'],
        summary: 'Register; answers with a token for the new account',
        body: registerSchema,
        response: { 201: signInResponseSchema, ...errorResponses(400, 409) },
      },
    },
    async (request, reply) => {
      const token = await service.register(ctx, request.body, {
        userAgent: request.headers['user-agent'] ?? null,
        locale: request.locale,
      });
      return reply.status(201).header('cache-control', 'no-store').send({ access_token: token });
    },
  );

  app.patch(
    '/user',
    {
      ...guarded,
      schema: {
        tags: ['user'],
        summary: 'Update the profile',
        security: bearer,
        body: profileUpdateSchema,
        response: { 200: currentUserSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) =>
      service.currentUser(
        ctx,
        await service.updateProfile(ctx, authOf(request).userId, request.body),
        request.locale,
      ),
  );

  app.delete(
    '/user',
    {
      ...guarded,
      schema: {
        tags: ['user'],
        summary:
          'Delete the account after checking the password: revoke every token and strip personal data',
        security: bearer,
        body: deleteAccountSchema,
        response: { 204: noContent, ...errorResponses(400, 401, 422, 429) },
      },
    },
    async (request, reply) => {
      await service.deleteAccount(ctx, authOf(request).userId, request.body.password);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/user/updatePassword',
    {
      ...guarded,
      schema: {
        tags: ['user'],
        summary: 'Change the password; other sessions are signed out',
        security: bearer,
        body: passwordChangeSchema,
        response: { 204: noContent, ...errorResponses(400, 401, 422, 429) },
      },
    },
    async (request, reply) => {
      await service.changePassword(ctx, authOf(request), request.body);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/user/request-update-email',
    {
      ...guarded,
      schema: {
        tags: ['user'],
        summary: 'E-mail a 4-character code to the new address',
        security: bearer,
        body: emailChangeRequestSchema,
        response: { 204: noContent, ...errorResponses(400, 401, 409, 429) },
      },
    },
    async (request, reply) => {
      await service.requestEmailChange(ctx, authOf(request).userId, request.body.email);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/user/update-email',
    {
      ...guarded,
      schema: {
        tags: ['user'],
        summary: 'Confirm the new e-mail address with its code',
        security: bearer,
        body: emailChangeSchema,
        response: { 200: currentUserSchema, ...errorResponses(400, 401, 409, 422, 429) },
      },
    },
    async (request) =>
      service.currentUser(
        ctx,
        await service.confirmEmailChange(ctx, authOf(request).userId, request.body),
        request.locale,
      ),
  );

  app.put(
    '/user/locale',
    {
      ...guarded,
      schema: {
        tags: ['user'],
        summary: 'Save the language for messages and e-mail',
        security: bearer,
        body: z.strictObject({ locale: localeSchema }),
        response: { 204: noContent, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      await service.setLocale(ctx, authOf(request).userId, request.body.locale);
      return reply.status(204).send(null);
    },
  );
  return Promise.resolve();
};
