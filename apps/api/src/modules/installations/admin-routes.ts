import { pageQueryShape, payoutSchema } from '@stod/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearer, errorResponses } from '../../plugins/auth.ts';
import { requireRole } from '../../plugins/roles.ts';
import { notFound } from '../../lib/errors.ts';
import * as repo from './repo.ts';

const tags = ['installations'];
const operatorOnly = requireRole('operator');
const adminPayoutSchema = payoutSchema.extend({
  installationId: z.string(),
  installationName: z.string(),
  ownerId: z.string(),
  ownerName: z.string(),
  ownerEmail: z.string(),
  energyWh: z.number().int(),
});
type PayoutJoin = Awaited<ReturnType<typeof repo.payoutsForOperator>>['items'][number];

const view = ({ payout, installationName, ownerName, ownerEmail }: PayoutJoin) => ({
  id: payout.id,
  month: payout.month,
  amount: payout.amount,
  state: payout.state,
  createdAt: payout.createdAt.toISOString(),
  paidAt: payout.paidAt?.toISOString() ?? null,
  installationId: payout.installationId,
  installationName,
  ownerId: payout.ownerId,
  ownerName,
  ownerEmail,
  energyWh: payout.energyWh,
});

/** The operators' side of the owners' earnings: the payouts to transfer, and marking them paid. */
export const installationAdminRoutes: FastifyPluginAsyncZod = (app) => {
  const { ctx } = app;

  app.get(
    '/admin/payouts',
    {
      onRequest: operatorOnly,
      schema: {
        tags,
        summary: 'Owners’ payouts, newest month first; `state` picks scheduled or paid ones',
        security: bearer,
        querystring: z.object({
          ...pageQueryShape,
          state: z.enum(['scheduled', 'paid'], { error: 'validation.invalid' }).optional(),
        }),
        response: {
          200: z.object({ items: z.array(adminPayoutSchema), total: z.number().int() }),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request) => {
      const { offset, take, state } = request.query;
      const page = await repo.payoutsForOperator(ctx.db, state ?? null, offset, take);
      return { items: page.items.map(view), total: page.total };
    },
  );

  app.post(
    '/admin/payouts/:id/paid',
    {
      onRequest: operatorOnly,
      schema: {
        tags,
        summary: 'Records that a payout was transferred to the owner; asked again, changes nothing',
        security: bearer,
        params: z.object({ id: z.uuid({ error: 'validation.invalid' }) }),
        response: { 200: adminPayoutSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await repo.markPayoutPaid(ctx.db, request.params.id, ctx.clock.now());
      const row = await repo.payoutForOperator(ctx.db, request.params.id);
      if (!row) throw notFound();
      ctx.log.info({ payoutId: row.payout.id }, 'a payout was recorded as paid');
      return view(row);
    },
  );
  return Promise.resolve();
};
