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
