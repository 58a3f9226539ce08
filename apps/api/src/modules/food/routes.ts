import {
  foodOrderCreateSchema,
  foodOrderListSchema,
  foodOrderSchema,
  foodQuoteResultSchema,
  foodQuoteSchema,
  idParam,
  kitchenAcceptSchema,
  kitchenOrderListSchema,
  kitchenOrderSchema,
  kitchenRejectSchema,
  menuAvailabilitySchema,
  menuAvailabilityStateSchema,
  localizeMenu,
  menuSchema,
  pageQueryShape,
  idempotencyKeyHeader,
} from '@stod/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf, bearer, errorResponses, requireAuth } from '../../plugins/auth.ts';
import { requireRole } from '../../plugins/roles.ts';
import { getStation, stationScope } from '../admin/index.ts';
import { recordChange } from '../../plugins/audit-change.ts';
import { accept, markCollected, markReady, recall, reject, stationOrders } from './kitchen.ts';
import { setAvailability, stationMenu } from './menus.ts';
import * as service from './service.ts';

const tags = ['food'];
const stationParams = z.object({ id: idParam });
const orderParams = z.object({ id: z.uuid({ error: 'validation.invalid' }) });
const kitchenStaff = requireRole('operator', 'kitchen');

/** Food at the stations: menus, quotes and orders for customers; the kitchen's side for staff. */
export const foodRoutes: FastifyPluginAsyncZod = (app) => {
  const { ctx } = app;

  app.get(
    '/food/stations/:id/menu',
    {
      schema: {
        tags,
        summary: 'The station’s menu: categories, products with ingredients and allergens, offers',
        params: stationParams,
        response: {
          200: menuSchema,
          304: z.null().describe('Not modified (If-None-Match)'),
          ...errorResponses(400, 404, 503),
        },
      },
    },
    async (request, reply) => {
      // Guests may read menus on the web (spec §2 rule 3): no session is needed.
      const { menu } = await stationMenu(ctx, request.params.id);
      // In the customer's language; an order still names the one version of the menu.
      const etag = `"${menu.version}-${request.locale}"`;
      // Asked again on every read (a 304 while it holds): a dish the kitchen marks sold out
      // shows at once, not a minute later.
      void reply
        .header('etag', etag)
        .header('cache-control', 'public, no-cache')
        .header('vary', 'Accept-Language');
      if (request.headers['if-none-match'] === etag) return reply.status(304).send(null);
      return localizeMenu(menu, request.locale);
    },
  );

  app.post(
    '/food/orders/quote',
    {
      schema: {
        tags,
        summary: 'What checkout will charge for these lines, priced from the menu as it is now',
        body: foodQuoteSchema,
        response: { 200: foodQuoteResultSchema, ...errorResponses(400, 404, 409, 503) },
      },
    },
    (request) => service.quote(ctx, request.body.stationId, request.body.lines),
  );

  app.post(
    '/food/orders',
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary:
          'Places an order: priced again from the menu, refused outside opening hours, the total held on the card',
        security: bearer,
        headers: idempotencyKeyHeader,
        body: foodOrderCreateSchema,
        response: {
          201: foodOrderSchema,
          ...errorResponses(400, 401, 404, 409, 422, 429, 503),
        },
      },
    },
    async (request, reply) => {
      // A total the app sends is what it showed; the order is priced again from the menu.
      const { stationId, lines, mode, pickupAt, paymentMethodId } = request.body;
      const order = await service.placeOrder(
        ctx,
        authOf(request).userId,
        { stationId, lines, mode, pickupAt, paymentMethodId },
        request.headers['idempotency-key'],
        request.locale,
      );
      return reply.status(201).send(order);
    },
  );

  app.get(
    '/food/orders',
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary: 'The user’s food orders, newest first',
        security: bearer,
        querystring: z.object(pageQueryShape),
        response: { 200: foodOrderListSchema, ...errorResponses(400, 401) },
      },
    },
    (request) =>
      service.listOrders(ctx, authOf(request).userId, request.query.offset, request.query.take),
  );

  app.get(
    '/food/orders/:id',
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary: 'One of the user’s food orders',
        security: bearer,
        params: orderParams,
        response: { 200: foodOrderSchema, ...errorResponses(400, 401, 404) },
      },
    },
    (request) => service.getOrder(ctx, authOf(request).userId, request.params.id),
  );

  // ---------------------------------------------------------------------------------------------
  // The kitchen display.

  app.get(
    '/kitchen/stations/:id/orders',
    {
      onRequest: kitchenStaff,
      schema: {
        tags,
        summary: 'The station’s open orders and those finished in the last two hours',
        security: bearer,
        params: stationParams,
        response: { 200: kitchenOrderListSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => stationOrders(ctx, request.params.id, await stationScope(request)),
  );

  /** A kitchen action on one order: staff of its station, or an operator. */
  const kitchenAction = (summary: string) => ({
    onRequest: kitchenStaff,
    schema: {
      tags,
      summary,
      security: bearer,
      params: orderParams,
      response: { 200: kitchenOrderSchema, ...errorResponses(400, 401, 403, 404, 409) },
    },
  });
  const withBody = <B extends z.ZodType>(summary: string, body: B) => {
    const action = kitchenAction(summary);
    return { ...action, schema: { ...action.schema, body } };
  };

  app.post(
    '/kitchen/orders/:id/accept',
    withBody('Accepts with a ready-by time; the hold is captured once', kitchenAcceptSchema),
    async (request) =>
      accept(ctx, request.params.id, request.body.readyInMinutes, await stationScope(request)),
  );

  app.post(
    '/kitchen/orders/:id/ready',
    kitchenAction('Marks the order ready; the customer is told'),
    async (request) => markReady(ctx, request.params.id, await stationScope(request)),
  );

  app.post(
    '/kitchen/orders/:id/collected',
    kitchenAction('Marks the order collected'),
    async (request) => markCollected(ctx, request.params.id, await stationScope(request)),
  );

  app.post(
    '/kitchen/orders/:id/recall',
    kitchenAction(
      'Brings a collected order back to ready (a mistaken hand-over); anything else but ready answers 409',
    ),
    async (request) => recall(ctx, request.params.id, await stationScope(request)),
  );

  app.post(
    '/kitchen/orders/:id/reject',
    withBody('Rejects a placed order with a reason; the hold is voided', kitchenRejectSchema),
    async (request) =>
      reject(ctx, request.params.id, request.body.reason, await stationScope(request)),
  );
  app.put(
    '/admin/stations/:id/menu/:itemId/availability',
    {
      onRequest: requireRole('operator', 'station', 'kitchen'),
      schema: {
        tags: ['food'],
        summary:
          'Mark a product or offer of a station’s menu sold out, until a time or until it is back, or back now (operator, or the station’s manager or kitchen)',
        description:
          'The customer’s menu shows a sold-out item unavailable (an offer too, once one of its items has no choice left) and its version changes, so an order built before is told the menu changed; no order takes it. An item not on the station’s menu answers 404.',
        security: bearer,
        params: z.object({ id: idParam, itemId: z.string().min(1).max(100) }),
        body: menuAvailabilitySchema,
        response: {
          200: menuAvailabilityStateSchema,
          ...errorResponses(400, 401, 403, 404, 422, 503),
        },
      },
    },
    async (request) => {
      const { id, itemId } = request.params;
      await getStation(ctx.db, id, await stationScope(request));
      const change = await setAvailability(ctx, id, itemId, request.body);
      recordChange(request, change);
      return change.after;
    },
  );
  return Promise.resolve();
};
