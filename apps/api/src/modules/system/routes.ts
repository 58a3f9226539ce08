import {
  appVersionQuerySchema,
  appVersionResponseSchema,
  companySchema,
  legalPages,
  locales,
  maintenanceResponseSchema,
} from '@stod/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../plugins/auth.ts';
import { legalPageHtml } from './legal-page.ts';
import * as service from './service.ts';

const LEGAL_SUMMARIES = {
  terms: 'The built-in terms page (HTML), in Faroese or English',
  'purchase-terms': 'The built-in terms of purchase page (HTML), in Faroese or English',
  privacy: 'The built-in privacy page (HTML), in Faroese or English',
} as const;

const legalQuery = z.object({
  /** The language; without it, Accept-Language decides (an in-app browser sends the phone's). */
  lang: z.enum(locales, { error: 'validation.invalid' }).optional(),
});

export const systemRoutes: FastifyPluginAsyncZod = (app) => {
  const { ctx } = app;
  app.get(
    '/maintenance',
    {
      schema: {
        tags: ['system'],
        summary: "Whether the service is in maintenance, with the notice in the caller's language",
        response: { 200: maintenanceResponseSchema },
      },
    },
    (request) => service.maintenanceStatus(ctx, request.locale),
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

  // The addresses the app opens are in GET /company; these pages stand until an operator
  // configures its own.
  for (const page of legalPages) {
    app.get(
      `/legal/${page}`,
      {
        schema: {
          tags: ['system'],
          summary: LEGAL_SUMMARIES[page],
          querystring: legalQuery,
          response: { 200: z.string().describe('text/html'), ...errorResponses(400) },
        },
      },
      async (request, reply) => {
        const locale = request.query.lang ?? request.locale;
        return reply
          .type('text/html; charset=utf-8')
          .header('cache-control', 'public, max-age=3600')
          .header('vary', 'accept-language')
          .header('content-language', locale)
          .send(legalPageHtml(page, locale, service.companyOf(ctx.config)));
      },
    );
  }

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

  app.get(
    '/health/live',
    {
      config: { rateLimit: false },
      schema: {
        tags: ['system'],
        summary: 'Liveness: the process answers (a restart is the cure when it does not)',
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
    },
    () => ({ status: 'ok' as const }),
  );

  const readiness = z.object({
    status: z.enum(['ready', 'not ready']),
    database: z.enum(['up', 'down']),
    redis: z.enum(['up', 'down', 'none']),
    draining: z.boolean(),
    // A process listens only once its migrations are done, so an answer at all means they are.
    migrations: z.literal('done'),
  });
  app.get(
    '/health/ready',
    {
      config: { rateLimit: false },
      schema: {
        tags: ['system'],
        summary:
          'Readiness: the database and Redis answer and the process is not stopping; a balancer sends traffic only while 200',
        response: { 200: readiness, 503: readiness },
      },
    },
    async (_request, reply) => {
      const [database, redis] = await Promise.all([
        ctx.database.ping().then((up) => (up ? ('up' as const) : ('down' as const))),
        ctx.bus.ping(),
      ]);
      const draining = ctx.lifecycle.draining;
      const ready = database === 'up' && redis !== 'down' && !draining;
      return reply.status(ready ? 200 : 503).send({
        status: ready ? 'ready' : 'not ready',
        database,
        redis,
        draining,
        migrations: 'done',
      });
    },
  );
  return Promise.resolve();
};
