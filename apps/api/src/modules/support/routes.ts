import {
  customerBlockSchema,
  idempotencyKeyHeader,
  pageQueryShape,
  refundSchema,
  strict,
  supportReasonField,
  supportCustomerDetailSchema,
  supportCustomerPageSchema,
  supportCustomerSchema,
  supportPaymentSchema,
} from '@stod/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditBefore } from '../../plugins/audit-change.ts';
import { bearer, errorResponses } from '../../plugins/auth.ts';
import { requireRole } from '../../plugins/roles.ts';
import * as service from './service.ts';

const tags = ['support'];
const support = requireRole('operator', 'support');
const idParams = z.object({ id: z.uuid() });

/** Customer support: find a customer, read their history, refund, block. */
export const supportRoutes: FastifyPluginAsyncZod = (app) => {
  const { ctx } = app;
  app.get(
    '/admin/customers',
    {
      onRequest: support,
      schema: {
        tags,
        summary:
          "Find customers by e-mail, phone, name, a card's last four digits, or a receipt's or payment's id (operator, support)",
        security: bearer,
        querystring: z.object({ ...pageQueryShape, q: z.string().trim().max(100).default('') }),
        response: { 200: supportCustomerPageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    (request) =>
      service.searchCustomers(ctx, request.query.q, request.query.offset, request.query.take),
  );

  app.get(
    '/admin/customers/:id',
    {
      onRequest: support,
      schema: {
        tags,
        summary:
          'A customer: profile, cards, payments with their holds, captures and refunds, and one timeline of everything they did (operator, support)',
        security: bearer,
        params: idParams,
        response: { 200: supportCustomerDetailSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => service.customerDetail(ctx, request.params.id),
  );

  app.post(
    '/admin/payments/:id/refund',
    {
      onRequest: support,
      schema: {
        tags,
        summary:
          'Give part or all of a captured payment back to the card (operator, support): at most the capture less earlier refunds; a credit receipt is written and the customer mailed. A repeated Idempotency-Key refunds nothing twice',
        security: bearer,
        params: idParams,
        headers: idempotencyKeyHeader,
        body: refundSchema,
        response: {
          200: z.object({ receiptId: z.string(), payment: supportPaymentSchema }),
          ...errorResponses(400, 401, 403, 404, 409, 422),
        },
      },
    },
    (request) =>
      service.refundPayment(
        ctx,
        request.params.id,
        request.body,
        request.headers['idempotency-key'],
      ),
  );

  app.post(
    '/admin/payments/:id/release',
    {
      onRequest: support,
      schema: {
        tags,
        summary:
          'Let go of a hold no running service needs (operator, support): the money is freed on the card. A repeated Idempotency-Key frees nothing twice; a hold a service still uses answers 409',
        security: bearer,
        params: idParams,
        headers: idempotencyKeyHeader,
        body: strict({ reason: supportReasonField }),
        response: { 200: supportPaymentSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    (request) => service.releaseHold(ctx, request.params.id, request.headers['idempotency-key']),
  );

  app.post(
    '/admin/receipts/:id/resend',
    {
      onRequest: support,
      schema: {
        tags,
        summary: "Mail a customer's receipt to them again (operator, support)",
        security: bearer,
        params: idParams,
        body: strict({ reason: supportReasonField }),
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await service.resendReceipt(ctx, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/admin/customers/:id/blocked',
    {
      onRequest: support,
      schema: {
        tags,
        summary:
          "Block or unblock a customer's account (operator, support); blocking signs them out everywhere at once",
        security: bearer,
        params: idParams,
        body: customerBlockSchema,
        response: { 200: supportCustomerSchema, ...errorResponses(400, 401, 403, 404) },
      },
      preHandler: auditBefore((request) =>
        service.customerSummary(ctx, (request.params as { id: string }).id),
      ),
    },
    (request) => service.setBlocked(ctx, request.params.id, request.body.blocked),
  );
  return Promise.resolve();
};
