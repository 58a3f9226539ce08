import { and, asc, eq, gt, inArray, lte, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { prepared } from '../../db/prepared.ts';
import { subscriptionPlans, userSubscriptions } from '../../db/schema/index.ts';

export type PlanRow = typeof subscriptionPlans.$inferSelect;
export type UserSubscriptionRow = typeof userSubscriptions.$inferSelect;

export const listPlans = (db: Db) =>
  db
    .select()
    .from(subscriptionPlans)
    .where(eq(subscriptionPlans.active, true))
    .orderBy(asc(subscriptionPlans.type), asc(subscriptionPlans.index));

export async function findPlan(db: Db, id: number) {
  const [row] = await db
    .select()
    .from(subscriptionPlans)
    .where(and(eq(subscriptionPlans.id, id), eq(subscriptionPlans.active, true)));
  return row;
}

/** The user's subscriptions that can still be used, with their plans. */
const usable = (db: Db) =>
  db
    .select({ sub: userSubscriptions, plan: subscriptionPlans })
    .from(userSubscriptions)
    .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, userSubscriptions.subscriptionId))
    .where(
      and(
        eq(userSubscriptions.userId, sql.placeholder('userId')),
        gt(userSubscriptions.validTo, sql.placeholder('now')),
        ne(userSubscriptions.status, 'replaced'),
      ),
    )
    .orderBy(asc(userSubscriptions.validTo))
    .prepare('usable_subscriptions');

/** Read with every /user/v2: a prepared statement. */
export function usableForUser(db: Db, userId: string, now: Date) {
  return prepared(db, 'usable_subscriptions', usable).execute({ userId, now });
}

export async function findUserSubscription(db: Db, userId: string, id: string) {
  const [row] = await db
    .select({ sub: userSubscriptions, plan: subscriptionPlans })
    .from(userSubscriptions)
    .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, userSubscriptions.subscriptionId))
    .where(and(eq(userSubscriptions.userId, userId), eq(userSubscriptions.id, id)));
  return row;
}

export async function findByPayment(db: Db, paymentId: string) {
  const [row] = await db
    .select()
    .from(userSubscriptions)
    .where(eq(userSubscriptions.lastPaymentId, paymentId));
  return row;
}

export async function insert(db: Db, values: typeof userSubscriptions.$inferInsert) {
  const [row] = await db.insert(userSubscriptions).values(values).returning();
  if (!row) throw new Error('subscription insert returned nothing');
  return row;
}

/** Changes a subscription only if it is still in the period the caller saw. */
export async function updateIfPeriod(
  db: Db,
  id: string,
  validTo: Date,
  set: Partial<typeof userSubscriptions.$inferInsert>,
) {
  const rows = await db
    .update(userSubscriptions)
    .set(set)
    .where(and(eq(userSubscriptions.id, id), eq(userSubscriptions.validTo, validTo)))
    .returning({ id: userSubscriptions.id });
  return rows.length > 0;
}

export function dueForRenewal(db: Db, now: Date) {
  return db
    .select({ sub: userSubscriptions, plan: subscriptionPlans })
    .from(userSubscriptions)
    .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, userSubscriptions.subscriptionId))
    .where(
      and(inArray(userSubscriptions.status, ['active']), lte(userSubscriptions.nextPaymentAt, now)),
    )
    .limit(200);
}
