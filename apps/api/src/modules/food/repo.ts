import type { FoodOrderState } from '@stod/domain';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  gte,
  inArray,
  isNull,
  lt,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  foodOrders,
  kitchenPresence,
  menuSoldOut,
  stations,
  users,
} from '../../db/schema/index.ts';

export type FoodOrderRow = typeof foodOrders.$inferSelect;
export type NewFoodOrder = typeof foodOrders.$inferInsert;
export type FoodOrderPatch = Partial<Omit<FoodOrderRow, 'id' | 'userId' | 'createdAt'>>;

export async function findStation(db: Db, id: number) {
  const [row] = await db
    .select({
      id: stations.id,
      name: stations.name,
      tokheimStationId: stations.tokheimStationId,
      services: stations.services,
      openingHours: stations.openingHours,
      kitchenPausedAt: stations.kitchenPausedAt,
      kitchenAutoAccept: stations.kitchenAutoAccept,
      kitchenPrepMinutes: stations.kitchenPrepMinutes,
    })
    .from(stations)
    .where(eq(stations.id, id));
  return row ?? null;
}

export async function nextNumber(db: Db) {
  const [row] = await db
    .select({ n: sql<number>`(nextval('food_order_number_seq') % 999 + 1)::int` })
    .from(sql`(values (1)) as one (x)`);
  return row?.n ?? 1;
}

export async function insertOrder(tx: Db, row: NewFoodOrder) {
  const [inserted] = await tx.insert(foodOrders).values(row).returning();
  return inserted ?? null;
}

const one = async (db: Db, where: SQL | undefined) => {
  const [row] = await db.select().from(foodOrders).where(where);
  return row ?? null;
};

export const findOrder = (db: Db, id: string) => one(db, eq(foodOrders.id, id));
export const findOwnedOrder = (db: Db, userId: string, id: string) =>
  one(db, and(eq(foodOrders.id, id), eq(foodOrders.userId, userId)));
export const findByRequestKey = (db: Db, userId: string, requestKey: string) =>
  one(db, and(eq(foodOrders.userId, userId), eq(foodOrders.requestKey, requestKey)));

export async function lockOrder(tx: Db, id: string) {
  const [row] = await tx.select().from(foodOrders).where(eq(foodOrders.id, id)).for('update');
  return row ?? null;
}

/** Moves an order on from one of `from`; null when it had moved already. */
export async function transition(
  db: Db,
  id: string,
  from: readonly FoodOrderState[],
  set: FoodOrderPatch,
) {
  const [row] = await db
    .update(foodOrders)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(foodOrders.id, id), inArray(foodOrders.state, [...from])))
    .returning();
  return row ?? null;
}

export async function patchOrder(db: Db, id: string, set: FoodOrderPatch) {
  const [row] = await db
    .update(foodOrders)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(foodOrders.id, id))
    .returning();
  return row ?? null;
}

export async function ordersOfUser(db: Db, userId: string, offset: number, take: number) {
  const items = await db
    .select()
    .from(foodOrders)
    .where(and(eq(foodOrders.userId, userId), sql`${foodOrders.state} <> 'placing'`))
    .orderBy(desc(foodOrders.createdAt))
    .offset(offset)
    .limit(take);
  const [total] = await db
    .select({ n: count() })
    .from(foodOrders)
    .where(and(eq(foodOrders.userId, userId), sql`${foodOrders.state} <> 'placing'`));
  return { items, total: total?.n ?? 0 };
}

/** A station's orders for its kitchen: every open one, and those finished since `since`. */
export function ordersOfStation(db: Db, stationId: number, since: Date) {
  return db
    .select({ order: foodOrders, customer: users.name })
    .from(foodOrders)
    .innerJoin(users, eq(users.id, foodOrders.userId))
    .where(
      and(
        eq(foodOrders.stationId, stationId),
        sql`${foodOrders.state} <> 'placing'`,
        or(isNull(foodOrders.finishedAt), gte(foodOrders.finishedAt, since)),
      ),
    )
    .orderBy(asc(foodOrders.pickupAt), asc(foodOrders.createdAt))
    .limit(200);
}

export async function customerOf(db: Db, userId: string) {
  const [row] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId));
  return row?.name ?? '';
}

/** Orders the kitchen did not accept in time. */
export function unanswered(db: Db, placedBefore: Date) {
  return db
    .select({
      order: foodOrders,
      autoAccept: stations.kitchenAutoAccept,
      prepMinutes: stations.kitchenPrepMinutes,
    })
    .from(foodOrders)
    .innerJoin(stations, eq(stations.id, foodOrders.stationId))
    .where(and(eq(foodOrders.state, 'placed'), lt(foodOrders.updatedAt, placedBefore)))
    .orderBy(asc(foodOrders.updatedAt))
    .limit(100);
}

