import { userVoucherSchema, voucherRedeemSchema, vouchersResponseSchema } from '@stod/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, bearer, errorResponses, requireAuth } from '../../plugins/auth.ts';
import * as service from './service.ts';

export const voucherRoutes: FastifyPluginAsyncZod = (app) => {
  const { ctx } = app;
  app.get(
    '/vouchers',
    {
      onRequest: requireAuth,
      schema: {
        tags: ['vouchers'],
        summary: "The user's voucher balance and vouchers, with their expiry",
        security: bearer,
        response: { 200: vouchersResponseSchema, ...errorResponses(401) },
      },
    },
    (request) => service.list(ctx, authOf(request).userId, request.locale),
  );

  app.post(
    '/vouchers/redeem',
    {
      onRequest: requireAuth,
      schema: {
        tags: ['vouchers'],
        summary: 'Redeem a PIN or premium code; each code redeems once',
        security: bearer,
        body: voucherRedeemSchema,
        response: { 201: userVoucherSchema, ...errorResponses(400, 401, 422, 429) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await service.redeem(
            ctx,
            authOf(request).userId,
            request.body.code,
            request.ip,
            request.locale,
          ),
        ),
  );
  return Promise.resolve();
};
