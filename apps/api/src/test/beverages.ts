import { randomUUID } from 'node:crypto';
import type { BeveragePurchase } from '@stod/domain';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  beverageFills,
  paymentSteps,
  payments,
  receipts,
  stations,
  subscriptionPlans,
} from '../db/schema/index.ts';
import type { BeverageMachineSim } from '../integrations/beverage-machine/sim.ts';
import { seedStationNetwork } from '../seed/index.ts';
import { bearer } from './app.ts';
import { cardCustomer } from './stations.ts';

interface Code {
  hash: string;
  url: string;
  transactionId: string;
  installationId: string;
}

/** The coffee machines' codes and one-time purchases, as the beverage tests need them. */
export function beverageKit(app: FastifyInstance) {
  let station = 0;
  const db = () => app.ctx.db;
  const machines = () => app.ctx.beverageMachines as BeverageMachineSim;
  return {
    async seed() {
      await seedStationNetwork(db());
      const [first] = (await db().select().from(stations).orderBy(stations.id)).filter((s) =>
        s.services.includes('food'),
      );
      station = first?.id ?? 0;
    },
    machines,
    /** The food station whose machine the codes come from. */
    stationId: () => station,

    /**
     * A customer's choice on the station's machine: the code it shows. A machine still pouring
     * the last test's cup shows none yet, so the choice is made again until it does.
     */
    async choose(beverageFamily = 'COFFEE') {
      for (let tries = 0; ; tries += 1) {
        const res = await app.inject({
          method: 'POST',
          url: '/api/dev/sim/beverage-machines',
          payload: { stationId: station, beverageFamily },
        });
        if (res.statusCode !== 200) throw new Error(`no code: ${res.body}`);
        const code = res.json<Code>();
        if (machines().codeOf(code.installationId) === code.url || tries > 200) return code;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },

    buy(token: string, body: Record<string, unknown>, key: string | null = randomUUID()) {
      return app.inject({
        method: 'POST',
        url: '/api/beverages/one-time-purchase',
        headers: {
          ...bearer(token),
          'accept-language': 'en',
          ...(key ? { 'idempotency-key': key } : {}),
        },
        payload: body,
      });
    },

    /** A customer with a card and a BEVERAGE subscription of the tier at `tier` (0 the first). */
    async subscriber(tier = 0) {
      const user = await cardCustomer(app);
      const plans = await db().select().from(subscriptionPlans).orderBy(subscriptionPlans.index);
      const res = await app.inject({
        method: 'POST',
        url: `/api/subscriptions/${String(plans[tier]?.id)}/subscribe`,
        headers: { ...bearer(user.token), 'idempotency-key': `sub-${randomUUID()}` },
        payload: { interval: 'monthly', paymentMethodId: user.cardId },
      });
      if (res.statusCode !== 201) throw new Error(`not subscribed: ${res.body}`);
      return user;
    },

    /** POST /api/beverages: the code poured on the user's subscription. */
    pour: (token: string, code: Omit<Code, 'url'>) =>
      app.inject({
        method: 'POST',
        url: '/api/beverages',
        headers: { ...bearer(token), 'accept-language': 'en' },
        payload: {
          hash: code.hash,
          installationId: code.installationId,
          transactionId: code.transactionId,
        },
      }),

    read: (token: string, hash: string) =>
      app.inject({ url: `/api/beverages/${hash}`, headers: bearer(token) }),

    async fill(hash: string) {
      const [row] = await db().select().from(beverageFills).where(eq(beverageFills.hash, hash));
      if (!row) throw new Error('no fill');
      return row;
    },

    /** The payments made for a fill, and how many captures each had. */
    async paymentsFor(fillId: string) {
      const rows = await db()
        .select()
        .from(payments)
        .where(sql`${payments.reference} in (${fillId}, ${`beverages:${fillId}`})`);
      return Promise.all(
        rows.map(async (p) => ({
          ...p,
          captures: (
            await db()
              .select()
              .from(paymentSteps)
              .where(sql`${paymentSteps.paymentId} = ${p.id} and ${paymentSteps.kind} = 'capture'`)
          ).length,
        })),
      );
    },

    receiptsOf: (userId: string) => db().select().from(receipts).where(eq(receipts.userId, userId)),
  };
}

export type Purchase = BeveragePurchase;
