import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { stationPoints, stations } from '../../db/schema/index.ts';

/** How long a site's pump or bay numbers are kept before they are read again. */
const KEEP_MS = 30_000;

/**
 * The pump (or bay) numbers of a site, by its pump-system id: what a real controller knows of
 * its own forecourt, the simulators read from the station's points. A known site's numbers are
 * kept a while; an unknown site is asked again each time, so a station added later is found.
 */
export function stationPointsOf(db: Db, kind: 'pump' | 'bay', keepMs = KEEP_MS) {
  const kept = new Map<string, { numbers: number[]; until: number }>();
  return async (site: string): Promise<number[] | null> => {
    const hit = kept.get(site);
    if (hit && hit.until > Date.now()) return hit.numbers;
    const rows = await db
      .select({ number: stationPoints.number })
      .from(stations)
      .leftJoin(
        stationPoints,
        and(eq(stationPoints.stationId, stations.id), eq(stationPoints.kind, kind)),
      )
      .where(eq(stations.tokheimStationId, site))
      .orderBy(asc(stationPoints.number));
    if (rows.length === 0) {
      kept.delete(site);
      return null;
    }
    const numbers = rows.flatMap((row) => (row.number === null ? [] : [row.number]));
    kept.set(site, { numbers, until: Date.now() + keepMs });
    return numbers;
  };
}
