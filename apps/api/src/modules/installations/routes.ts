import {
  earningsSchema,
  installationChargeListSchema,
  installationUserListSchema,
  installationUserSchema,
  invitationAnswerSchema,
  invitationCreateSchema,
  invitationListSchema,
  invitationSchema,
  monthField,
  pageQueryShape,
  shareLimitsPatchSchema,
  userInstallationListSchema,
  userInstallationSchema,
} from '@stod/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf, bearer, errorResponses, requireAuth } from '../../plugins/auth.ts';
import { closeMonth, earnings, statementPdf } from './earnings.ts';
import * as invitations from './invitations.ts';
import * as service from './service.ts';

const tags = ['installations'];
const uuid = z.uuid({ error: 'validation.invalid' });
const idParams = z.object({ id: uuid });
const monthQuery = z.object({ month: monthField.optional() });

/** Spec §7 "User" and "Installations": the user's own and shared installations, and sharing. */
export const installationRoutes: FastifyPluginAsyncZod = (app) => {
  const { ctx } = app;
  const common = { onRequest: requireAuth, schema: { tags, security: bearer } } as const;
  const userOf = (request: Parameters<typeof authOf>[0]) => authOf(request).userId;

  app.get(
    '/user/installations',
    {
      ...common,
      schema: {
        ...common.schema,
        summary: 'The installations the user owns (first) or that are shared with the user',
        response: { 200: userInstallationListSchema, ...errorResponses(401) },
      },
    },
    (request) => service.listUserInstallations(ctx, userOf(request)),
  );

  app.get(
    '/user/installations/:id',
    {
      ...common,
      schema: {
        ...common.schema,
        summary: 'One installation the user owns or that is shared with the user',
        params: idParams,
        response: { 200: userInstallationSchema, ...errorResponses(400, 401, 404) },
      },
    },
    (request) => service.getUserInstallation(ctx, userOf(request), request.params.id),
  );

  app.patch(
    '/installations/:id/toggle-public',
    {
      ...common,
      schema: {
        ...common.schema,
        summary: 'The owner opens the installation to the public, or closes it',
        params: idParams,
        response: { 200: userInstallationSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => service.togglePublic(ctx, userOf(request), request.params.id),
  );

  app.get(
    '/installations/:id/users',
    {
      ...common,
      schema: {
        ...common.schema,
        summary: 'The owner: the users with access, their limits and this month’s use',
        params: idParams,
        response: { 200: installationUserListSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => service.listUsers(ctx, userOf(request), request.params.id),
  );

  app.patch(
    '/installations/users/:id',
    {
      ...common,
      schema: {
        ...common.schema,
        summary: 'The owner sets a share’s end date, monthly kWh cap and price per kWh (øre)',
        params: idParams,
        body: shareLimitsPatchSchema,
        response: { 200: installationUserSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => service.patchShare(ctx, userOf(request), request.params.id, request.body),
  );

  app.delete(
    '/installations/users/:id',
    {
      ...common,
      schema: {
        ...common.schema,
        summary:
          'The owner removes a user’s access (or the user leaves); a running charge finishes',
        params: idParams,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await service.removeShare(ctx, userOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/installations/:id/users/:userId/charges',
    {
      ...common,
      schema: {
        ...common.schema,
        summary:
          'Charges at the installation, newest first: the owner reads any user’s, and everyone’s with their own id; others only their own',
        params: z.object({ id: uuid, userId: uuid }),
        querystring: z.object(pageQueryShape),
        response: { 200: installationChargeListSchema, ...errorResponses(400, 401, 404) },
      },
    },
    (request) =>
      service.listCharges(
        ctx,
        userOf(request),
        request.params.id,
        request.params.userId,
        request.query.offset,
        request.query.take,
      ),
  );

  app.get(
    '/installations/:id/earnings',
    {
      ...common,
      schema: {
        ...common.schema,
        summary:
          'The owner: a month’s public kWh, the 0.2 kr./kWh credit, shared earnings, payouts',
        params: idParams,
        querystring: monthQuery,
        response: { 200: earningsSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      // Months close as they pass; asking after a month ended closes it if no job has yet.
      await closeMonth(ctx);
      return earnings(
        ctx,
        userOf(request),
        request.params.id,
        request.query.month ?? service.currentMonth(ctx),
      );
    },
  );

  app.get(
    '/installations/:id/earnings/statement',
    {
      ...common,
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        ...common.schema,
        summary: 'The owner: the month’s earnings statement as PDF, in the receipt style',
        params: idParams,
        querystring: monthQuery,
        response: {
          200: z.any().describe('application/pdf'),
          ...errorResponses(400, 401, 403, 404, 429),
        },
      },
    },
    async (request, reply) => {
      const month = request.query.month ?? service.currentMonth(ctx);
      const pdf = await statementPdf(
        ctx,
        userOf(request),
        request.params.id,
        month,
        request.locale,
      );
      return reply
        .type('application/pdf')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="inntokur-${month}.pdf"`)
        .send(pdf);
    },
  );

  app.post(
    '/installation-invitations',
    {
      ...common,
      schema: {
        ...common.schema,
        summary: 'The owner invites someone by e-mail to charge at the installation',
        body: invitationCreateSchema,
        response: { 201: invitationSchema, ...errorResponses(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await invitations.invite(ctx, userOf(request), request.body, request.locale)),
  );

  app.get(
    '/installation-invitations',
    {
      ...common,
      schema: {
        ...common.schema,
        summary: 'Invitations the user sent as an owner and those addressed to the user',
        response: { 200: invitationListSchema, ...errorResponses(401) },
      },
    },
    (request) => invitations.listInvitations(ctx, userOf(request)),
  );

  app.post(
    '/installation-invitations/:id/accept',
    {
      ...common,
      schema: {
        ...common.schema,
        summary: 'The invited person accepts; an unverified address must bring the e-mail’s token',
        params: idParams,
        body: invitationAnswerSchema.optional(),
        response: { 200: invitationSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    (request) => invitations.accept(ctx, userOf(request), request.params.id, request.body?.token),
  );

  app.post(
    '/installation-invitations/:id/decline',
    {
      ...common,
      schema: {
        ...common.schema,
        summary: 'The invited person declines',
        params: idParams,
        response: { 200: invitationSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    (request) => invitations.decline(ctx, userOf(request), request.params.id),
  );

  app.delete(
    '/installation-invitations/:id',
    {
      ...common,
      schema: {
        ...common.schema,
        summary: 'The owner withdraws a pending invitation',
        params: idParams,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await invitations.withdraw(ctx, userOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
  return Promise.resolve();
};
