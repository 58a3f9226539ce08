import {
  adminPayoutPageSchema,
  adminPayoutSchema,
  kronerDecimal,
  monthField,
  pageQueryShape,
  reportFormats,
  type AdminPayout,
} from '@stod/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf, bearer, errorResponses } from '../../plugins/auth.ts';
import { requireRole } from '../../plugins/roles.ts';
import { toCsv } from '../../lib/csv.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import * as repo from './repo.ts';

const tags = ['installations'];
const finance = requireRole('operator', 'finance');
type PayoutJoin = Awaited<ReturnType<typeof repo.payoutsForOperator>>['items'][number];

const view = ({ payout, installationName, ownerName, ownerEmail }: PayoutJoin): AdminPayout => ({
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
  approvedAt: payout.approvedAt?.toISOString() ?? null,
  approvedBy: payout.approvedBy,
});

const payoutCsv = (items: readonly AdminPayout[]) =>
  toCsv(
    [
      'month',
      'owner',
      'owner_email',
      'installation',
      'energy_kwh',
      'amount_kr',
      'state',
      'approved_at',
      'paid_at',
      'id',
    ],
    items.map((p) => [
      p.month,
      p.ownerName,
      p.ownerEmail,
      p.installationName,
      (p.energyWh / 1000).toFixed(3),
      kronerDecimal(p.amount, '.'),
      p.state,
      p.approvedAt ?? '',
      p.paidAt ?? '',
      p.id,
    ]),
  );

/**
 * The operators' side of the owners' earnings: each month's statements, approved for transfer,
 * then marked paid once transferred (operator and finance).
 */
export const installationAdminRoutes: FastifyPluginAsyncZod = (app) => {
  const { ctx } = app;

  app.get(
    '/admin/payouts',
    {
      onRequest: finance,
      schema: {
        tags,
        summary:
          'Owners’ payouts, newest month first; `state` picks scheduled or paid ones, `month` one month (operator, finance)',
        description:
          '`format=csv` answers every payout of the filter as a file (no paging), amounts in kroner.',
        security: bearer,
        querystring: z.object({
          ...pageQueryShape,
          state: z.enum(['scheduled', 'paid'], { error: 'validation.invalid' }).optional(),
          month: monthField.optional(),
          format: z.enum(reportFormats, { error: 'validation.invalid' }).default('json'),
        }),
        response: {
          200: z.union([adminPayoutPageSchema, z.string()]),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request, reply) => {
      const { offset, take, state, month, format } = request.query;
      const filter = { state: state ?? null, month: month ?? null };
      if (format === 'csv') {
        const all = await repo.payoutsForOperator(ctx.db, filter, 0, 100_000);
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="payouts-${month ?? 'all'}.csv"`)
          .header('cache-control', 'no-store')
          .send(payoutCsv(all.items.map(view)));
      }
      const [page, amount] = await Promise.all([
        repo.payoutsForOperator(ctx.db, filter, offset, take),
        repo.payoutSum(ctx.db, filter),
      ]);
      return { items: page.items.map(view), total: page.total, amount };
    },
  );

  app.post(
    '/admin/payouts/:id/approve',
    {
      onRequest: finance,
      schema: {
        tags,
        summary:
          'Approves a scheduled payout for transfer; asked again, keeps the first approval (operator, finance)',
        security: bearer,
        params: z.object({ id: z.uuid({ error: 'validation.invalid' }) }),
        response: { 200: adminPayoutSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await repo.approvePayout(ctx.db, request.params.id, authOf(request).userId, ctx.clock.now());
      const row = await repo.payoutForOperator(ctx.db, request.params.id);
      if (!row) throw notFound();
      ctx.log.info({ payoutId: row.payout.id }, 'a payout was approved');
      return view(row);
    },
  );

  app.post(
    '/admin/payouts/:id/paid',
    {
      onRequest: finance,
      schema: {
        tags,
        summary:
          'Records that an approved payout was transferred to the owner; asked again, changes nothing; not approved, 409 (operator, finance)',
        security: bearer,
        params: z.object({ id: z.uuid({ error: 'validation.invalid' }) }),
        response: { 200: adminPayoutSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      await repo.markPayoutPaid(ctx.db, request.params.id, ctx.clock.now());
      const row = await repo.payoutForOperator(ctx.db, request.params.id);
      if (!row) throw notFound();
      if (row.payout.state !== 'paid')
        throw new AppError(409, 'PAYOUT_NOT_APPROVED', 'error.payoutNotApproved');
      ctx.log.info({ payoutId: row.payout.id }, 'a payout was recorded as paid');
      return view(row);
    },
  );
  return Promise.resolve();
};
