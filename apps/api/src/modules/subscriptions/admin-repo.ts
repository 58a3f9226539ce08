import type { PlanPatch, Subscriber } from '@stod/domain';
import { and, asc, count, desc, eq, gt, inArray, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { beverages, subscriptionPlans, userSubscriptions, users } from '../../db/schema/index.ts';
import { USABLE } from './repo.ts';

/** How many usable subscriptions each plan has, by status, keyed `planId:status`. */
export async function subscriberCounts(db: Db, now: Date) {
  const rows = await db
    .select({
      planId: userSubscriptions.subscriptionId,
      status: userSubscriptions.status,
      n: count(),
    })
    .from(userSubscriptions)
    .where(and(inArray(userSubscriptions.status, USABLE), gt(userSubscriptions.validTo, now)))
    .groupBy(userSubscriptions.subscriptionId, userSubscriptions.status);
  return new Map(rows.map((r) => [`${String(r.planId)}:${r.status}`, r.n]));
}

/** Every plan, on offer or not, by type and tier. */
export const allPlans = (db: Db) =>
  db
    .select()
    .from(subscriptionPlans)
    .orderBy(asc(subscriptionPlans.type), asc(subscriptionPlans.index));

/** The beverage families a plan may cover, each once, with its name. */
export const beverageFamilies = (db: Db) =>
  db
    .selectDistinctOn([beverages.beverageFamily], {
      code: beverages.beverageFamily,
      name: beverages.name,
    })
    .from(beverages)
    .orderBy(asc(beverages.beverageFamily), asc(beverages.id));

export async function planById(db: Db, id: number) {
  const [row] = await db.select().from(subscriptionPlans).where(eq(subscriptionPlans.id, id));
  return row ?? null;
}

/** Whether another plan of the type has the tier. */
export async function tierTakenBy(db: Db, type: string, index: number, except?: number) {
  const [other] = await db
    .select({ id: subscriptionPlans.id })
    .from(subscriptionPlans)
    .where(
      and(
        eq(subscriptionPlans.type, type),
        eq(subscriptionPlans.index, index),
        ...(except === undefined ? [] : [ne(subscriptionPlans.id, except)]),
      ),
    );
  return other !== undefined;
}

export async function insertPlan(db: Db, values: typeof subscriptionPlans.$inferInsert) {
  const [row] = await db.insert(subscriptionPlans).values(values).returning();
  return row ?? null;
}

export async function updatePlan(db: Db, id: number, patch: PlanPatch) {
  await db.update(subscriptionPlans).set(patch).where(eq(subscriptionPlans.id, id));
}

/** A plan's subscribers with their names, newest first; with `status`, those in it only. */
export async function subscribersOf(
  db: Db,
  planId: number,
  query: { offset: number; take: number; status?: Subscriber['status'] | undefined },
) {
  const where = and(
    eq(userSubscriptions.subscriptionId, planId),
    query.status
      ? eq(userSubscriptions.status, query.status)
      : ne(userSubscriptions.status, 'pending'),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ sub: userSubscriptions, name: users.name, email: users.email })
      .from(userSubscriptions)
      .innerJoin(users, eq(users.id, userSubscriptions.userId))
      .where(where)
      .orderBy(desc(userSubscriptions.createdAt), desc(userSubscriptions.id))
      .offset(query.offset)
      .limit(query.take),
    db.select({ n: count() }).from(userSubscriptions).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function subscriptionById(db: Db, id: string) {
  const [row] = await db.select().from(userSubscriptions).where(eq(userSubscriptions.id, id));
  return row ?? null;
}
