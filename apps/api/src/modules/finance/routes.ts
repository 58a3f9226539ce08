import {
  liabilityReportSchema,
  salesGroupings,
  salesQuerySchema,
  salesReportSchema,
  settlementQuerySchema,
  settlementReportSchema,
  vatQuerySchema,
  vatReportSchema,
} from '@stod/domain';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearer, errorResponses } from '../../plugins/auth.ts';
import { requireRole } from '../../plugins/roles.ts';
import { liability } from '../vouchers/index.ts';
import * as service from './service.ts';
import { settlementCsv, settlementReport } from './settlement.ts';

const tags = ['finance'];
const finance = requireRole('operator', 'finance');

function sendCsv(reply: FastifyReply, name: string, csv: string) {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}.csv"`)
    .header('cache-control', 'no-store')
    .send(csv);
}

/** The reports of the money: sales, VAT and what is owed on gift cards (operator and finance). */
export const financeRoutes: FastifyPluginAsyncZod = (app) => {
  const { ctx } = app;

  app.get(
    '/admin/reports/sales',
    {
      onRequest: finance,
      schema: {
        tags,
        summary: `Sales from one day to another (both counted, Faroe time), by ${salesGroupings.join(', ')}; VAT, voucher spends and refunds apart (operator, finance)`,
        description:
          'Counted from the receipts: a sale by its receipt, a refund by its credit receipt, under the station, service and product of the sale it gives back. Amounts in øre, VAT included. `format=csv` answers a file, amounts in kroner, with a last line `total`. At most 366 days.',
        security: bearer,
        querystring: salesQuerySchema,
        response: {
          200: z.union([salesReportSchema, z.string()]),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request, reply) => {
      const { format, ...query } = request.query;
      const report = await service.salesReport(ctx.db, query);
      if (format === 'json') return report;
      const csv = service.reportCsv(query.groupBy, report.rows, report.total);
      return sendCsv(reply, `sales-${query.from}-${query.to}-${query.groupBy}`, csv);
    },
  );

  app.get(
    '/admin/reports/vat',
    {
      onRequest: finance,
      schema: {
        tags,
        summary: 'One month’s VAT (25 %): by day and by service, refunds apart (operator, finance)',
        description:
          '`format=csv` answers the month by day with a last line `total`, amounts in kroner.',
        security: bearer,
        querystring: vatQuerySchema,
        response: {
          200: z.union([vatReportSchema, z.string()]),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request, reply) => {
      const { month, format } = request.query;
      const report = await service.vatReport(ctx.db, month);
      if (format === 'json') return report;
      return sendCsv(reply, `vat-${month}`, service.reportCsv('day', report.days, report.total));
    },
  );

  app.get(
    '/admin/reports/liability',
    {
      onRequest: finance,
      schema: {
        tags,
        summary:
          'What the network owes on gift cards and value vouchers now: balances in wallets and codes not yet redeemed, by kind, in øre (operator, finance)',
        description:
          'Expired and blocked vouchers and codes are owed nothing; product vouchers carry no amount.',
        security: bearer,
        response: { 200: liabilityReportSchema, ...errorResponses(401, 403) },
      },
    },
    () => liability(ctx),
  );
  app.get(
    '/admin/reports/settlement',
    {
      onRequest: finance,
      schema: {
        tags,
        summary:
          'One day’s captures and refunds matched against the card gateway’s settlement report, and what differs (operator, finance)',
        description:
          'The day in Faroe time. Each capture and refund in our books is matched by the key the gateway was asked under: `missingAtGateway` (ours only), `missingHere` (the gateway’s only: money taken that is not booked), `amountDiffers`. `available: false` when the gateway gives no settlement report. `format=csv` answers the differences as a file. 503 `GATEWAY_UNAVAILABLE` when the gateway does not answer.',
        security: bearer,
        querystring: settlementQuerySchema,
        response: {
          200: z.union([settlementReportSchema, z.string()]),
          ...errorResponses(400, 401, 403, 503),
        },
      },
    },
    async (request, reply) => {
      const report = await settlementReport(ctx, request.query.day);
      if (request.query.format === 'json') return report;
      return sendCsv(reply, `settlement-${request.query.day}`, settlementCsv(report));
    },
  );

  return Promise.resolve();
};
