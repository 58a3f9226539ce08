import {
  appVersionQuerySchema,
  appVersionResponseSchema,
  companySchema,
  maintenanceResponseSchema,
} from '@stod/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../plugins/auth.ts';
import * as service from './service.ts';

export const systemRoutes: FastifyPluginAsyncZod = (app) => {
  const { ctx } = app;
  app.get(
    '/maintenance',
    {
      schema: {
        tags: ['system'],
        summary: 'Whether the service is in maintenance',
        response: { 200: maintenanceResponseSchema },
      },
    },
    () => service.maintenanceStatus(ctx),
  );

  app.get(
    '/app-version',
    {
      schema: {
        tags: ['system'],
        summary: 'Whether this app version must be updated',
        querystring: appVersionQuerySchema,
        response: { 200: appVersionResponseSchema, ...errorResponses(400) },
      },
    },
    (request) => service.checkAppVersion(ctx, request.query.platform, request.query.version),
  );

  app.get(
    '/company',
    {
      schema: {
        tags: ['system'],
        summary: 'The company that issues receipts: name, address and contact details',
        response: { 200: companySchema },
      },
    },
    (_request, reply) => {
      void reply.header('cache-control', 'public, max-age=3600');
      return service.companyOf(ctx.config);
    },
  );

  app.get(
    '/health',
    {
      // Load balancers probe often from few addresses; a 429 here would take a healthy instance out.
      config: { rateLimit: false },
      schema: {
        tags: ['system'],
        summary: 'Liveness and database reachability',
        response: {
          200: z.object({ status: z.literal('ok'), database: z.literal('up') }),
          503: z.object({ status: z.literal('degraded'), database: z.literal('down') }),
        },
      },
    },
    async (_request, reply) =>
      (await ctx.database.ping())
        ? { status: 'ok' as const, database: 'up' as const }
        : reply.status(503).send({ status: 'degraded', database: 'down' }),
  );
  return Promise.resolve();
};
