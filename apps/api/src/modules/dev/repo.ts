import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { beverageFills, beverageMachines, stations } from '../../db/schema/index.ts';

/** A station's coffee machines, oldest first: the first is the one the dev route's codes use. */
export function machinesOfStation(db: Db, stationId: number) {
  return db
    .select({ id: beverageMachines.id, name: beverageMachines.name })
    .from(beverageMachines)
    .where(eq(beverageMachines.stationId, stationId))
    .orderBy(asc(beverageMachines.createdAt), asc(beverageMachines.id));
}

/** The drinks the machines are busy with, in one read. */
export async function fillsById(db: Db, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: beverageFills.id,
      name: beverageFills.name,
      state: beverageFills.state,
      expiresAt: beverageFills.expiresAt,
      code: beverageFills.code,
    })
    .from(beverageFills)
    .where(inArray(beverageFills.id, ids));
}

/** Every station's pump-system id: the sites the station process may have connected. */
export async function siteIds(db: Db) {
  const rows = await db
    .select({ site: stations.tokheimStationId })
    .from(stations)
    .orderBy(asc(stations.id));
  return rows.map((row) => row.site);
}
