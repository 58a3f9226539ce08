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
  values: { platform: Platform; minVersion: string; locked: boolean; storeUrl?: string | null },
) {
  await db
    .insert(appVersions)
    .values(values)
    .onConflictDoUpdate({
      target: appVersions.platform,
      set: {
        minVersion: values.minVersion,
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
