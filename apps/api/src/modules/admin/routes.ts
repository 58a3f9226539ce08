import {
  adminStationSchema,
  adminVoucherPageSchema,
  adminVoucherSchema,
  idParam,
  listQuerySchema,
  staffMemberSchema,
  stationLiveSchema,
  stationTransactionSchema,
  voucherIssueSchema,
  optionalIdempotencyKeyHeader,
  pointServiceSchema,
  pointServiceStateSchema,
  stationPointKinds,
  stationSettingsSchema,
} from '@stod/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditBefore, recordChange } from '../../plugins/audit-change.ts';
import { authOf, bearer, errorResponses } from '../../plugins/auth.ts';
import { requireRole } from '../../plugins/roles.ts';
import { stationScope } from './request-scope.ts';
import { resumeWash } from '../carwash/index.ts';
import { batchCsv, blockCode, issueCodes, listCodes } from '../vouchers/index.ts';
import { stationLive } from './live.ts';
import * as service from './service.ts';

const tags = ['admin'];
const operatorOnly = requireRole('operator');
const staff = requireRole('operator', 'station', 'kitchen');
const anyStaff = requireRole('operator', 'support', 'finance', 'station', 'kitchen');
const forecourtStaff = requireRole('operator', 'station');

/**
 * Staff routes. Each checks the caller's role: vouchers are the operator's, and station-bound
 * roles see only their own stations, anything else answering 404 as if it did not exist.
 */
