import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { testConfig } from '../../config.ts';
import { foodOrders, payments, paymentSteps, receipts, stations } from '../../db/schema/index.ts';
import { seedStationNetwork } from '../../seed/index.ts';
import { bearer } from '../../test/app.ts';
import { createTestDatabase, startApiChild, stopApiChild } from '../../test/api-child.ts';
import { checkBooks } from '../../test/books.ts';
import { signInAsStaff } from '../../test/staff.ts';
import { cardCustomer } from '../../test/stations.ts';

// The API process is killed (SIGKILL) right after the kitchen's accept captured the order's
// payment, before the receipt was written. The kitchen taps accept again on the restarted
// server: the order is accepted once, captured once, with one receipt, and the books balance.

const serverUrl = process.env.TEST_DATABASE_URL;
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let app: FastifyInstance;

describe.skipIf(!serverUrl)(
  'a crash right after a food order is captured (SIGKILL, PostgreSQL)',
  () => {
    beforeAll(async () => {
      database = await createTestDatabase(serverUrl ?? '', 'stod_food_crash');
      app = await buildApp(testConfig({ DATABASE_URL: database.url }));
      await seedStationNetwork(app.ctx.db);
    }, 60_000);

    afterAll(async () => {
      await app.close();
      await database.drop();
    });

    it('killed at food.after-capture: the repeated accept finishes it once', async () => {
      const [station] = (await app.ctx.db.select().from(stations).orderBy(stations.id)).filter(
        (s) => s.services.includes('food'),
      );
      if (!station) throw new Error('no food station');
      const always = Array.from({ length: 7 }, () => ({ from: '00:00', to: '24:00' }));
      await app.ctx.db
        .update(stations)
        .set({ openingHours: always })
        .where(eq(stations.id, station.id));
      const user = await cardCustomer(app);
      const staff = await signInAsStaff(app, { role: 'kitchen', stationIds: [station.id] });

      const first = await startApiChild(database.url, 'food.after-capture');
      let orderId = '';
      try {
        const placed = await fetch(`${first.base}/api/food/orders`, {
          method: 'POST',
          headers: {
            ...bearer(user.token),
            'content-type': 'application/json',
            'idempotency-key': `crash-${crypto.randomUUID()}`,
          },
          body: JSON.stringify({
            stationId: station.id,
            lines: [
              {
                type: 'product',
                productId: 'burgari',
                quantity: 2,
                addedIngredientIds: ['burgari-ostur'],
              },
            ],
            mode: 'dine-in',
            pickupAt: 'asap',
            paymentMethodId: user.cardId,
          }),
        });
        expect(placed.status).toBe(201);
        orderId = ((await placed.json()) as { id: string }).id;
        const accept = () =>
          fetch(`${first.base}/api/kitchen/orders/${orderId}/accept`, {
            method: 'POST',
            headers: { ...bearer(staff), 'content-type': 'application/json' },
            body: JSON.stringify({ readyInMinutes: 10 }),
          }).then(
            (r) => r.status,
            () => 'no answer',
          );
        expect(await accept()).toBe('no answer');
        expect(await first.exited).toBe('SIGKILL');
      } finally {
        await stopApiChild(first);
      }

      const [left] = await app.ctx.db.select().from(foodOrders).where(eq(foodOrders.id, orderId));
      expect(left).toMatchObject({ state: 'accepted', receiptId: null });

      const second = await startApiChild(database.url);
      try {
        const again = await fetch(`${second.base}/api/kitchen/orders/${orderId}/accept`, {
          method: 'POST',
          headers: { ...bearer(staff), 'content-type': 'application/json' },
          body: JSON.stringify({ readyInMinutes: 10 }),
        });
        expect(again.status).toBe(200);
        expect(await again.json()).toMatchObject({ state: 'accepted', captured: 2 * 104_00 });
      } finally {
        await stopApiChild(second);
      }

      const [payment] = await app.ctx.db
        .select()
        .from(payments)
        .where(eq(payments.id, left?.paymentId ?? ''));
      expect(payment).toMatchObject({ status: 'captured', amountCaptured: 2 * 104_00 });
      const steps = await app.ctx.db
        .select()
        .from(paymentSteps)
        .where(eq(paymentSteps.paymentId, payment?.id ?? ''));
      expect(steps.filter((s) => s.kind === 'capture')).toHaveLength(1);
      const made = await app.ctx.db
        .select()
        .from(receipts)
        .where(eq(receipts.paymentId, payment?.id ?? ''));
      expect(made).toHaveLength(1);
      expect(made[0]?.amount).toBe(2 * 104_00);
      expect(await checkBooks(app.ctx.db)).toEqual([]);
    }, 90_000);
  },
);
