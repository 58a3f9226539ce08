import { emailField, pageQueryShape } from '@stod/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../plugins/auth.ts';
import * as repo from './repo.ts';

const messageSchema = z.object({
  id: z.string(),
  userId: z.string(),
  platform: z.string(),
  provider: z.string().nullable(),
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  url: z.string(),
  state: z.string(),
  attempts: z.number().int(),
  error: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});

/** What the development push service received: kept in memory, newest first, at most 200. */
const received: { endpoint: string; at: string; bytes: number; encoding: string | null }[] = [];

/**
 * Development only. The push outbox lists every push message and how its sending went, as the
 * mail outbox does for mail. The development push service stands in for a browser vendor's: a
 * Web Push subscription pointed at it gets the real encrypted, VAPID-signed requests.
 */
export const notificationDevRoutes: FastifyPluginAsyncZod = (app) => {
  const { ctx } = app;
  app.get(
    '/dev/push-outbox',
    {
      schema: {
        tags: ['dev'],
        summary: 'Push messages, sent or not (development only)',
        querystring: z.object({ to: emailField.optional(), ...pageQueryShape }),
        response: {
          200: z.object({ items: z.array(messageSchema), total: z.number().int() }),
          ...errorResponses(400),
        },
      },
    },
    async (request) => {
      const { to, offset, take } = request.query;
      const userIds = to ? await repo.userIdsByEmail(ctx.db, to) : undefined;
      const page = await repo.listMessages(ctx.db, userIds ? { userIds } : {}, offset, take);
      return {
        total: page.total,
        items: page.items.map((m) => ({
          id: m.id,
          userId: m.userId,
          platform: m.platform,
          provider: m.provider,
          kind: m.kind,
          title: m.title,
          body: m.body,
          url: m.url,
          state: m.state,
          attempts: m.attempts,
          error: m.error,
          createdAt: m.createdAt.toISOString(),
          sentAt: m.sentAt?.toISOString() ?? null,
        })),
      };
    },
  );

  app.register((service, _options, done) => {
    // The encrypted payload arrives as raw bytes.
    service.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, parsed) => {
      parsed(null, body);
    });
    service.post(
      '/dev/push-service/:id',
      {
        schema: {
          tags: ['dev'],
          summary: 'A stand-in browser push service: takes a Web Push request (development only)',
          params: z.object({ id: z.string().min(1).max(200) }),
        },
      },
      (request, reply) => {
        const { id } = request.params as { id: string };
        const auth = request.headers.authorization ?? '';
        // RFC 8292: the request is signed with VAPID, and its payload encrypted (RFC 8291).
        if (!/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]+$/.test(auth))
          return reply.status(401).send({ error: 'VAPID authorization required' });
        if (id.startsWith('gone-')) return reply.status(410).send();
        const body = request.body as Buffer | undefined;
        received.unshift({
          endpoint: id,
          at: new Date().toISOString(),
          bytes: body?.length ?? 0,
          encoding: request.headers['content-encoding'] ?? null,
        });
        received.length = Math.min(received.length, 200);
        return reply.status(201).send();
      },
    );
    service.get(
      '/dev/push-service',
      { schema: { tags: ['dev'], summary: 'What the development push service received' } },
      () => ({ items: received }),
    );
    done();
  });
  return Promise.resolve();
};