export const adminRoutes: FastifyPluginAsyncZod = (app) => {
  const { ctx } = app;
  app.post(
    '/admin/vouchers',
    {
      onRequest: operatorOnly,
      schema: {
        tags,
        summary:
          'Issue value vouchers, gift cards or product vouchers (operator); the codes are shown once. A repeated Idempotency-Key issues nothing (409)',
        security: bearer,
        headers: optionalIdempotencyKeyHeader,
        body: voucherIssueSchema,
        response: {
          201: z.object({
            items: z.array(z.object({ id: z.string(), code: z.string() })),
            expiresAt: z.string(),
          }),
          ...errorResponses(400, 401, 403, 409),
        },
      },
    },
    async (request, reply) => {
      const order = request.body;
      const items = await issueCodes(ctx.db, order, request.headers['idempotency-key']);
      // The codes are shown once, to the one who issued them; the log keeps only how many.
      recordChange(request, { after: { issued: items.length, expiresAt: order.expiresAt } });
      request.log.info(
        { kind: order.kind, name: order.name, count: items.length, by: request.auth?.userId },
        'vouchers issued',
      );
      return reply.status(201).send({ items, expiresAt: order.expiresAt });
    },
  );

  app.get(
    '/admin/vouchers',
    {
      onRequest: operatorOnly,
      schema: {
        tags,
        summary:
          'The codes on issue, newest first, with who redeemed each and whether it is blocked (operator)',
        description:
          '`q` finds a code as printed (by its hash: codes are never kept), a code’s id, or words of its name or batch; `batch` lists one order’s codes.',
        security: bearer,
        querystring: listQuerySchema.extend({
          q: z.string().trim().max(120, 'validation.tooLong').optional(),
          batch: z.string().trim().min(1).max(120, 'validation.tooLong').optional(),
        }),
        response: { 200: adminVoucherPageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    (request) => {
      const { q, batch, offset, take } = request.query;
      return listCodes(ctx.db, { q, batch }, offset, take);
    },
  );

  app.get(
    '/admin/vouchers/batches/:batch/csv',
    {
      onRequest: operatorOnly,
      schema: {
        tags,
        summary:
          'One batch of codes as CSV: each code’s id, kind, amount, expiry, redemption and block (operator)',
        security: bearer,
        params: z.object({ batch: z.string().min(1).max(120) }),
        response: { 200: z.string(), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const csv = await batchCsv(ctx.db, request.params.batch);
      return reply
        .type('text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="vouchers-${request.params.batch.replace(/[^\w.-]/g, '_')}.csv"`,
        )
        .send(csv);
    },
  );

  for (const [method, blocked] of [
    ['POST', true],
    ['DELETE', false],
  ] as const)
    app.route({
      method,
      url: '/admin/vouchers/:code/block',
      onRequest: operatorOnly,
      schema: {
        tags,
        summary: blocked
          ? 'Block a code, named as printed or by its id: it can no longer be redeemed, nor what was redeemed from it spent (operator)'
          : 'Let a blocked code go again (operator)',
        security: bearer,
        params: z.object({ code: z.string().trim().min(1).max(120) }),
        response: { 200: adminVoucherSchema, ...errorResponses(400, 401, 403, 404) },
      },
      handler: async (request) => {
        const change = await blockCode(ctx.db, request.params.code, blocked);
        recordChange(request, change);
        return change.after;
      },
    });

  app.get(
    '/admin/stations',
    {
      onRequest: staff,
      schema: {
        tags,
        summary: "The stations the caller works at (an operator's: all of them), by id",
        security: bearer,
        querystring: listQuerySchema,
        response: {
          200: z.object({ total: z.number().int(), items: z.array(adminStationSchema) }),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request) =>
      service.listStations(
        ctx.db,
        await stationScope(request),
        request.query.offset,
        request.query.take,
      ),
  );

  app.get(
    '/admin/stations/:id',
    {
      onRequest: staff,
      schema: {
        tags,
        summary: "One of the caller's stations; any other answers 404",
        security: bearer,
        params: z.object({ id: idParam }),
        response: { 200: adminStationSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.getStation(ctx.db, request.params.id, await stationScope(request)),
  );

  app.get(
    '/admin/stations/:id/live',
    {
      onRequest: staff,
      schema: {
        tags,
        summary:
          "A station's pumps and bays as their controllers report them, with open transactions",
        security: bearer,
        params: z.object({ id: idParam }),
        response: { 200: stationLiveSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => stationLive(ctx, request.params.id, await stationScope(request)),
  );

  app.post(
    '/admin/carwash/transactions/:id/resume',
    {
      onRequest: forecourtStaff,
      schema: {
        tags,
        summary: 'Resume a stopped wash (station staff of its station, or an operator)',
        security: bearer,
        params: z.object({ id: z.uuid({ error: 'validation.invalid' }) }),
        response: { 200: stationTransactionSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => resumeWash(ctx, request.params.id, await stationScope(request)),
  );

  app.patch(
    '/admin/stations/:id',
    {
      onRequest: forecourtStaff,
      schema: {
        tags,
        summary:
          "Set a station's opening hours (Monday first, null for a closed day), its services, the pumps and bays out of service (`closedPumps`, `closedBays`: the whole list of each) or its kitchen paused (operator, or the station's own manager); the app follows within seconds, starts no closed point and takes no order while the kitchen is paused",
        security: bearer,
        params: z.object({ id: idParam }),
        body: stationSettingsSchema,
        response: { 200: adminStationSchema, ...errorResponses(400, 401, 403, 404) },
      },
      preHandler: auditBefore(async (request) =>
        service.getStation(
          ctx.db,
          (request.params as { id: number }).id,
          await stationScope(request),
        ),
      ),
    },
    async (request) =>
      service.updateStation(ctx, request.params.id, await stationScope(request), request.body),
  );

  app.put(
    '/admin/stations/:id/points/:kind/:point',
    {
      onRequest: forecourtStaff,
      schema: {
        tags,
        summary:
          'Take one pump, bay or coffee machine out of service, or put it back (operator, or the station’s own manager)',
        description:
          'The point is a pump’s or bay’s number, or a coffee machine’s id (`machines` of the live view). The station’s other points stay as they are. The app shows a closed pump or bay unavailable and starts nothing there; a closed coffee machine shows no code and pours none.',
        security: bearer,
        params: z.object({
          id: idParam,
          kind: z.enum(stationPointKinds, { error: 'validation.invalid' }),
          point: z.string().min(1).max(64),
        }),
        body: pointServiceSchema,
        response: { 200: pointServiceStateSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { id, kind, point } = request.params;
      const change = await service.setPointService(
        ctx,
        id,
        await stationScope(request),
        kind,
        point,
        request.body.outOfService,
      );
      recordChange(request, change);
      return change.after;
    },
  );

  app.get(
    '/admin/me',
    {
      onRequest: anyStaff,
      schema: {
        tags,
        summary:
          'The signed-in staff member, their role and their stations (null: a role not bound to stations)',
        security: bearer,
        response: { 200: staffMemberSchema, ...errorResponses(401, 403) },
      },
    },
    (request) => service.staffMember(ctx.db, authOf(request)),
  );
  return Promise.resolve();
};
