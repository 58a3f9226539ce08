import { isPlainText } from '@stod/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ProviderCardsSim } from './sim.ts';

export const SIM_PROVIDER_CARDS_PATH = '/api/sim/provider-cards';

// The holder's contacts are stored as text: short, and free of characters a database refuses.
const contact = z
  .string()
  .max(200)
  .refine((value) => isPlainText(value));

const issueBody = z
  .object({
    pin: z.string().regex(/^\d{4}$/),
    status: z.enum(['active', 'blocked', 'expired', 'lost']),
    email: contact.nullable(),
    phone: contact.nullable(),
  })
  .partial();

const messagesQuery = z.object({ to: contact });

/**
 * The simulator's back office, for developers and the end-to-end tests: issue a card with a known
 * PIN, and read the codes it "sent". Never mounted in production.
 */
export function registerProviderCardsSim(app: FastifyInstance, sim: ProviderCardsSim) {
  void app.register(
    (scope, _opts, done) => {
      scope.post('/cards', { schema: { hide: true } }, async (request, reply) => {
        const parsed = issueBody.safeParse(request.body ?? {});
        if (!parsed.success) return reply.status(400).send({ statusCode: 400, code: 'VALIDATION' });
        const { pin, status, email, phone } = parsed.data;
        const issued = await sim.issueTestCard({
          ...(pin ? { pin } : {}),
          ...(status ? { status } : {}),
          holder: {
            ...(email !== undefined ? { email } : {}),
            ...(phone !== undefined ? { phone } : {}),
          },
        });
        return reply.status(201).send({
          id: issued.card.id,
          number: issued.number,
          pin: issued.pin,
          email: issued.email,
          phone: issued.phone,
        });
      });
      scope.get('/messages', { schema: { hide: true } }, async (request, reply) => {
        const parsed = messagesQuery.safeParse(request.query);
        if (!parsed.success) return reply.status(400).send({ statusCode: 400, code: 'VALIDATION' });
        const rows = await sim.messagesTo(parsed.data.to);
        return {
          items: rows.map((m) => ({
            channel: m.channel,
            destination: m.destination,
            text: m.text,
            createdAt: m.createdAt.toISOString(),
          })),
        };
      });
      done();
    },
    { prefix: SIM_PROVIDER_CARDS_PATH },
  );
}
