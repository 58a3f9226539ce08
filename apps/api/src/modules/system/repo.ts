import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { appVersions, outbox, settings } from '../../db/schema/index.ts';

type Platform = (typeof appVersions.$inferSelect)['platform'];

export async function findAppVersion(db: Db, platform: Platform) {
  const [row] = await db
    .select()
    .from(appVersions)
    .where(eq(appVersions.platform, platform))
    .limit(1);
  return row;
}

export async function upsertAppVersion(
  db: Db,
  values: {
    platform: Platform;
    minVersion: string;
    latestVersion?: string | null;
    locked: boolean;
    storeUrl?: string | null;
  },
) {
  await db
    .insert(appVersions)
    .values(values)
    .onConflictDoUpdate({
      target: appVersions.platform,
      set: {
        minVersion: values.minVersion,
        latestVersion: values.latestVersion ?? null,
        locked: values.locked,
        storeUrl: values.storeUrl ?? null,
        updatedAt: sql`now()`,
      },
    });
}

export async function getSetting(db: Db, key: string): Promise<unknown> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, key))
    .limit(1);
  return row?.value;
}

export async function putSetting(db: Db, key: string, value: unknown) {
  await db
    .insert(settings)
    .values({ key, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: sql`now()` } });
}

export async function listOutbox(db: Db, to: string | undefined, offset: number, take: number) {
  const where = to ? eq(outbox.to, to) : undefined;
  const [items, [count]] = await Promise.all([
    db
      .select()
      .from(outbox)
      .where(where)
      .orderBy(desc(outbox.createdAt))
      .offset(offset)
      .limit(take),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(outbox)
      .where(where),
  ]);
  return { items, total: count?.total ?? 0 };
}

/** Transactions not yet finished, by kind, counted in one statement for the metrics. */
export async function openCounts(db: Db): Promise<Map<string, number>> {
  const result: unknown = await db.execute(sql`
    select service as kind, count(*)::int as n from station_transactions
      where finished_at is null group by service
    union all select 'charge', count(*)::int from charges where finished_at is null
    union all select 'food', count(*)::int from food_orders
      where state in ('placing', 'placed', 'accepted', 'ready')
    union all select 'beverage', count(*)::int from beverage_fills
      where state in ('pending', 'paying', 'pouring')`);
  const { rows } = result as { rows: { kind: string; n: number }[] };
  return new Map(rows.map((row) => [row.kind, row.n]));
}
