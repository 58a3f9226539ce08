import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { beverageMachines, stations } from '../../db/schema/index.ts';

/** How long a machine's site is kept: machines do not move between stations. */
const KEEP_MS = 60_000;

/** The site (pump-system id) of a coffee machine's station, or null for a machine not known. */
export function machineSites(db: Db) {
  const kept = new Map<string, { site: string; until: number }>();
  return async (machineId: string): Promise<string | null> => {
    const hit = kept.get(machineId);
    if (hit && hit.until > Date.now()) return hit.site;
    const [row] = await db
      .select({ site: stations.tokheimStationId })
      .from(beverageMachines)
      .innerJoin(stations, eq(stations.id, beverageMachines.stationId))
      .where(eq(beverageMachines.id, machineId))
      .limit(1);
    if (!row) return null;
    kept.set(machineId, { site: row.site, until: Date.now() + KEEP_MS });
    return row.site;
  };
}
