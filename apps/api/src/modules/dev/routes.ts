import { emailField, pageQueryShape } from '@stod/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../plugins/auth.ts';
import { listOutbox } from '../system/index.ts';

/** The device simulators' controls and page, which app.ts mounts with the running simulators. */
export { registerDeviceSims } from './sim-routes.ts';

/**
 * Development helpers: the mail outbox and operator switches. Registered only
 * when NODE_ENV is not production.
 */
export const devRoutes: FastifyPluginAsyncZod = (app) => {
  const { ctx } = app;
  app.get(
    '/dev/outbox',
    {
      schema: {
        tags: ['dev'],
        summary: 'Mail that would have been sent (development only)',
        querystring: z.object({ to: emailField.optional(), ...pageQueryShape }),
        response: {
          200: z.object({
            items: z.array(
              z.object({
                id: z.string(),
                to: z.string(),
                subject: z.string(),
                text: z.string(),
                createdAt: z.string(),
              }),
            ),
            total: z.number().int(),
          }),
          ...errorResponses(400),
        },
      },
    },
    async (request) => {
      const { query } = request;
      const page = await listOutbox(ctx.db, query.to, query.offset, query.take);
      return {
        total: page.total,
        items: page.items.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })),
      };
    },
  );

  return Promise.resolve();
};
