import { listQuerySchema, voucherIssueSchema } from '@stod/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { unauthorized } from '../../lib/errors.ts';
import { safeEqual, sha256 } from '../../lib/secrets.ts';
import { errorResponses } from '../../plugins/auth.ts';
import { issueCodes, listCodes } from '../vouchers/service.ts';

const tags = ['admin'];
const security = [{ adminToken: [] }];

/**
 * Operator routes, guarded by the ADMIN_TOKEN bearer token. They are registered only when the
 * token is configured, so without it they do not exist.
 */
export function adminRoutes(adminToken: string): FastifyPluginAsyncZod {
  const expected = sha256(adminToken);
  // Hashing both sides gives equal lengths, so the comparison takes the same time for any token.
  const requireAdmin = (request: FastifyRequest) => {
    const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
    if (!match?.[1] || !safeEqual(sha256(match[1]), expected)) throw unauthorized();
    return Promise.resolve();
  };

  return (app) => {
    app.post(
      '/admin/vouchers',
      {
        onRequest: requireAdmin,
        schema: {
          tags,
          summary:
            'Issue value vouchers, gift cards or product vouchers; the codes are shown once. A repeated Idempotency-Key issues nothing (409)',
          security,
          headers: z.object({
            'idempotency-key': z.string().min(8).max(200).optional(),
          }),
          body: voucherIssueSchema,
          response: {
            201: z.object({
              items: z.array(z.object({ id: z.string(), code: z.string() })),
              expiresAt: z.string(),
            }),
            ...errorResponses(400, 401, 409),
          },
        },
      },
      async (request, reply) => {
        const order = request.body;
        const items = await issueCodes(app.db, order, request.headers['idempotency-key']);
        request.log.info(
          { kind: order.kind, name: order.name, count: items.length },
          'vouchers issued',
        );
        return reply.status(201).send({ items, expiresAt: order.expiresAt });
      },
    );

    app.get(
      '/admin/vouchers',
      {
        onRequest: requireAdmin,
        schema: {
          tags,
          summary: 'The codes on issue, newest first, and whether they are redeemed',
          security,
          querystring: listQuerySchema,
          response: {
            200: z.object({
              total: z.number().int(),
              items: z.array(
                z.object({
                  id: z.string(),
                  codeType: z.enum(['pin', 'premium']),
                  kind: z.enum(['value', 'gift_card', 'product']),
                  name: z.string(),
                  amount: z.number().int().nullable(),
                  product: z.string().nullable(),
                  expiresAt: z.string(),
                  redeemedAt: z.string().nullable(),
                  createdAt: z.string(),
                }),
              ),
            }),
            ...errorResponses(400, 401),
          },
        },
      },
      (request) => listCodes(app.db, request.query.offset, request.query.take),
    );
    return Promise.resolve();
  };
}