/** A display showed these orders: the first time is kept. */
export async function markSeen(db: Db, stationId: number, at: Date) {
  await db
    .update(foodOrders)
    .set({ seenAt: at })
    .where(
      and(
        eq(foodOrders.stationId, stationId),
        eq(foodOrders.state, 'placed'),
        isNull(foodOrders.seenAt),
      ),
    );
}

/** Open orders of stations whose display nobody has asked since `seenAfter`, with their site. */
export function unattended(db: Db, seenAfter: Date) {
  return db
    .select({ order: foodOrders, site: stations.tokheimStationId })
    .from(foodOrders)
    .innerJoin(stations, eq(stations.id, foodOrders.stationId))
    .leftJoin(kitchenPresence, eq(kitchenPresence.stationId, foodOrders.stationId))
    .where(
      and(
        inArray(foodOrders.state, ['placed', 'accepted', 'ready']),
        or(isNull(kitchenPresence.seenAt), lt(kitchenPresence.seenAt, seenAfter)),
      ),
    )
    .orderBy(asc(foodOrders.updatedAt))
    .limit(100);
}

/** One order with its station's site and the last time the station's display asked for orders. */
export async function orderAtSite(db: Db, id: string) {
  const [row] = await db
    .select({ order: foodOrders, site: stations.tokheimStationId, seenAt: kitchenPresence.seenAt })
    .from(foodOrders)
    .innerJoin(stations, eq(stations.id, foodOrders.stationId))
    .leftJoin(kitchenPresence, eq(kitchenPresence.stationId, foodOrders.stationId))
    .where(eq(foodOrders.id, id));
  return row ?? null;
}

/** Orders left in 'placing' (a request that died between its steps), for the reconciliation. */
export function stalePlacing(db: Db, before: Date) {
  return db
    .select()
    .from(foodOrders)
    .where(and(eq(foodOrders.state, 'placing'), lt(foodOrders.updatedAt, before)))
    .limit(100);
}

export async function touchPresence(db: Db, stationId: number, at: Date) {
  await db
    .insert(kitchenPresence)
    .values({ stationId, seenAt: at })
    .onConflictDoUpdate({ target: kitchenPresence.stationId, set: { seenAt: at } });
}

export async function contactOf(db: Db, userId: string) {
  const [row] = await db
    .select({ email: users.email, name: users.name })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

/** Accepted orders whose capture and receipt are not yet written (a crash in between). */
export function acceptedUnsettled(db: Db) {
  return db
    .select()
    .from(foodOrders)
    .where(
      and(
        inArray(foodOrders.state, ['accepted', 'ready', 'collected']),
        isNull(foodOrders.receiptId),
        sql`${foodOrders.paymentId} is not null`,
      ),
    )
    .limit(100);
}

/** Rejected, expired or failed orders whose hold is not yet given back. */
export function unreleased(db: Db) {
  return db
    .select()
    .from(foodOrders)
    .where(
      and(
        inArray(foodOrders.state, ['rejected', 'expired', 'failed']),
        sql`${foodOrders.paymentId} is not null`,
        sql`${foodOrders.held} > ${foodOrders.released}`,
      ),
    )
    .limit(100);
}

/** The items staff marked sold out at a station that are still out at `now`, with when each is back by itself. */
export async function soldOutAt(db: Db, stationId: number, now: Date) {
  const rows = await db
    .select({ itemId: menuSoldOut.itemId, until: menuSoldOut.until })
    .from(menuSoldOut)
    .where(
      and(
        eq(menuSoldOut.stationId, stationId),
        or(isNull(menuSoldOut.until), gt(menuSoldOut.until, now)),
      ),
    );
  return new Map(rows.map((r) => [r.itemId, r.until?.toISOString() ?? null]));
}

/** Marks an item sold out (until a time, or until it is back), or back now. */
export async function setSoldOut(
  db: Db,
  stationId: number,
  itemId: string,
  soldOut: { until: Date | null } | null,
) {
  if (!soldOut) {
    await db
      .delete(menuSoldOut)
      .where(and(eq(menuSoldOut.stationId, stationId), eq(menuSoldOut.itemId, itemId)));
    return;
  }
  await db
    .insert(menuSoldOut)
    .values({ stationId, itemId, until: soldOut.until })
    .onConflictDoUpdate({
      target: [menuSoldOut.stationId, menuSoldOut.itemId],
      set: { until: soldOut.until, since: sql`now()` },
    });
}
