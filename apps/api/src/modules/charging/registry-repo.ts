import type { ConnectorStatus } from '@stod/domain';
import { and, count, eq, exists, ilike, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { containing } from '../../lib/like.ts';
import type { Db } from '../../db/client.ts';
import {
  chargerConnectors,
  chargers,
  idTags,
  installations,
  users,
} from '../../db/schema/index.ts';

/** The operators' registry of chargers, installations and RFID tags. */

export type NewCharger = typeof chargers.$inferInsert;
export type NewInstallation = typeof installations.$inferInsert;
export type NewConnector = typeof chargerConnectors.$inferInsert;
export type IdTagRow = typeof idTags.$inferSelect;

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

/** A tag with its holder's e-mail address, or null. */
export async function idTagWithEmail(db: Db, idTag: string) {
  const [row] = await db
    .select({ tag: idTags, email: users.email })
    .from(idTags)
    .innerJoin(users, eq(users.id, idTags.userId))
    .where(eq(idTags.idTag, idTag));
  return row ?? null;
}

/** Creates the tag, or changes it; answers it as stored. */
export async function upsertIdTag(db: Db, values: typeof idTags.$inferInsert) {
  const { idTag, ...change } = values;
  const [row] = await db
    .insert(idTags)
    .values(values)
    .onConflictDoUpdate({ target: idTags.idTag, set: { ...change, updatedAt: new Date() } })
    .returning();
  if (!row) throw new Error(`id tag ${idTag} not stored`);
  return row;
}

/** Removes the tag; answers whether there was one. */
export async function deleteIdTag(db: Db, idTag: string) {
  const removed = await db
    .delete(idTags)
    .where(eq(idTags.idTag, idTag))
    .returning({ idTag: idTags.idTag });
  return removed.length > 0;
}

/** What the operators' charger list is narrowed to: words in an identity or installation name,
 * being online, a protocol. */
export interface ChargerFilter {
  q?: string | undefined;
  online?: boolean | undefined;
  protocol?: string | undefined;
  /** Exactly this identity. */
  identity?: string | undefined;
  /** A connector in this state (`Offline`: the charger is not connected). */
  status?: ConnectorStatus | undefined;
}

function whereOf(db: Db, filter: ChargerFilter) {
  const conditions: SQL[] = [];
  if (filter.q) {
    const like = containing(filter.q);
    const either = or(
      ilike(chargers.identity, like),
      ilike(installations.name, like),
      ilike(chargers.firmware, like),
      ilike(chargers.model, like),
      ilike(chargers.vendor, like),
    );
    if (either) conditions.push(either);
  }
  if (filter.online !== undefined) conditions.push(eq(chargers.connected, filter.online));
  if (filter.protocol) conditions.push(eq(chargers.protocol, filter.protocol));
  if (filter.identity !== undefined) conditions.push(eq(chargers.identity, filter.identity));
  if (filter.status === 'Offline') conditions.push(eq(chargers.connected, false));
  else if (filter.status) {
    // The connectors shown: 1 to the charger's count (a row beyond it is never shown).
    const shown = and(
      eq(chargerConnectors.chargerId, chargers.id),
      lte(chargerConnectors.connectorId, chargers.connectors),
    );
    const inState = exists(
      db
        .select({ one: sql`1` })
        .from(chargerConnectors)
        .where(and(shown, eq(chargerConnectors.status, filter.status))),
    );
    // A connector that never reported shows as Unavailable.
    const unreported = lt(
      sql`(${db.select({ n: count() }).from(chargerConnectors).where(shown)})`,
      chargers.connectors,
    );
    conditions.push(
      eq(chargers.connected, true),
      filter.status === 'Unavailable' ? (or(inState, unreported) ?? inState) : inState,
    );
  }
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/** A page of chargers by identity, each with its installation's name. */
export function pageOfChargers(db: Db, offset: number, take: number, filter: ChargerFilter = {}) {
  return db
    .select({
      charger: chargers,
      installationName: installations.name,
      installationPublic: installations.public,
    })
    .from(chargers)
    .innerJoin(installations, eq(installations.id, chargers.installationId))
    .where(whereOf(db, filter))
    .orderBy(chargers.identity)
    .offset(offset)
    .limit(take);
}

export async function countChargers(db: Db, filter: ChargerFilter = {}) {
  const [total] = await db
    .select({ n: count() })
    .from(chargers)
    .innerJoin(installations, eq(installations.id, chargers.installationId))
    .where(whereOf(db, filter));
  return total?.n;
}

/** Changes an installation's name, place or reach; answers the row, or null for none. */
export async function findInstallation(db: Db, id: string) {
  const [row] = await db.select().from(installations).where(eq(installations.id, id));
  return row ?? null;
}

export async function updateInstallation(
  db: Db,
  id: string,
  set: Partial<Pick<typeof installations.$inferInsert, 'name' | 'lat' | 'lng' | 'public'>>,
) {
  const [row] = await db.update(installations).set(set).where(eq(installations.id, id)).returning();
  return row ?? null;
}
