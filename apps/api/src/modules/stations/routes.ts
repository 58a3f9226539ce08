import {
  beverageListSchema,
  productColorListSchema,
  providerStationListSchema,
  stationListSchema,
  stationSchema,
  stationServices,
} from '@stod/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { heldReads, withEtag } from '../../lib/etag.ts';
import { notFound } from '../../lib/errors.ts';
import { errorResponses } from '../../plugins/auth.ts';
import * as repo from './repo.ts';
import * as service from './service.ts';

const notModified = { 304: z.null().describe('Not modified: the ETag still holds') };

/** How long the API keeps the station list it sends; clients keep it 60 s (`max-age`). */
export const STATION_LIST_HELD_MS = 5000;

/**
 * Spec §7 "Stations". `{product}` is the product slug from configuration; the
 * static paths are registered under that slug, and any other segment is read as
 * a station id.
 */
export const stationRoutes: FastifyPluginAsyncZod = (app) => {
  const { ctx } = app;
  const slug = ctx.config.PRODUCT_SLUG;
  // The list is the same for every caller and changes when an operator changes a station, so a
  // burst of app starts costs one query; a change heard on the bus drops it at once.
  const stationLists = heldReads(STATION_LIST_HELD_MS);
  const stopForgetting = ctx.bus.subscribe('stations.changed', () => {
    stationLists.forget();
  });
  app.addHook('onClose', (_instance, done) => {
    stopForgetting();
    done();
  });

  app.get(
    '/stations',
    {
      schema: {
        tags: ['stations'],
        summary: "The payment provider's station list, under data.items",
        response: { 200: providerStationListSchema, ...errorResponses(503) },
      },
    },
    async () => ({ data: { items: await service.providerStations(ctx) } }),
  );

  app.get(
    `/stations/${slug}`,
    {
      schema: {
        tags: ['stations'],
        summary: 'Every station, optionally only those offering a service',
        querystring: z.object({ service: z.enum(stationServices).optional() }),
        response: { 200: stationListSchema, ...notModified, ...errorResponses(400) },
      },
    },
    (request, reply) => {
      const { locale } = request;
      const { service } = request.query;
      return stationLists.answer(request, reply, `${locale}:${service ?? ''}`, async () => {
        const items = await repo.listStations(ctx.db, locale, service ? { service } : {});
        return z.encode(stationListSchema, { items, total: items.length });
      });
    },
  );

  app.get(
    `/stations/${slug}-product-colors`,
    {
      schema: {
        tags: ['stations'],
        summary: 'Colours of products and services, for markers and badges',
        response: { 200: productColorListSchema, ...notModified },
      },
    },
    async (request, reply) =>
      withEtag(request, reply, { items: await repo.listProductColors(ctx.db) }),
  );

  app.get(
    `/stations/${slug}-beverages`,
    {
      schema: {
        tags: ['stations'],
        summary: 'The beverages sold at stations, by beverage family',
        response: { 200: beverageListSchema, ...notModified },
      },
    },
    async (request, reply) =>
      withEtag(request, reply, { items: await repo.listBeverages(ctx.db, request.locale) }),
  );

  const byId = {
    schema: {
      tags: ['stations'],
      summary: 'One station (any word that is not an id answers 404)',
      params: z.object({ id: z.string() }),
      response: { 200: stationSchema, ...notModified, ...errorResponses(400, 404) },
    },
  };
  const oneStation = async (
    request: { params: { id: string } } & Parameters<typeof withEtag>[0],
    reply: Parameters<typeof withEtag>[1],
  ) =>
    withEtag(
      request,
      reply,
      await service.getStation(ctx, service.parseStationId(request.params.id), request.locale),
    );

  app.get(`/stations/${slug}/:id`, byId, oneStation);
  app.get('/stations/:id', byId, oneStation);

  app.get('/stations/:product/:id', { schema: { hide: true } }, () => {
    throw notFound();
  });
  return Promise.resolve();
};
