import { auditPageSchema, pageQueryShape } from '@stod/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearer, errorResponses } from '../../plugins/auth.ts';
import { requireRole } from '../../plugins/roles.ts';
import { auditPage } from './service.ts';

const tags = ['admin'];
const when = z.iso.datetime({ offset: true, error: 'validation.invalid' });

export const auditRoutes: FastifyPluginAsyncZod = (app) => {
  const { ctx } = app;
  app.get(
    '/admin/audit',
    {
      onRequest: requireRole('operator'),
      schema: {
        tags,
        summary: 'Every staff action, newest first (operator)',
        description:
          'Each change a staff member asked of the API under `/api/admin` or `/api/kitchen`: who (and their role then), when, the method and route, its parameters, the body with its secrets masked, the answer’s status and the reason given. Kept append-only. `actorId`, `action` (as kept, e.g. `PUT /api/admin/id-tags/:idTag`), `from` and `until` narrow it.',
        security: bearer,
        querystring: z.object({
          ...pageQueryShape,
          actorId: z.uuid({ error: 'validation.invalid' }).optional(),
          action: z.string().trim().max(200, 'validation.tooLong').optional(),
          from: when.optional(),
          until: when.optional(),
        }),
        response: { 200: auditPageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    (request) => {
      const { offset, take, actorId, action, from, until } = request.query;
      return auditPage(
        ctx,
        {
          actorId,
          action: action || undefined,
          from: from ? new Date(from) : undefined,
          until: until ? new Date(until) : undefined,
        },
        offset,
        take,
      );
    },
  );
  return Promise.resolve();
};
