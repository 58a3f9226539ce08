import type { Charge } from '@stod/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { testConfig } from '../../config.ts';
import {
  charges,
  ownerCredits,
  paymentMethods,
  payments,
  paymentSteps,
  receipts,
  simGatewayAuthorizations,
} from '../../db/schema/index.ts';
import { bearer, registerUser } from '../../test/app.ts';
import {
  createTestDatabase,
  startApiChild,
  stopApiChild,
  type ApiChild,
} from '../../test/api-child.ts';
import { checkBooks } from '../../test/books.ts';
import { boot16, meter16, registerCharger, scriptedCharger } from '../../test/chargers.ts';
import { cardCustomer } from '../../test/stations.ts';
import { reconcileCharges } from './reconcile.ts';

// The API process is killed (SIGKILL) right after it captured a finished charge's payment, before
// it wrote the receipt. Started again on the same PostgreSQL database, it must finish the charge
// once: one capture, one receipt, one owner credit, the rest of the hold released, books balanced.

const serverUrl = process.env.TEST_DATABASE_URL;
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let app: FastifyInstance;

/** A request to the child, as the app would send it. */
async function send(
  api: ApiChild,
  token: string,
  path: string,
  options: { method?: string; body?: unknown; key?: string } = {},
) {
  const res = await fetch(`${api.base}${path}`, {
    method: options.method ?? 'GET',
    headers: {
      ...bearer(token),
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.key ? { 'idempotency-key': options.key } : {}),
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** A promise's value, or a clear failure once the deadline passes. */
async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_resolve, reject) => {
        timer = setTimeout(() => {
          reject(new Error(`gave up waiting for ${what}`));
        }, ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** Asks again until the answer is what the test waits for, up to a deadline. */
async function until<T>(probe: () => Promise<T>, done: (value: T) => boolean, ms = 15_000) {
  const end = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (done(value)) return value;
    if (Date.now() > end) throw new Error(`gave up waiting: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const rowOf = async (id: string) => {
  const [row] = await app.ctx.db.select().from(charges).where(eq(charges.id, id));
  if (!row) throw new Error('charge gone');
  return row;
};

describe.skipIf(!serverUrl)(
  'a crash right after a charge is captured (SIGKILL, PostgreSQL)',
  () => {
    beforeAll(async () => {
      database = await createTestDatabase(serverUrl ?? '', 'stod_crash');
      // This app never listens: it registers the charger and the users, and reads the books.
      app = await buildApp(testConfig({ DATABASE_URL: database.url }));
    }, 60_000);

    afterAll(async () => {
      await app.close();
      await database.drop();
    });

    it('killed at charge.after-capture: the restart completes it with one capture and one receipt', async () => {
      const owner = await registerUser(app);
      const charger = await registerCharger(app, {
        tariff: { type: 'kWh', price: 350 },
        ownerEmail: owner.email,
        public: true,
      });
      const user = await cardCustomer(app);

      // 1. A server that dies right after the capture; the charger is connected to it.
      const first = await startApiChild(database.url, 'charge.after-capture');
      let station = await scriptedCharger(first.ocpp, charger.identity);
      try {
        await boot16(station);
        const opened = await send(first, user.token, '/api/charges', {
          method: 'POST',
          key: `crash-${crypto.randomUUID()}`,
          body: {
            installationId: charger.installationId,
            chargerId: charger.id,
            connectorId: 1,
            paymentMethodId: user.cardId,
          },
        });
        expect(opened.status, JSON.stringify(opened.body)).toBe(201);
        const chargeId = opened.body.id as string;
        const started = await send(first, user.token, `/api/charges/${chargeId}/start`, {
          method: 'POST',
        });
        expect(started.status, JSON.stringify(started.body)).toBe(200);
        const remote = station.received.find((r) => r.method === 'RemoteStartTransaction');
        expect(remote).toBeDefined();
        const tx = await station.call('StartTransaction', {
          connectorId: 1,
          idTag: remote?.params.idTag,
          meterStart: 2_000,
          timestamp: new Date(Date.now() - 120_000).toISOString(),
        });
        const transactionId = tx.transactionId as number;
        await station.call('MeterValues', meter16(transactionId, 8_000, 11_000));
        const stopped = await send(first, user.token, `/api/charges/${chargeId}/stop`, {
          method: 'POST',
        });
        expect(stopped.status, JSON.stringify(stopped.body)).toBe(200);
        expect(station.received.some((r) => r.method === 'RemoteStopTransaction')).toBe(true);
        const stopAt = new Date().toISOString();
        const stop = {
          transactionId,
          meterStop: 14_000,
          timestamp: stopAt,
          reason: 'Remote',
        };
        // The server settles before it answers, and dies while settling: no answer comes.
        const unanswered = station.call('StopTransaction', stop).then(
          () => 'answered',
          () => 'unanswered',
        );
        expect(await within(first.exited, 15_000, 'the crash')).toBe('SIGKILL');
        expect(await within(unanswered, 15_000, 'the lost answer')).toBe('unanswered');
        await station.close();

        // 2. What the crash left: captured at the gateway and in payments, no receipt yet.
        const held = await rowOf(chargeId);
        expect(held).toMatchObject({ state: 'settling', energyWh: 12_000, receiptId: null });
        const [payment, ...otherPayments] = await app.ctx.db
          .select()
          .from(payments)
          .where(eq(payments.userId, user.id));
        expect(otherPayments).toHaveLength(0);
        // 12 kWh at 3.50 kr.
        expect(payment).toMatchObject({
          status: 'captured',
          amountHeld: 300_00,
          amountCaptured: 42_00,
        });
        expect(
          await app.ctx.db.select().from(receipts).where(eq(receipts.userId, user.id)),
        ).toEqual([]);

        // 3. The server again, without the crash point; the charger comes back and repeats the
        // StopTransaction it never had answered, as OCPP 1.6 has it do.
        const second = await startApiChild(database.url);
        try {
          station = await scriptedCharger(second.ocpp, charger.identity);
          const repeated = await station.call('StopTransaction', stop);
          // Taken; it named no tag, so there is no standing to tell (idTagInfo is optional).
          expect(repeated).toEqual({});
          const done = await until(
            async () => (await send(second, user.token, `/api/charges/${chargeId}`)).body,
            (c) => c.state === 'completed',
          );
          const charge = done as unknown as Charge;
          expect(charge).toMatchObject({ kwh: 12, amount: 42_00, held: 300_00, captured: 42_00 });
          expect(charge.released).toBe(charge.held - charge.captured);
          expect(charge.receiptId).not.toBeNull();
        } finally {
          await station.close();
          await stopApiChild(second);
        }

        // A reconciliation again, twice, changes nothing more.
        await reconcileCharges(app.ctx);
        await reconcileCharges(app.ctx);

        // 4. Once of everything, and the books balance.
        const steps = await app.ctx.db
          .select()
          .from(paymentSteps)
          .where(eq(paymentSteps.paymentId, payment?.id ?? ''));
        expect(steps.filter((s) => s.kind === 'capture')).toHaveLength(1);
        expect(steps.filter((s) => s.kind === 'void')).toHaveLength(0);
        const [card] = await app.ctx.db
          .select({ token: paymentMethods.token })
          .from(paymentMethods)
          .where(eq(paymentMethods.id, user.cardId));
        const holds = await app.ctx.db
          .select()
          .from(simGatewayAuthorizations)
          .where(eq(simGatewayAuthorizations.token, card?.token ?? ''));
        expect(holds).toHaveLength(1);
        expect(holds[0]).toMatchObject({ status: 'captured', amount: 300_00, captured: 42_00 });
        const made = await app.ctx.db.select().from(receipts).where(eq(receipts.userId, user.id));
        expect(made).toHaveLength(1);
        expect(made[0]).toMatchObject({ amount: 42_00, paymentId: payment?.id });
        const final = await rowOf(chargeId);
        expect(final).toMatchObject({
          state: 'completed',
          receiptId: made[0]?.id,
          captured: 42_00,
          released: 300_00 - 42_00,
        });
        const credits = await app.ctx.db
          .select()
          .from(ownerCredits)
          .where(eq(ownerCredits.chargeId, chargeId));
        expect(credits).toHaveLength(1);
        // 0.2 kr. per kWh to the installation's owner.
        expect(credits[0]?.amount).toBe(2_40);
        expect(await checkBooks(app.ctx.db)).toEqual([]);
      } finally {
        await station.close();
        await stopApiChild(first);
      }
    }, 60_000);
  },
);
