import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { priceChanges, productBounds, stationProducts } from '../../db/schema/index.ts';

export type ProductRow = typeof stationProducts.$inferSelect;

/** A station's products, in the order the station lists them. */
export async function productsOf(db: Db, stationId: number) {
  return db
    .select()
    .from(stationProducts)
    .where(eq(stationProducts.stationId, stationId))
    .orderBy(asc(stationProducts.service), asc(stationProducts.sort), asc(stationProducts.id));
}

export async function findProduct(db: Db, id: number) {
  const [row] = await db.select().from(stationProducts).where(eq(stationProducts.id, id));
  return row ?? null;
}

/** The bounds of each product code that has some, keyed `service:code`. */
export async function boundsByCode(db: Db) {
  const rows = await db.select().from(productBounds);
  return new Map(rows.map((b) => [`${b.service}:${b.code}`, { min: b.minPrice, max: b.maxPrice }]));
}

export async function putBounds(
  db: Db,
  key: { service: string; code: string },
  bounds: { min: number; max: number },
) {
  await db
    .insert(productBounds)
    .values({ ...key, minPrice: bounds.min, maxPrice: bounds.max })
    .onConflictDoUpdate({
      target: [productBounds.service, productBounds.code],
      set: { minPrice: bounds.min, maxPrice: bounds.max, updatedAt: sql`now()` },
    });
}

/** Changes to come of these products, soonest first. */
export async function pendingChanges(db: Db, productIds: readonly number[]) {
  if (productIds.length === 0) return [];
  return db
    .select()
    .from(priceChanges)
    .where(
      and(
        inArray(priceChanges.stationProductId, [...productIds]),
        isNull(priceChanges.appliedAt),
        isNull(priceChanges.cancelledAt),
      ),
    )
    .orderBy(asc(priceChanges.at), asc(priceChanges.id));
}

/**
 * Records price changes; those due now are applied in the same transaction (the product takes
 * the price, the change is marked applied), the rest wait for their time.
 */
export async function recordChanges(
  db: Db,
  changes: readonly { productId: number; price: number; at: Date; now: boolean }[],
  createdBy: string | null,
) {
  await db.transaction(async (tx) => {
    for (const change of changes) {
      await tx.insert(priceChanges).values({
        stationProductId: change.productId,
        price: change.price,
        at: change.at,
        createdBy,
        appliedAt: change.now ? change.at : null,
      });
      if (change.now)
        await tx
          .update(stationProducts)
          .set({ price: change.price })
          .where(eq(stationProducts.id, change.productId));
    }
  });
}

/**
 * Applies every change that has come due, once: the rows are taken under lock (skipping any
 * another process holds), in the order of their times, so the latest due price is the one that
 * stays. Answers the stations whose prices changed.
 */
export async function applyDue(db: Db, now: Date): Promise<number[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({
        id: priceChanges.id,
        productId: priceChanges.stationProductId,
        price: priceChanges.price,
        stationId: stationProducts.stationId,
      })
      .from(priceChanges)
      .innerJoin(stationProducts, eq(stationProducts.id, priceChanges.stationProductId))
      .where(
        and(
          isNull(priceChanges.appliedAt),
          isNull(priceChanges.cancelledAt),
          lte(priceChanges.at, now),
        ),
      )
      .orderBy(asc(priceChanges.at), asc(priceChanges.id))
      .for('update', { of: priceChanges, skipLocked: true });
    for (const change of due) {
      await tx
        .update(stationProducts)
        .set({ price: change.price })
        .where(eq(stationProducts.id, change.productId));
      await tx.update(priceChanges).set({ appliedAt: now }).where(eq(priceChanges.id, change.id));
    }
    return [...new Set(due.map((c) => c.stationId))];
  });
}

/** Cancels a change still to come of one of the station's products; false if there is none. */
export async function cancelChange(db: Db, stationId: number, changeId: number) {
  const rows = await db
    .update(priceChanges)
    .set({ cancelledAt: sql`now()` })
    .where(
      and(
        eq(priceChanges.id, changeId),
        isNull(priceChanges.appliedAt),
        isNull(priceChanges.cancelledAt),
        inArray(
          priceChanges.stationProductId,
          db
            .select({ id: stationProducts.id })
            .from(stationProducts)
            .where(eq(stationProducts.stationId, stationId)),
        ),
      ),
    )
    .returning({ id: priceChanges.id });
  return rows.length > 0;
}
