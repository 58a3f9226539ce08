import {
  carwashStartSchema,
  idParam,
  stationPointsSchema,
  stationTransactionSchema,
  idempotencyKeyHeader,
} from '@stod/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf, bearer, errorResponses, requireAuth } from '../../plugins/auth.ts';
import * as service from './service.ts';
import { startCarwash } from './start.ts';

const tags = ['carwash'];
const params = z.object({ id: z.uuid({ error: 'validation.invalid' }) });

export const carwashRoutes: FastifyPluginAsyncZod = (app) => {
  const { ctx } = app;

  app.get(
    '/carwash/stations/:id/bays',
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary: "A station's wash bays and whether each is free",
        security: bearer,
        params: z.object({ id: idParam }),
        response: { 200: stationPointsSchema, ...errorResponses(400, 401, 404) },
      },
    },
    (request) => service.baysOf(ctx, request.params.id, request.locale),
  );

  app.post(
    '/carwash/transactions',
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary:
          "Book a wash: a hold for the programme's price (or a car-wash voucher), loaded on the bay",
        description:
          'Send an Idempotency-Key per attempt; a retry with the same key answers the first result and never holds twice.',
        security: bearer,
        headers: idempotencyKeyHeader,
        body: carwashStartSchema,
        response: {
          201: stationTransactionSchema,
          ...errorResponses(400, 401, 404, 409, 422, 503),
        },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await startCarwash(
            ctx,
            authOf(request).userId,
            request.body,
            request.headers['idempotency-key'],
            request.locale,
          ),
        ),
  );

  app.post(
    '/carwash/transactions/:id/start',
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary: 'Start the loaded wash: the countdown begins and the price is captured',
        security: bearer,
        params,
        response: { 200: stationTransactionSchema, ...errorResponses(400, 401, 404, 409, 503) },
      },
    },
    (request) => service.startWash(ctx, authOf(request).userId, request.params.id, request.locale),
  );

  app.post(
    '/carwash/transactions/:id/stop',
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary: 'Stop the wash; only staff can resume it',
        security: bearer,
        params,
        response: { 200: stationTransactionSchema, ...errorResponses(400, 401, 404, 409, 503) },
      },
    },
    (request) => service.stopWash(ctx, authOf(request).userId, request.params.id, request.locale),
  );
  return Promise.resolve();
};
