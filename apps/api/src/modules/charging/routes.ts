import {
  activeChargeSchema,
  chargeCreateSchema,
  chargeListSchema,
  chargeSchema,
  chargerDetailSchema,
  installationListSchema,
  installationViewSchema,
  pageQueryShape,
  type Charge,
  idempotencyKeyHeader,
} from '@stod/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf, bearer, errorResponses, requireAuth } from '../../plugins/auth.ts';
import * as views from './installation-views.ts';
import { createCharge } from './opening.ts';
import * as service from './service.ts';

const tags = ['charging'];
const idParams = z.object({ id: z.uuid({ error: 'validation.invalid' }) });

/** Spec §7 "Installations" and "charges, chargers": where the user can charge, and the charge. */
export const chargingRoutes: FastifyPluginAsyncZod = (app) => {
  const { ctx } = app;
  const common = { onRequest: requireAuth };

  app.get(
    '/installations',
    {
      ...common,
      schema: {
        tags,
        summary: 'The installations the user can charge at: own first, then public, by name',
        security: bearer,
        response: { 200: installationListSchema, ...errorResponses(401) },
      },
    },
    (request) => views.listInstallations(ctx, authOf(request).userId),
  );

  app.get(
    '/installations/:id',
    {
      ...common,
      schema: {
        tags,
        summary: 'An installation with its chargers, connectors, live status, power and price',
        security: bearer,
        params: idParams,
        response: { 200: installationViewSchema, ...errorResponses(400, 401, 404) },
      },
    },
    (request) => views.getInstallation(ctx, authOf(request).userId, request.params.id),
  );

  app.get(
    '/charger/:id',
    {
      ...common,
      schema: {
        tags,
        summary: 'A charger with its connectors, live status and price',
        security: bearer,
        params: idParams,
        response: { 200: chargerDetailSchema, ...errorResponses(400, 401, 404) },
      },
    },
    (request) => views.getCharger(ctx, authOf(request).userId, request.params.id),
  );

  app.post(
    '/charges',
    {
      ...common,
      schema: {
        tags,
        summary:
          'Open a charge at a connector: "ready to charge", with a hold at public installations',
        description:
          'Send an Idempotency-Key per attempt; a retry with the same key answers the first result and never holds twice. Only one charge per user is open at once (409 CHARGE_ACTIVE).',
        security: bearer,
        headers: idempotencyKeyHeader,
        body: chargeCreateSchema,
        response: { 201: chargeSchema, ...errorResponses(400, 401, 404, 409, 422, 503) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await createCharge(
            ctx,
            authOf(request).userId,
            request.body,
            request.headers['idempotency-key'],
            request.locale,
          ),
        ),
  );

  app.get(
    '/charges/active',
    {
      ...common,
      schema: {
        tags,
        summary: "The user's unfinished charge, to resume it",
        security: bearer,
        response: { 200: activeChargeSchema, ...errorResponses(401) },
      },
    },
    (request) => service.activeCharge(ctx, authOf(request).userId),
  );

  app.get(
    '/charges',
    {
      ...common,
      schema: {
        tags,
        summary: "The user's charges, newest first",
        security: bearer,
        querystring: z.object(pageQueryShape),
        response: { 200: chargeListSchema, ...errorResponses(400, 401) },
      },
    },
    (request) =>
      service.listCharges(ctx, authOf(request).userId, request.query.offset, request.query.take),
  );

  app.get(
    '/charges/:id',
    {
      ...common,
      schema: {
        tags,
        summary: 'A charge',
        security: bearer,
        params: idParams,
        response: { 200: chargeSchema, ...errorResponses(400, 401, 404) },
      },
    },
    (request) => service.getCharge(ctx, authOf(request).userId, request.params.id),
  );

  const action = (
    path: string,
    summary: string,
    run: (userId: string, id: string) => Promise<Charge>,
  ) =>
    app.post(
      path,
      {
        ...common,
        schema: {
          tags,
          summary,
          security: bearer,
          params: idParams,
          response: { 200: chargeSchema, ...errorResponses(400, 401, 404, 409) },
        },
      },
      (request) => run(authOf(request).userId, request.params.id),
    );

  action('/charges/:id/start', 'Start: the charger is told to start (RemoteStart)', (userId, id) =>
    service.startCharge(ctx, userId, id),
  );
  action(
    '/charges/:id/stop',
    'Stop: the charger is told to stop; the price is captured and the receipt written',
    (userId, id) => service.stopCharge(ctx, userId, id),
  );
  action('/charges/:id/cancel', 'Cancel before the start: the hold is released', (userId, id) =>
    service.cancelCharge(ctx, userId, id),
  );

  app.delete(
    '/charges/:id',
    {
      ...common,
      schema: {
        tags,
        summary: 'Remove a charge that never started',
        security: bearer,
        params: idParams,
        response: { 204: z.null(), ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request, reply) => {
      await service.deleteCharge(ctx, authOf(request).userId, request.params.id);
      return reply.status(204).send(null);
    },
  );
  return Promise.resolve();
};
