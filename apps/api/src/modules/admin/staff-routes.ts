import {
  pageQueryShape,
  staffAccountSchema,
  staffCreateSchema,
  staffPageSchema,
  staffPatchSchema,
  staffRoles,
} from '@stod/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditBefore } from '../../plugins/audit-change.ts';
import { authOf, bearer, errorResponses } from '../../plugins/auth.ts';
import { requireRole } from '../../plugins/roles.ts';
import * as service from './staff-service.ts';

const tags = ['admin'];
const operatorOnly = requireRole('operator');
const staffIdParams = z.object({ id: z.uuid() });

/** The operator's staff accounts: who works in the console, in which role, at which stations. */
export const staffRoutes: FastifyPluginAsyncZod = (app) => {
  const { ctx } = app;
  app.get(
    '/admin/staff',
    {
      onRequest: operatorOnly,
      schema: {
        tags,
        summary: 'Staff accounts, those who may sign in first, by name (operator)',
        security: bearer,
        querystring: z.object({
          ...pageQueryShape,
          q: z.string().trim().max(100).optional(),
          role: z.enum(staffRoles).optional(),
        }),
        response: { 200: staffPageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    (request) => {
      const { offset, take, q, role } = request.query;
      return service.listStaff(ctx, { q: q || undefined, role }, offset, take);
    },
  );

  app.post(
    '/admin/staff',
    {
      onRequest: operatorOnly,
      schema: {
        tags,
        summary:
          'A new staff account (operator); the new member is mailed a link to choose a password. An address with an account already answers 409',
        security: bearer,
        body: staffCreateSchema,
        response: { 201: staffAccountSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => reply.status(201).send(await service.createStaff(ctx, request.body)),
  );

  app.get(
    '/admin/staff/:id',
    {
      onRequest: operatorOnly,
      schema: {
        tags,
        summary: 'One staff account (operator)',
        security: bearer,
        params: staffIdParams,
        response: { 200: staffAccountSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => service.staffAccount(ctx, request.params.id),
  );

  app.patch(
    '/admin/staff/:id',
    {
      onRequest: operatorOnly,
      schema: {
        tags,
        summary:
          "Change a staff member's role, stations or access (operator). Disabling ends their sessions at once; an operator cannot disable themselves or give up their own role (409)",
        security: bearer,
        params: staffIdParams,
        body: staffPatchSchema,
        response: { 200: staffAccountSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
      preHandler: auditBefore((request) =>
        service.staffAccount(ctx, (request.params as { id: string }).id),
      ),
    },
    (request) => service.patchStaff(ctx, authOf(request).userId, request.params.id, request.body),
  );

  app.post(
    '/admin/staff/:id/invitation',
    {
      onRequest: operatorOnly,
      schema: {
        tags,
        summary:
          'Mail the invitation again to a member who has not yet chosen a password (operator); 409 once they have, or while disabled',
        security: bearer,
        params: staffIdParams,
        response: { 200: staffAccountSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    (request) => service.reinvite(ctx, request.params.id),
  );
  return Promise.resolve();
};
