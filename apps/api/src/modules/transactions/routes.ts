import { activeTransactionSchema, stationTransactionSchema } from '@stod/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf, bearer, errorResponses, requireAuth } from '../../plugins/auth.ts';
import * as service from './service.ts';

const tags = ['transactions'];
const params = z.object({ id: z.uuid({ error: 'validation.invalid' }) });

/** Reading and cancelling the user's refuellings and washes, whichever service made them. */
export const transactionRoutes: FastifyPluginAsyncZod = (app) => {
  const { ctx } = app;

  app.get(
    '/transactions/active',
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary: "The user's unfinished refuelling or wash, to resume it",
        security: bearer,
        response: { 200: activeTransactionSchema, ...errorResponses(401) },
      },
    },
    (request) => service.active(ctx, authOf(request).userId, request.locale),
  );

  app.get(
    '/transactions/:id',
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary: 'A refuelling or wash of the user: state, litres and amount, held and captured',
        security: bearer,
        params,
        response: { 200: stationTransactionSchema, ...errorResponses(400, 401, 404) },
      },
    },
    (request) => service.getOne(ctx, authOf(request).userId, request.params.id, request.locale),
  );

  app.post(
    '/transactions/:id/cancel',
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary: 'Cancel before the nozzle is lifted or the wash started; the hold is voided',
        security: bearer,
        params,
        response: { 200: stationTransactionSchema, ...errorResponses(400, 401, 404, 409, 503) },
      },
    },
    (request) => service.cancel(ctx, authOf(request).userId, request.params.id, request.locale),
  );
  return Promise.resolve();
};
