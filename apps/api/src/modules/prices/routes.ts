import {
  idParam,
  priceBoundsSchema,
  priceBoundsStateSchema,
  priceChangeSchema,
  stationPricesSchema,
} from '@stod/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordChange } from '../../plugins/audit-change.ts';
import { authOf, bearer, errorResponses } from '../../plugins/auth.ts';
import { requireRole } from '../../plugins/roles.ts';
import { stationScope } from '../admin/index.ts';
import * as service from './service.ts';

const tags = ['admin'];
const operatorOnly = requireRole('operator');

/** Prices and their bounds: the operator sets them; a station's manager reads their own. */
export const priceRoutes: FastifyPluginAsyncZod = (app) => {
  const { ctx } = app;
  app.get(
    '/admin/stations/:id/prices',
    {
      onRequest: requireRole('operator', 'station'),
      schema: {
        tags,
        summary:
          "A station's products with their prices (øre, VAT included), bounds and the changes still to come (operator, or the station's own manager)",
        security: bearer,
        params: z.object({ id: idParam }),
        response: { 200: stationPricesSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      service.stationPrices(ctx, request.params.id, await stationScope(request), request.locale),
  );

  app.put(
    '/admin/stations/:id/prices',
    {
      onRequest: operatorOnly,
      schema: {
        tags,
        summary: "Change some of a station's prices, now or from a set time (operator)",
        description:
          'Each item gives a product of the station (`productId`, from `GET …/prices`), its new price in øre and, if it is to wait, the time it takes effect (`at`). All or nothing: a product the station does not sell answers 404, a price outside its product’s bounds 422 `PRICE_OUT_OF_BOUNDS`. A transaction keeps the price it started with.',
        security: bearer,
        params: z.object({ id: idParam }),
        body: priceChangeSchema,
        response: { 200: stationPricesSchema, ...errorResponses(400, 401, 403, 404, 422) },
      },
    },
    async (request) => {
      const change = await service.changePrices(
        ctx,
        request.params.id,
        await stationScope(request),
        request.body,
        authOf(request).userId,
        request.locale,
      );
      recordChange(request, change);
      return change.after;
    },
  );

  app.delete(
    '/admin/stations/:id/prices/:changeId',
    {
      onRequest: operatorOnly,
      schema: {
        tags,
        summary: 'Cancel a price change that has not yet taken effect (operator)',
        security: bearer,
        params: z.object({ id: idParam, changeId: idParam }),
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await service.cancelPriceChange(
        ctx,
        request.params.id,
        await stationScope(request),
        request.params.changeId,
      );
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/admin/products/:id/bounds',
    {
      onRequest: operatorOnly,
      schema: {
        tags,
        summary:
          'Set the lowest and highest price (øre) of the product a station product is; they hold for that product at every station (operator)',
        security: bearer,
        params: z.object({ id: idParam }),
        body: priceBoundsSchema,
        response: { 200: priceBoundsStateSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const change = await service.setBounds(ctx, request.params.id, request.body);
      recordChange(request, change);
      return change.after;
    },
  );
  return Promise.resolve();
};
