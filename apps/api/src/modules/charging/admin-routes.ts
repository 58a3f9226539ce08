import {
  apiErrorSchema,
  chargerLocalListSchema,
  chargerPatchSchema,
  chargerPasswordChangeSchema,
  chargersRegistrationSchema,
  connectorStatuses,
  idTagSchema,
  idTagUpdateSchema,
  idTagViewSchema,
  installationPatchSchema,
  operatorChargerSchema,
  pageQueryShape,
  translateServer,
} from '@stod/domain';
import { AppError } from '../../lib/errors.ts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NOTICE_KINDS, OCPP_PROTOCOLS } from '../../integrations/ocpp/port.ts';
import { auditBefore } from '../../plugins/audit-change.ts';
import { bearer, errorResponses } from '../../plugins/auth.ts';
import { requireRole } from '../../plugins/roles.ts';
import * as operations from './operations.ts';
import { setPowerLimit } from './power-sharing.ts';
import {
  localListOf,
  operatorCalls,
  sendLocalList,
  sendOperatorCall,
  setChargerPassword,
  setSecurityProfile,
  type OperatorCallAnswer,
} from './operator-calls.ts';
import * as registry from './registry.ts';

const tags = ['charging'];

const registeredSchema = z.object({
  chargers: z.array(z.object({ id: z.string(), identity: z.string(), installationId: z.string() })),
});
const adminChargersSchema = z.object({
  items: z.array(operatorChargerSchema),
  total: z.number().int(),
});
const operatorOnly = requireRole('operator');

const transactionsSchema = z.object({
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
      kind: z.enum(NOTICE_KINDS),
      type: z.string(),
      detail: z.record(z.string(), z.unknown()),
      at: z.string(),
    }),
  ),
});

const ocppErrorSchema = z.object({
  code: z.string(),
  description: z.string(),
  details: z.unknown(),
});
const chargerErrorSchema = apiErrorSchema.extend({
  code: z.literal('CHARGER_ERROR'),
  error: ocppErrorSchema,
});
const ocppCallParams = z.object({
  identity: z.string().min(1).max(64),
  action: z.string().regex(/^[A-Za-z0-9]{1,64}$/, { error: 'validation.invalid' }),
});
const ocppCommandsSchema = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      protocol: z.string(),
      action: z.string(),
      payload: z.unknown(),
      sentBy: z.string().nullable(),
      requestId: z.string().nullable(),
      outcome: z.enum(['sent', 'result', 'error', 'timeout', 'offline']),
      response: z.unknown(),
      error: ocppErrorSchema.nullable(),
      createdAt: z.string(),
      answeredAt: z.string().nullable(),
    }),
  ),
});

