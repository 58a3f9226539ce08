import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { stations } from '../db/schema/index.ts';
import { saveStaff, staffExists } from '../modules/admin/index.ts';
import { seedStations } from '../integrations/provider-stations/network.ts';

/** Staff accounts for trying the staff side in development; never seeded in production. */
export const DEMO_STAFF = {
  operator: { email: 'operator@example.com', password: 'operator-password-1' },
  support: { email: 'support@example.com', password: 'support-password-1' },
  finance: { email: 'finance@example.com', password: 'finance-password-1' },
  station: { email: 'station@example.com', password: 'station-password-1' },
  kitchen: { email: 'kitchen@example.com', password: 'kitchen-password-1' },
} as const;

/**
 * Adds the demo operator, support agent and bookkeeper, and the manager and kitchen of the first demo
 * station, where they are missing; an account that exists is left as it is, so that a change
 * made to it survives.
 */
export async function seedStaff(db: Db) {
  const firstTokheimId = seedStations[0]?.tokheimStationId;
  const [first] = firstTokheimId
    ? await db
        .select({ id: stations.id })
        .from(stations)
        .where(eq(stations.tokheimStationId, firstTokheimId))
        .limit(1)
    : [];
  if (!(await staffExists(db, DEMO_STAFF.operator.email)))
    await saveStaff(db, { ...DEMO_STAFF.operator, name: 'Rakul Rasmussen', role: 'operator' });
  if (!(await staffExists(db, DEMO_STAFF.support.email)))
    await saveStaff(db, { ...DEMO_STAFF.support, name: 'Sára Joensen', role: 'support' });
  if (!(await staffExists(db, DEMO_STAFF.finance.email)))
    await saveStaff(db, { ...DEMO_STAFF.finance, name: 'Bjarni Poulsen', role: 'finance' });
  if (!first) return;
  const bound = [
    { ...DEMO_STAFF.station, name: 'Jógvan Hansen', role: 'station' as const },
    { ...DEMO_STAFF.kitchen, name: 'Kokkur í Havn', role: 'kitchen' as const },
  ];
  for (const account of bound) {
    if (!(await staffExists(db, account.email)))
      await saveStaff(db, { ...account, stationIds: [first.id] });
  }
}
