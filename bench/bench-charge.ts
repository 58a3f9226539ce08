// A finished charge for the bench's GET /api/charges/{id}: the demo seed has charging installations
// but no charges, and a real one would need a charger to connect over OCPP. This writes what a
// completed 12.5 kWh charge at a public charger keeps, for the demo account.
import { eq } from 'drizzle-orm';
import type { Db } from '../apps/api/src/db/client.ts';
import { chargers, charges, installations, users } from '../apps/api/src/db/schema/index.ts';

export async function benchCharge(db: Db, email: string): Promise<string> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  const [point] = await db
    .select({ chargerId: chargers.id, installationId: installations.id, name: installations.name })
    .from(chargers)
    .innerJoin(installations, eq(installations.id, chargers.installationId))
    .where(eq(installations.public, true))
    .limit(1);
  if (!user || !point) throw new Error('the demo seed has no user or no public charger');
  const stopped = new Date();
  const started = new Date(stopped.getTime() - 45 * 60_000);
  const [row] = await db
    .insert(charges)
    .values({
      userId: user.id,
      installationId: point.installationId,
      installationName: point.name,
      chargerId: point.chargerId,
      connectorId: 1,
      tariffType: 'kWh',
      tariffPrice: 350,
      state: 'completed',
      idTag: 'BENCH0001',
      held: 50_000,
      captured: 4_375,
      released: 45_625,
      energyWh: 12_500,
      amount: 4_375,
      startedAt: started,
      txStartedAt: started,
      stoppedAt: stopped,
      finishedAt: stopped,
      stopReason: 'Local',
    })
    .returning({ id: charges.id });
  if (!row) throw new Error('the bench charge was not written');
  return row.id;
}
