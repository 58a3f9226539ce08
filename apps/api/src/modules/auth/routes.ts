import {
  forgotPasswordSchema,
  resetPasswordSchema,
  signInResponseSchema,
  signInSchema,
} from '@stod/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf, bearer, errorResponses, requireAuth } from '../../plugins/auth.ts';
import { settle } from './background.ts';
import * as service from './service.ts';

export const authRoutes: FastifyPluginAsyncZod = (app) => {
  const { ctx } = app;
  // Reset mails still being sent when the app stops get a moment to finish.
  app.addHook('onClose', () => settle(ctx, 5000));

  app.post(
    '/auth/signIn',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with e-mail and password',
        body: signInSchema,
        response: { 200: signInResponseSchema, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      const token = await service.signIn(ctx, request.body, {
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
      });
      // A token is a secret: no cache may keep the answer that carries it.
      void reply.header('cache-control', 'no-store');
      return { access_token: token };
    },
  );

  app.post(
    '/auth/signOut',
    {
      onRequest: requireAuth,
      schema: {
        tags: ['auth'],
        summary: 'Revoke the token of this request',
        security: bearer,
        response: { 204: z.null(), ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      await service.signOut(ctx, authOf(request));
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/user/forgotPassword',
    {
      schema: {
        tags: ['auth'],
        summary: 'E-mail a one-time password reset link; 204 for any address, known or not',
        body: forgotPasswordSchema,
        response: { 204: z.null(), ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      await service.requestPasswordReset(ctx, request.body.email, request.ip);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/user/reset-password',
    {
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with the token of a reset link',
        body: resetPasswordSchema,
        response: { 204: z.null(), ...errorResponses(400, 422) },
      },
    },
    async (request, reply) => {
      await service.resetPassword(ctx, request.body);
      return reply.status(204).send(null);
    },
  );
  return Promise.resolve();
};
