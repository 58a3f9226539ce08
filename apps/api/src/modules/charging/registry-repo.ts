import { count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { chargerConnectors, chargers, idTags, installations } from '../../db/schema/index.ts';

/** The operators' registry of chargers, installations and RFID tags. */

export type NewCharger = typeof chargers.$inferInsert;
export type NewInstallation = typeof installations.$inferInsert;
export type NewConnector = typeof chargerConnectors.$inferInsert;

/** Which of these identities are registered already. */
export function registeredIdentities(db: Db, identities: string[]) {
  return db
    .select({ identity: chargers.identity })
    .from(chargers)
    .where(inArray(chargers.identity, identities));
}

/** Which of these installations exist. */
export function existingInstallations(db: Db, ids: string[]) {
  return db
    .select({ id: installations.id })
    .from(installations)
    .where(inArray(installations.id, ids));
}

export async function insertInstallation(tx: Db, values: NewInstallation) {
  const [row] = await tx.insert(installations).values(values).returning({ id: installations.id });
  return row;
}

/** Inserts the chargers whose identity is free; answers those it inserted. */
export function insertChargers(tx: Db, rows: NewCharger[]) {
  return tx.insert(chargers).values(rows).onConflictDoNothing().returning({
    id: chargers.id,
    identity: chargers.identity,
    installationId: chargers.installationId,
    connectors: chargers.connectors,
  });
}

export async function insertConnectors(tx: Db, rows: NewConnector[]) {
  await tx.insert(chargerConnectors).values(rows);
}

/** Registers a tag to a user; answers nothing when the tag is registered already. */
export async function insertIdTag(db: Db, idTag: string, userId: string) {
  const [row] = await db.insert(idTags).values({ idTag, userId }).onConflictDoNothing().returning();
  return row;
}

/** A page of chargers by identity, each with its installation's name. */
export function pageOfChargers(db: Db, offset: number, take: number) {
  return db
    .select({ charger: chargers, installationName: installations.name })
    .from(chargers)
    .innerJoin(installations, eq(installations.id, chargers.installationId))
    .orderBy(chargers.identity)
    .offset(offset)
    .limit(take);
}

export async function countChargers(db: Db) {
  const [total] = await db.select({ n: count() }).from(chargers);
  return total?.n;
}
