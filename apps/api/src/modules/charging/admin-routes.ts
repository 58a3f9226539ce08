import {
  chargerViewSchema,
  chargersRegistrationSchema,
  idTagSchema,
  pageQueryShape,
} from '@stod/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearer, errorResponses } from '../../plugins/auth.ts';
import { requireRole } from '../../plugins/roles.ts';
import * as operations from './operations.ts';
import * as registry from './registry.ts';

const tags = ['charging'];

const registeredSchema = z.object({
  chargers: z.array(z.object({ id: z.string(), identity: z.string(), installationId: z.string() })),
});
const adminChargersSchema = z.object({
  items: z.array(
    chargerViewSchema.omit({ kind: true }).extend({
      installationName: z.string(),
      protocol: z.string().nullable(),
      lastSeenAt: z.string().nullable(),
      lastBootAt: z.string().nullable(),
      vendor: z.string().nullable(),
      model: z.string().nullable(),
      firmware: z.string().nullable(),
    }),
  ),
  total: z.number().int(),
});
const operatorOnly = requireRole('operator');

const unbilledSchema = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      chargerId: z.string(),
      identity: z.string(),
      transactionId: z.string(),
      connectorId: z.number().int().nullable(),
      idTag: z.string().nullable(),
      billing: z.enum(['pending', 'unbilled', 'billed']),
      energyWh: z.number().nullable(),
      startedAt: z.string(),
      endedAt: z.string().nullable(),
      stopReason: z.string().nullable(),
      stopRequestedAt: z.string().nullable(),
    }),
  ),
  total: z.number().int(),
});
const reviewSchema = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      userId: z.string(),
      identity: z.string(),
      connectorId: z.number().int(),
      transactionId: z.string().nullable(),
      state: z.string(),
      reviewReason: z.string(),
      energyWh: z.number(),
      amount: z.number().int(),
      startedAt: z.string().nullable(),
      stoppedAt: z.string().nullable(),
    }),
  ),
  total: z.number().int(),
});
const noticesSchema = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      kind: z.enum(['security', 'log', 'firmware']),
      type: z.string(),
      detail: z.record(z.string(), z.unknown()),
      at: z.string(),
    }),
  ),
});

/** The operators' side of charging: chargers, their installations, RFID tags. */
export const chargingAdminRoutes: FastifyPluginAsyncZod = (app) => {
  const { ctx } = app;

  app.post(
    '/admin/chargers',
    {
      onRequest: operatorOnly,
      bodyLimit: 8 * 1024 * 1024,
      schema: {
        tags,
        summary: 'Register chargers, thousands at once (operator)',
        description:
          'Each charger joins a new installation (`installation`) or an existing one (`installationId`). A repeated identity answers 409 CHARGER_TAKEN naming it, and nothing is stored.',
        security: bearer,
        body: chargersRegistrationSchema,
        response: { 201: registeredSchema, ...errorResponses(400, 401, 403, 404, 409, 413, 422) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await registry.registerChargers(ctx, request.body.chargers)),
  );

  app.get(
    '/admin/chargers',
    {
      onRequest: operatorOnly,
      schema: {
        tags,
        summary: 'The chargers with their connection and connector states (operator)',
        security: bearer,
        querystring: z.object(pageQueryShape),
        response: { 200: adminChargersSchema, ...errorResponses(400, 401, 403) },
      },
    },
    (request) => registry.listChargers(ctx, request.query.offset, request.query.take),
  );

  app.get(
    '/admin/charger-transactions',
    {
      onRequest: operatorOnly,
      schema: {
        tags,
        summary: 'Transactions chargers reported that no one is billed for (operator)',
        description:
          'A transaction started with an unknown or refused tag, or delivering energy that no token or remote start claimed (`unbilled`; the backend asks the charger to stop it), and those that have named no token yet (`pending`). Newest first.',
        security: bearer,
        querystring: z.object(pageQueryShape),
        response: { 200: unbilledSchema, ...errorResponses(400, 401, 403) },
      },
    },
    (request) => operations.unbilledTransactions(ctx, request.query.offset, request.query.take),
  );

  app.get(
    '/admin/charges/review',
    {
      onRequest: operatorOnly,
      schema: {
        tags,
        summary: 'Charges closed from what was known, to review (operator)',
        description:
          '`stopLost`: a new transaction began on the connector before the stop came, so the charge was closed and settled at its last reading. `stopUnapplied`: the stop came but could not be applied as sent.',
        security: bearer,
        querystring: z.object(pageQueryShape),
        response: { 200: reviewSchema, ...errorResponses(400, 401, 403) },
      },
    },
    (request) => operations.chargesForReview(ctx, request.query.offset, request.query.take),
  );

  app.get(
    '/admin/chargers/:id/notices',
    {
      onRequest: operatorOnly,
      schema: {
        tags,
        summary: "A charger's security events, log uploads and firmware states (operator)",
        security: bearer,
        params: z.object({ id: z.uuid({ error: 'validation.invalid' }) }),
        querystring: z.object({ take: pageQueryShape.take }),
        response: { 200: noticesSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => operations.chargerNotices(ctx, request.params.id, request.query.take),
  );

  app.post(
    '/admin/id-tags',
    {
      onRequest: operatorOnly,
      schema: {
        tags,
        summary: "Register an RFID tag to a user's account (operator)",
        security: bearer,
        body: idTagSchema,
        response: {
          201: z.object({ idTag: z.string(), userId: z.string() }),
          ...errorResponses(400, 401, 403, 409, 422),
        },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await registry.registerIdTag(ctx, request.body.idTag, request.body.email)),
  );
  return Promise.resolve();
};
