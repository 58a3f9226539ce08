import {
  fuelStartSchema,
  idempotencyKeyHeader,
  idParam,
  stationPointsSchema,
  stationTransactionSchema,
} from '@stod/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf, bearer, errorResponses, requireAuth } from '../../plugins/auth.ts';
import * as service from './service.ts';
import { startFuel } from './start.ts';

const tags = ['fuel'];

export const fuelRoutes: FastifyPluginAsyncZod = (app) => {
  const { ctx } = app;

  app.get(
    '/fuel/stations/:id/pumps',
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary: "A station's pumps and whether each is free",
        security: bearer,
        params: z.object({ id: idParam }),
        response: { 200: stationPointsSchema, ...errorResponses(400, 401, 404) },
      },
    },
    (request) => service.pumpsOf(ctx, request.params.id, request.locale),
  );

  app.post(
    '/fuel/transactions',
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary: 'Start a refuelling: a 750 kr. hold, then the pump authorised up to it',
        description:
          'Send an Idempotency-Key per attempt; a retry with the same key answers the first result and never holds twice.',
        security: bearer,
        headers: idempotencyKeyHeader,
        body: fuelStartSchema,
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
          await startFuel(
            ctx,
            authOf(request).userId,
            request.body,
            request.headers['idempotency-key'],
            request.locale,
          ),
        ),
  );
  return Promise.resolve();
};
