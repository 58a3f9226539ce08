import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { evContracts, idTags } from '../../db/schema/index.ts';

/** A driver's Plug & Charge contracts, and the id tags their eMAIDs are. */

export type ContractRow = typeof evContracts.$inferSelect;

export function contractsOfUser(db: Db, userId: string) {
  return db
    .select()
    .from(evContracts)
    .where(eq(evContracts.userId, userId))
    .orderBy(desc(evContracts.createdAt));
}

export async function activeContractCount(db: Db, userId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(evContracts)
    .where(and(eq(evContracts.userId, userId), isNull(evContracts.revokedAt)));
  return row?.n ?? 0;
}

export async function pcidTaken(db: Db, pcid: string) {
  const [row] = await db
    .select({ emaid: evContracts.emaid })
    .from(evContracts)
    .where(eq(evContracts.pcid, pcid));
  return row !== undefined;
}

/** The contract and its eMAID as the driver's id tag, together. */
export async function insertContract(db: Db, contract: typeof evContracts.$inferInsert) {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(evContracts).values(contract).returning();
    await tx.insert(idTags).values({ idTag: contract.emaid, userId: contract.userId });
    if (!row) throw new Error('contract not recorded');
    return row;
  });
}

/** Revokes a driver's own contract; its eMAID is blocked as a tag. Null when not theirs. */
export async function revokeContract(db: Db, userId: string, emaid: string, at: Date) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(evContracts)
      .set({ revokedAt: at, pcid: null })
      .where(and(eq(evContracts.emaid, emaid), eq(evContracts.userId, userId)))
      .returning();
    if (!row) return null;
    await tx
      .update(idTags)
      .set({ status: 'Blocked', updatedAt: at })
      .where(eq(idTags.idTag, emaid));
    return row;
  });
}

/** Whether a tag is a contract's eMAID. */
export async function isContractTag(db: Db, idTag: string) {
  const [row] = await db
    .select({ emaid: evContracts.emaid })
    .from(evContracts)
    .where(eq(evContracts.emaid, idTag));
  return row !== undefined;
}