/** A call the charger did not answer with a result: its CALLERROR (502), or no answer (504). */
function unanswered(
  answer: Exclude<OperatorCallAnswer, { outcome: 'result' }>,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  if (answer.outcome === 'error')
    return reply.status(502).send({
      statusCode: 502,
      code: 'CHARGER_ERROR' as const,
      message: translateServer('ocpp.chargerError', request.locale, { code: answer.code }),
      error: { code: answer.code, description: answer.description, details: answer.details },
    });
  return reply.status(504).send({
    statusCode: 504,
    code: 'CHARGER_TIMEOUT',
    message: translateServer('ocpp.timeout', request.locale),
  });
}

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
        description:
          '`q` finds words in the identity, the installation’s name, the make or the firmware; `online`, `protocol` and `status` (a connector in that state; `Offline`: the charger is not connected) narrow the list.',
        security: bearer,
        querystring: z.object({
          ...pageQueryShape,
          q: z.string().trim().max(64, 'validation.tooLong').optional(),
          online: z.enum(['true', 'false'], { error: 'validation.invalid' }).optional(),
          protocol: z.enum(OCPP_PROTOCOLS, { error: 'validation.invalid' }).optional(),
          status: z.enum(connectorStatuses, { error: 'validation.invalid' }).optional(),
        }),
        response: { 200: adminChargersSchema, ...errorResponses(400, 401, 403) },
      },
    },
    (request) => {
      const { offset, take, q, online, protocol, status } = request.query;
      return registry.listChargers(ctx, offset, take, {
        q: q || undefined,
        online: online === undefined ? undefined : online === 'true',
        protocol,
        status,
      });
    },
  );

  app.get(
    '/admin/chargers/:identity',
    {
      onRequest: operatorOnly,
      schema: {
        tags,
        summary: 'One charger with its connection and connector states (operator)',
        security: bearer,
        params: z.object({ identity: z.string().min(1).max(64) }),
        response: { 200: operatorChargerSchema, ...errorResponses(401, 403, 404) },
      },
    },
    (request) => registry.chargerForOperator(ctx, request.params.identity),
  );

  app.patch(
    '/admin/chargers/:identity',
    {
      onRequest: operatorOnly,
      schema: {
        tags,
        summary:
          'Change a charger’s power or tariff, or take it out of the network and back (operator)',
        description:
          'A decommissioned charger is refused when it connects, its connection is ended at once, and it is gone from the app; a charger with a charge open answers 409 CHARGE_ACTIVE. A new tariff holds for charges opened after it.',
        security: bearer,
        params: z.object({ identity: z.string().min(1).max(64) }),
        body: chargerPatchSchema,
        response: { 200: operatorChargerSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
      preHandler: auditBefore((request) =>
        registry.chargerForOperator(ctx, (request.params as { identity: string }).identity),
      ),
    },
    (request) => registry.patchCharger(ctx, request.params.identity, request.body),
  );

  app.patch(
    '/admin/installations/:id',
    {
      onRequest: operatorOnly,
      schema: {
        tags,
        summary: 'Change an installation’s name or place, or make it private or public (operator)',
        description:
          'A private installation is shown only to its owner and those it is shared with; a public one to every customer.',
        security: bearer,
        params: z.object({ id: z.uuid() }),
        body: installationPatchSchema,
        response: {
          200: z.object({
            id: z.string(),
            name: z.string(),
            lat: z.number(),
            lng: z.number(),
            public: z.boolean(),
          }),
          ...errorResponses(400, 401, 403, 404),
        },
      },
      preHandler: auditBefore((request) =>
        registry.installationForOperator(ctx, (request.params as { id: string }).id),
      ),
    },
    (request) => registry.patchInstallation(ctx, request.params.id, request.body),
  );

  app.get(
    '/admin/chargers/:id/transactions',
    {
      onRequest: operatorOnly,
      schema: {
        tags,
        summary: 'The transactions a charger reported, billed or not, newest first (operator)',
        security: bearer,
        params: z.object({ id: z.uuid({ error: 'validation.invalid' }) }),
        querystring: z.object(pageQueryShape),
        response: { 200: transactionsSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) =>
      operations.chargerTransactions(
        ctx,
        request.params.id,
        request.query.offset,
        request.query.take,
      ),
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
        response: { 200: transactionsSchema, ...errorResponses(400, 401, 403) },
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
        summary:
          "A charger's reports for the record: security events, logs, firmware, limits, car needs (operator)",
        security: bearer,
        params: z.object({ id: z.uuid({ error: 'validation.invalid' }) }),
        querystring: z.object({ take: pageQueryShape.take }),
        response: { 200: noticesSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => operations.chargerNotices(ctx, request.params.id, request.query.take),
  );

  app.post(
    '/admin/chargers/:identity/ocpp/:action',
    {
      onRequest: operatorOnly,
      schema: {
        tags,
        summary: 'Send a charger any call of its OCPP version (operator)',
        description:
          "`action` is the OCPP action (`Reset`, `GetConfiguration`, `SetVariables`, …) and the body its payload, checked against the published schema of the charger's version (1.6J or 2.0.1) before it is sent: 422 `OCPP_INVALID_CALL` with the schema's complaint, 422 `OCPP_ACTION_UNSUPPORTED` for an action of the other version. 200 carries the charger's CALLRESULT; 502 `CHARGER_ERROR` its CALLERROR; 504 `CHARGER_TIMEOUT` no answer in time; 409 `CHARGER_OFFLINE` no process holds the charger. Every call sent is kept, with who sent it (`GET …/ocpp`).",
        security: bearer,
        params: ocppCallParams,
        body: z.record(z.string(), z.unknown()).optional(),
        response: {
          200: z.object({ response: z.unknown() }),
          502: chargerErrorSchema,
          504: apiErrorSchema,
          ...errorResponses(400, 401, 403, 404, 409, 422),
        },
      },
    },
    async (request, reply) => {
      const answer = await sendOperatorCall(ctx, {
        identity: request.params.identity,
        action: request.params.action,
        payload: request.body ?? {},
        sentBy: request.auth?.userId ?? null,
        requestId: request.id,
      });
      if (answer.outcome === 'result') return { response: answer.response };
      return unanswered(answer, request, reply);
    },
  );

  app.put(
    '/admin/chargers/:identity/local-list',
    {
      onRequest: operatorOnly,
      schema: {
        tags,
        summary:
          'Send a charger the full local authorization list of the registered tags (operator)',
        description:
          "Every registered tag with its standing, expiry date and group, as `SendLocalList` (`Full`) one version above the last the charger accepted, so a charger that loses its connection still refuses a blocked tag. 200 with the new `version` and the charger's answer; 409 `CHARGER_REFUSED` when it answers `Failed`, `VersionMismatch` or `NotSupported`; 502, 504 and 409 `CHARGER_OFFLINE` as for any call.",
        security: bearer,
        params: ocppCallParams.pick({ identity: true }),
        response: {
          200: z.object({ version: z.number().int(), response: z.unknown() }),
          502: chargerErrorSchema,
          504: apiErrorSchema,
          ...errorResponses(401, 403, 404, 409),
        },
      },
    },
    async (request, reply) => {
      const { answer, version } = await sendLocalList(ctx, {
        identity: request.params.identity,
        sentBy: request.auth?.userId ?? null,
        requestId: request.id,
      });
      if (answer.outcome !== 'result') return unanswered(answer, request, reply);
      const status = (answer.response as { status?: unknown } | null)?.status;
      if (status !== 'Accepted')
        throw new AppError(409, 'CHARGER_REFUSED', 'ocpp.localListRefused', undefined, undefined, {
          params: { status: String(status) },
        });
      return { version, response: answer.response };
    },
  );

  app.put(
    '/admin/installations/:id/power-limit',
    {
      onRequest: operatorOnly,
      schema: {
        tags,
        summary: "Set an installation's power limit, shared among its charges (operator)",
        description:
          "The most its charging connectors may draw together, in kW (a house with a 25 A main fuse on three phases: 17.3), or `null` for none. Each running charge is given an equal share, at most its charger's own maximum, with `SetChargingProfile` (a `TxProfile` in W), again whenever a charge there starts or ends; `null` clears the profiles. The customer sees the share as `powerLimitKw`.",
        security: bearer,
        params: z.object({ id: z.uuid({ error: 'validation.invalid' }) }),
        body: z
          .object({
            limitKw: z
              .number({ error: 'validation.invalid' })
              .min(1.4, 'validation.invalid')
              .max(100_000, 'validation.invalid')
              .nullable(),
          })
          .strict(),
        response: {
          200: z.object({ installationId: z.string(), powerLimitKw: z.number().nullable() }),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    (request) => setPowerLimit(ctx, request.params.id, request.body.limitKw),
  );

  app.put(
    '/admin/chargers/:identity/security-profile',
    {
      onRequest: operatorOnly,
      schema: {
        tags,
        summary: 'Set the OCPP security profile a charger must connect with (operator)',
        description:
          "1: HTTP Basic; 2: HTTP Basic over TLS (ended at `OCPP_TLS_PORT`, or at a trusted proxy that sends `X-Forwarded-Proto: https`); 3: TLS ended here with a client certificate from `OCPP_TLS_CLIENT_CA` whose common name is the charger's identity. It holds from the charger's next connection. 422 `PROFILE_UNAVAILABLE` when no charger could meet it here (no TLS, no password for 2, no client authority for 3).",
        security: bearer,
        params: ocppCallParams.pick({ identity: true }),
        body: z
          .object({
            profile: z.union([z.literal(1), z.literal(2), z.literal(3)], {
              error: 'validation.invalid',
            }),
          })
          .strict(),
        response: {
          200: z.object({ identity: z.string(), securityProfile: z.number().int() }),
          ...errorResponses(400, 401, 403, 404, 422),
        },
      },
    },
    (request) => setSecurityProfile(ctx, request.params.identity, request.body.profile),
  );

  app.get(
    '/admin/chargers/:identity/local-list',
    {
      onRequest: operatorOnly,
      schema: {
        tags,
        summary: 'The local authorization list a charger last accepted (operator)',
        description:
          'Its `version` (0: none sent), its `size` when it was a full list, and when it was accepted. A `GetLocalListVersion` call sets the version to what the charger reports. `tags` are the tags a list sent now would carry (the first 200; `tagsTotal` counts them all).',
        security: bearer,
        params: ocppCallParams.pick({ identity: true }),
        response: {
          200: chargerLocalListSchema,
          ...errorResponses(401, 403, 404),
        },
      },
    },
    (request) => localListOf(ctx, request.params.identity),
  );

  app.put(
    '/admin/chargers/:identity/password',
    {
      onRequest: operatorOnly,
      schema: {
        tags,
        summary: "Set a charger's HTTP Basic password (operator)",
        description:
          'A connected charger is sent the password first (1.6 `ChangeConfiguration` of `AuthorizationKey`, 2.0.1 `SetVariables` of `SecurityCtrlr.BasicAuthPassword`) and it is stored once the charger took it, so the old one works until then (`sentToCharger: true`); a charger that refuses keeps its old one (409 `CHARGER_REFUSED`). One that is not connected has it stored at once (`sentToCharger: false`), to be set on the charger by hand. 16 to 40 characters.',
        security: bearer,
        params: ocppCallParams.pick({ identity: true }),
        body: chargerPasswordChangeSchema,
        response: {
          200: z.object({ sentToCharger: z.boolean() }),
          ...errorResponses(400, 401, 403, 404, 409, 422),
        },
      },
    },
    (request) =>
      setChargerPassword(ctx, {
        identity: request.params.identity,
        password: request.body.password,
        sentBy: request.auth?.userId ?? null,
        requestId: request.id,
      }),
  );

  app.get(
    '/admin/chargers/:identity/ocpp',
    {
      onRequest: operatorOnly,
      schema: {
        tags,
        summary: "The OCPP calls operators sent a charger, and the charger's answers (operator)",
        security: bearer,
        params: ocppCallParams.pick({ identity: true }),
        querystring: z.object({ take: pageQueryShape.take }),
        response: { 200: ocppCommandsSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => operatorCalls(ctx, request.params.identity, request.query.take),
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
  const tagParams = z.object({ idTag: idTagSchema.shape.idTag });

  app.put(
    '/admin/id-tags/:idTag',
    {
      onRequest: operatorOnly,
      schema: {
        tags,
        summary: 'Create or change an RFID tag: its holder, standing, expiry and group (operator)',
        description:
          "`status` is what chargers are told at Authorize, StartTransaction, StopTransaction and TransactionEvent: `Blocked` and `Invalid` start nothing, and an `Accepted` tag past its `expiryDate` is `Expired`. A new tag needs `email`, its holder's address. `parentIdTag` names the tag's group, a registered tag. 201 when created, 200 when changed.",
        security: bearer,
        params: tagParams,
        body: idTagUpdateSchema,
        response: {
          200: idTagViewSchema,
          201: idTagViewSchema,
          ...errorResponses(400, 401, 403, 422),
        },
      },
    },
    async (request, reply) => {
      const { created, tag } = await registry.setIdTag(ctx, request.params.idTag, request.body);
      ctx.log.info(
        { idTag: tag.idTag, status: tag.status, by: request.auth?.userId },
        'an operator set an RFID tag',
      );
      return reply.status(created ? 201 : 200).send(tag);
    },
  );

  app.get(
    '/admin/id-tags/:idTag',
    {
      onRequest: operatorOnly,
      schema: {
        tags,
        summary: 'An RFID tag: its holder, standing, expiry and group (operator)',
        security: bearer,
        params: tagParams,
        response: { 200: idTagViewSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => registry.getIdTag(ctx, request.params.idTag),
  );

  app.delete(
    '/admin/id-tags/:idTag',
    {
      onRequest: operatorOnly,
      schema: {
        tags,
        summary: 'Remove an RFID tag: chargers are told it is Invalid (operator)',
        security: bearer,
        params: tagParams,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await registry.removeIdTag(ctx, request.params.idTag);
      ctx.log.info(
        { idTag: request.params.idTag, by: request.auth?.userId },
        'an operator removed an RFID tag',
      );
      return reply.status(204).send(null);
    },
  );
  return Promise.resolve();
};
