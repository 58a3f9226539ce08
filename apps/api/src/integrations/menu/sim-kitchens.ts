import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { stations } from '../../db/schema/index.ts';
import type { MenuStation } from './port.ts';

/** Whether a station has a kitchen: what the simulated ERP knows from the station's services. */
export function kitchensOf(db: Db) {
  return async (station: MenuStation) => {
    const [row] = await db
      .select({ services: stations.services })
      .from(stations)
      .where(eq(stations.id, station.id));
    return row?.services.includes('food') ?? false;
  };
}
