import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { chargerCommands, chargers, evContracts, idTags } from '../../db/schema/index.ts';

/** The operators' calls to chargers, kept with who sent them and what came of them. */

export type ChargerCommandRow = typeof chargerCommands.$inferSelect;

export async function insertCommand(db: Db, values: typeof chargerCommands.$inferInsert) {
  const [row] = await db.insert(chargerCommands).values(values).returning();
  if (!row) throw new Error('charger command not recorded');
  return row;
}

export async function recordAnswer(
  db: Db,
  id: string,
  answer: Pick<ChargerCommandRow, 'outcome' | 'response' | 'error'>,
) {
  await db
    .update(chargerCommands)
    .set({ ...answer, answeredAt: new Date() })
    .where(eq(chargerCommands.id, id));
}

export function listCommands(db: Db, chargerId: string, take: number) {
  return db
    .select()
    .from(chargerCommands)
    .where(eq(chargerCommands.chargerId, chargerId))
    .orderBy(desc(chargerCommands.createdAt))
    .limit(take);
}

export async function setPasswordHash(db: Db, chargerId: string, passwordHash: string) {
  await db.update(chargers).set({ passwordHash }).where(eq(chargers.id, chargerId));
}

/** The local list a charger accepted: its version, and its size when it was a full list. */
export async function setLocalList(
  db: Db,
  chargerId: string,
  list: { version: number; size: number | null },
) {
  await db
    .update(chargers)
    .set({
      localListVersion: list.version,
      ...(list.size === null ? {} : { localListSize: list.size }),
      localListAt: new Date(),
    })
    .where(eq(chargers.id, chargerId));
}

/** Every registered tag, for a local list, in a stable order; `contract` for a contract's eMAID. */
export function allIdTags(db: Db) {
  return db
    .select({
      idTag: idTags.idTag,
      status: idTags.status,
      expiresAt: idTags.expiresAt,
      parentIdTag: idTags.parentIdTag,
      contract: sql<boolean>`${evContracts.emaid} is not null`,
    })
    .from(idTags)
    .leftJoin(evContracts, eq(evContracts.emaid, idTags.idTag))
    .orderBy(idTags.idTag);
}

export async function setSecurityProfile(db: Db, chargerId: string, securityProfile: number) {
  await db.update(chargers).set({ securityProfile }).where(eq(chargers.id, chargerId));
}
