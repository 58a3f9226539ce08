import {
  adminPlanSchema,
  adminPlansSchema,
  idParam,
  planInputSchema,
  planPatchSchema,
  subscribersPageSchema,
  subscribersQuerySchema,
} from '@stod/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditBefore } from '../../plugins/audit-change.ts';
import { bearer, errorResponses } from '../../plugins/auth.ts';
import { requireRole } from '../../plugins/roles.ts';
import * as admin from './admin.ts';

const tags = ['admin'];
const operatorOnly = requireRole('operator');
const customerCare = requireRole('operator', 'support');
const planParams = z.object({ id: idParam });

/** The plans as operators keep them, their subscribers, and a cancel on a customer's behalf. */
export const subscriptionAdminRoutes: FastifyPluginAsyncZod = (app) => {
  const { ctx } = app;

  app.get(
    '/admin/subscription-plans',
    {
      onRequest: customerCare,
      schema: {
        tags,
        summary: 'Every plan, on offer or not, with its subscribers now (operator, support)',
        security: bearer,
        response: { 200: adminPlansSchema, ...errorResponses(401, 403) },
      },
    },
    () => admin.adminPlans(ctx),
  );

  app.post(
    '/admin/subscription-plans',
    {
      onRequest: operatorOnly,
      schema: {
        tags,
        summary: 'Make a plan (operator)',
        description:
          'Names and descriptions in Faroese and, optionally, English; a tier (`index`) already taken within its type answers 409 `PLAN_TIER_TAKEN`.',
        security: bearer,
        body: planInputSchema,
        response: { 201: adminPlanSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => reply.status(201).send(await admin.createPlan(ctx, request.body)),
  );

  app.patch(
    '/admin/subscription-plans/:id',
    {
      onRequest: operatorOnly,
      schema: {
        tags,
        summary: 'Change a plan, or take it off offer and back (operator)',
        description:
          'New prices hold for new subscriptions at once and for subscribers from their next renewal. A plan taken off offer (`active: false`) keeps its subscribers until they end.',
        security: bearer,
        params: planParams,
        body: planPatchSchema,
        response: { 200: adminPlanSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
      preHandler: auditBefore((request) =>
        admin.planForAudit(ctx, (request.params as { id: number }).id),
      ),
    },
    (request) => admin.patchPlan(ctx, request.params.id, request.body),
  );

  app.get(
    '/admin/subscription-plans/:id/subscribers',
    {
      onRequest: customerCare,
      schema: {
        tags,
        summary: 'A plan’s subscribers, newest first (operator, support)',
        security: bearer,
        params: planParams,
        querystring: subscribersQuerySchema,
        response: { 200: subscribersPageSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => admin.subscribers(ctx, request.params.id, request.query),
  );

  app.post(
    '/admin/user-subscriptions/:id/cancel',
    {
      onRequest: customerCare,
      schema: {
        tags,
        summary: 'Cancel a subscription on its customer’s behalf (operator, support)',
        description:
          'As the customer would: it does not renew, and stays usable until its valid-to date. Repeating it changes nothing. A subscription that has ended or been replaced answers 404. To give money back, refund its payment (`POST /api/admin/payments/{id}/refund`).',
        security: bearer,
        params: z.object({ id: z.uuid({ error: 'validation.invalid' }) }),
        response: {
          200: z.object({
            id: z.string(),
            status: z.string(),
            validTo: z.string(),
            cancelledAt: z.string().nullable(),
          }),
          ...errorResponses(400, 401, 403, 404),
        },
      },
      preHandler: auditBefore((request) =>
        admin.subscriptionForAudit(ctx, (request.params as { id: string }).id),
      ),
    },
    async (request) => {
      const row = await admin.cancelFor(ctx, request.params.id);
      return {
        id: row.id,
        status: row.status,
        validTo: row.validTo.toISOString(),
        cancelledAt: row.cancelledAt?.toISOString() ?? null,
      };
    },
  );
  return Promise.resolve();
};
