import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { evContracts } from '../../db/schema/index.ts';

/** What the simulated contract PKI reads of the contracts it issued. */

export async function contractByPcid(db: Db, pcid: string) {
  const [row] = await db.select().from(evContracts).where(eq(evContracts.pcid, pcid));
  return row ?? null;
}

export async function contractBySerial(db: Db, serialNumber: string) {
  const [row] = await db
    .select()
    .from(evContracts)
    .where(sql`lower(${evContracts.serialNumber}) = lower(${serialNumber})`);
  return row ?? null;
}
