import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.ts';
import { payments } from '../db/schema/index.ts';
import { bearer, registerUser } from './app.ts';
import { addTestCard } from './cards.ts';

/** A registered customer with a saved test card, as the station tests need one. */
export async function cardCustomer(app: FastifyInstance, cardNumber = '4242424242424242') {
  const user = await registerUser(app);
  const me = (await app.inject({ url: '/api/user/v2', headers: bearer(user.token) })).json<{
    id: string;
  }>();
  const card = await addTestCard(app, me.id, cardNumber);
  return { ...user, id: me.id, cardId: card.id };
}

/** Asks again until the answer is what the test waits for; devices run on their own time. */
export async function until<T>(
  probe: () => Promise<T>,
  done: (value: T) => boolean,
  ms = 15_000,
): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (done(value)) return value;
    if (Date.now() > end) throw new Error(`gave up waiting: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** How many holds of the user are still open on the card. */
export async function openHolds(db: Db, userId: string) {
  const rows = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.userId, userId), eq(payments.status, 'authorised')));
  return rows.length;
}
