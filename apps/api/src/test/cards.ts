import type { FastifyInstance } from 'fastify';
import { paymentMethods } from '../db/schema/index.ts';
import type { gatewaySim } from '../integrations/payments/sim.ts';

type Sim = ReturnType<typeof gatewaySim>;

/** Puts a test card through the simulator's card entry and saves it for the user. */
export async function addTestCard(
  app: FastifyInstance,
  userId: string,
  number = '4242424242424242',
) {
  const sim = app.ctx.gateway as Sim;
  const session = await sim.createCardSession(`test-${userId}-${number}-${String(Math.random())}`, {
    reference: userId,
    returnUrl: 'http://localhost/return',
  });
  const entered = await sim.enterCard(session.id, { number, expMonth: 12, expYear: 2099 });
  if (!entered.card) throw new Error('no card saved');
  const [row] = await app.ctx.db
    .insert(paymentMethods)
    .values({
      userId,
      kind: 'card',
      token: entered.card.token,
      brand: entered.card.brand,
      last4: entered.card.last4,
      expMonth: entered.card.expMonth,
      expYear: entered.card.expYear,
      products: ['fuel', 'carwash', 'charging', 'food', 'beverages', 'subscriptions'],
    })
    .returning();
  if (!row) throw new Error('card insert failed');
  return row;
}
