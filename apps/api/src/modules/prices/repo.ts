import type { SignPrice } from '@stod/domain';
import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  priceChanges,
  priceSigns,
  productBounds,
  stationProducts,
  stations,
} from '../../db/schema/index.ts';

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
 * Records price changes. Those due now that no price sign waits for are applied in the same
 * transaction (the product takes the price, the change is marked applied); the rest wait for
 * their time, or for the sign.
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

const due = (now: Date) =>
  and(isNull(priceChanges.appliedAt), isNull(priceChanges.cancelledAt), lte(priceChanges.at, now));

/** The changes whose time has come, in the order of their times, with their product's station. */
export async function dueChanges(db: Db, now: Date, stationId?: number) {
  return db
    .select({
      id: priceChanges.id,
      productId: priceChanges.stationProductId,
      price: priceChanges.price,
      stationId: stationProducts.stationId,
      service: stationProducts.service,
    })
    .from(priceChanges)
    .innerJoin(stationProducts, eq(stationProducts.id, priceChanges.stationProductId))
    .where(
      stationId === undefined ? due(now) : and(due(now), eq(stationProducts.stationId, stationId)),
    )
    .orderBy(asc(priceChanges.at), asc(priceChanges.id));
}

/**
 * Applies these changes, each once: the rows are taken under lock (skipping any another process
 * holds), in the order of their times, so the latest due price is the one that stays. Answers
 * how many it applied.
 */
export async function applyChanges(db: Db, ids: readonly number[], now: Date): Promise<number> {
  if (ids.length === 0) return 0;
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({
        id: priceChanges.id,
        productId: priceChanges.stationProductId,
        price: priceChanges.price,
      })
      .from(priceChanges)
      .where(and(inArray(priceChanges.id, [...ids]), due(now)))
      .orderBy(asc(priceChanges.at), asc(priceChanges.id))
      .for('update', { skipLocked: true });
    for (const change of rows) {
      await tx
        .update(stationProducts)
        .set({ price: change.price })
        .where(eq(stationProducts.id, change.productId));
      await tx.update(priceChanges).set({ appliedAt: now }).where(eq(priceChanges.id, change.id));
    }
    return rows.length;
  });
}

/** Every fuel product of the network with its station's site, and each station's sign. */
export async function fuelAndSigns(db: Db, stationId?: number) {
  const [products, signs] = await Promise.all([
    db
      .select({
        productId: stationProducts.id,
        service: stationProducts.service,
        code: stationProducts.code,
        price: stationProducts.price,
        stationId: stationProducts.stationId,
        site: stations.tokheimStationId,
      })
      .from(stationProducts)
      .innerJoin(stations, eq(stations.id, stationProducts.stationId))
      .where(
        stationId === undefined
          ? eq(stationProducts.service, 'fuel')
          : and(eq(stationProducts.service, 'fuel'), eq(stationProducts.stationId, stationId)),
      )
      .orderBy(asc(stationProducts.sort), asc(stationProducts.id)),
    stationId === undefined
      ? db.select().from(priceSigns)
      : db.select().from(priceSigns).where(eq(priceSigns.stationId, stationId)),
  ]);
  return { products, signs: new Map(signs.map((sign) => [sign.stationId, sign])) };
}

export async function signOf(db: Db, stationId: number) {
  const [row] = await db.select().from(priceSigns).where(eq(priceSigns.stationId, stationId));
  return row ?? null;
}

/**
 * Takes the station's sign for one process until `until`, unless another holds it: only the
 * holder talks to the station's sign and pumps about prices.
 */
export async function claimSign(db: Db, stationId: number, now: Date, until: Date) {
  const rows = await db
    .insert(priceSigns)
    .values({ stationId, leaseUntil: until })
    .onConflictDoUpdate({
      target: priceSigns.stationId,
      set: { leaseUntil: until },
      setWhere: or(isNull(priceSigns.leaseUntil), lt(priceSigns.leaseUntil, now)),
    })
    .returning({ stationId: priceSigns.stationId });
  return rows.length > 0;
}

/** What the sign was seen to show (or that there is none), and the lease let go. */
export async function signShown(
  db: Db,
  stationId: number,
  shown: { prices: readonly SignPrice[]; hasSign: boolean; at: Date } | null,
) {
  await db
    .update(priceSigns)
    .set(
      shown
        ? { prices: [...shown.prices], hasSign: shown.hasSign, shownAt: shown.at, leaseUntil: null }
        : { leaseUntil: null },
    )
    .where(eq(priceSigns.stationId, stationId));
}

/** The site's sign may have lost what it showed (the site booted): answers its stations. */
export async function forgetSign(db: Db, site: string) {
  const ids = (
    await db.select({ id: stations.id }).from(stations).where(eq(stations.tokheimStationId, site))
  ).map((row) => row.id);
  if (ids.length > 0)
    await db
      .update(priceSigns)
      .set({ shownAt: null, prices: [] })
      .where(inArray(priceSigns.stationId, ids));
  return ids;
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
