import { randomUUID } from 'node:crypto';
import { FUEL_HOLD_ORE, type StationTransaction } from '@stod/domain';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { testConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { stations } from '../../db/schema/index.ts';
import { forecourtSim } from '../../integrations/forecourt/sim.ts';
import { stationPointsOf } from '../../integrations/forecourt/sim-points.ts';
import { seedStationNetwork } from '../../seed/index.ts';
import { checkBooks } from '../../test/books.ts';
import { bearer, registerUser, sharedTestDatabase } from '../../test/app.ts';
import { addTestCard } from '../../test/cards.ts';
import { until } from '../../test/stations.ts';

/**
 * The pump outlives the API: a fill goes on while the API is rebuilt on the same database, and
 * the new one captures the sale exactly once.
 */

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function sharedDatabase(): Promise<Database> {
  const shared = await sharedTestDatabase();
  cleanups.push(shared.close);
  return shared.database;
}

describe('a rebuilt API during a fill', () => {
  it('captures the sale once, from the new process', async () => {
    const database = await sharedDatabase();
    const config = testConfig({ SIM_SPEED: '200', STATION_RECONCILE_EVERY_SECONDS: '0' });
    const pump = forecourtSim({
      speed: 200,
      autoCustomer: false,
      pumpsOf: stationPointsOf(database.db, 'pump'),
    });
    cleanups.push(() => pump.close());
    const build = () => buildApp(config, { database, forecourt: pump });

    const first: FastifyInstance = await build();
    await seedStationNetwork(database.db);
    const [station] = await database.db
      .select()
      .from(stations)
      .where(eq(stations.name, 'Støð Hoyvík'));
    if (!station) throw new Error('no station');
    const detail = await first.inject({ url: `/api/stations/stod/${String(station.id)}` });
    const productId =
      detail
        .json<{ products: { id: number; code: string }[] }>()
        .products.find((p) => p.code === 'Diesel')?.id ?? 0;
    const user = await registerUser(first);
    const me = (await first.inject({ url: '/api/user/v2', headers: bearer(user.token) })).json<{
      id: string;
    }>();
    const card = await addTestCard(first, me.id);
    const res = await first.inject({
      method: 'POST',
      url: '/api/fuel/transactions',
      headers: { ...bearer(user.token), 'idempotency-key': randomUUID() },
      payload: { stationId: station.id, pumpNumber: 2, productId, paymentMethodId: card.id },
    });
    expect(res.statusCode).toBe(201);
    const { id } = res.json<StationTransaction>();
    await pump.lift(station.tokheimStationId, 2);
    await until(
      async () =>
        (
          await first.inject({ url: `/api/transactions/${id}`, headers: bearer(user.token) })
        ).json<StationTransaction>(),
      (v) => (v.litres ?? 0) > 0,
    );

    // The API goes away mid-fill; the customer hangs up while it is down.
    await first.close();
    await pump.hangup(station.tokheimStationId, 2);

    const second = await build();
    cleanups.push(() => second.close());
    // The sale went out while nobody listened: the reconciliation at start finds it in the journal.
    await database.db.execute(
      sql`update station_transactions set updated_at = now() - interval '1 minute' where id = ${id}`,
    );
    const { reconcileStationTransactions } = await import('../transactions/index.ts');
    await reconcileStationTransactions(second.ctx);
    await reconcileStationTransactions(second.ctx);
    const done = await until(
      async () =>
        (
          await second.inject({ url: `/api/transactions/${id}`, headers: bearer(user.token) })
        ).json<StationTransaction>(),
      (v) => v.state === 'completed',
    );
    expect(done.captured).toBe(done.amount);
    expect(done.captured).toBeGreaterThan(0);
    expect(done.captured).toBeLessThanOrEqual(FUEL_HOLD_ORE);
    const steps = (await database.db.execute(
      sql`select s.kind, count(*)::int as n from payment_steps s join payments p on p.id = s.payment_id
          where p.user_id = ${me.id} group by s.kind order by s.kind`,
    )) as { rows: { kind: string; n: number }[] };
    expect(steps.rows.find((r) => r.kind === 'capture')?.n).toBe(1);
    const receiptCount = (await database.db.execute(
      sql`select count(*)::int as n from receipts where user_id = ${me.id}`,
    )) as { rows: { n: number }[] };
    expect(receiptCount.rows[0]?.n).toBe(1);
    expect(await checkBooks(database.db)).toEqual([]);
  });
});
