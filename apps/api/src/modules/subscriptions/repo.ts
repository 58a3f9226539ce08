import {
  and,
  asc,
  eq,
  gt,
  inArray,
  isNotNull,
  isNull,
  like,
  lte,
  or,
  sql,
  type SQLWrapper,
} from 'drizzle-orm';
import type { SubscriptionInterval } from '@stod/domain';
import type { Db } from '../../db/client.ts';
import { prepared } from '../../db/prepared.ts';
import { subscriptionPlans, userSubscriptions, users } from '../../db/schema/index.ts';

export type PlanRow = typeof subscriptionPlans.$inferSelect;
export type UserSubscriptionRow = typeof userSubscriptions.$inferSelect;

export const listPlans = (db: Db) =>
  db
    .select()
    .from(subscriptionPlans)
    .where(eq(subscriptionPlans.active, true))
    .orderBy(asc(subscriptionPlans.type), asc(subscriptionPlans.index));

/** A plan whether or not it is still on offer: what a finished request answers with. */
export async function findAnyPlan(db: Db, id: number) {
  const [row] = await db.select().from(subscriptionPlans).where(eq(subscriptionPlans.id, id));
  return row;
}

export async function findPlan(db: Db, id: number) {
  const [row] = await db
    .select()
    .from(subscriptionPlans)
    .where(and(eq(subscriptionPlans.id, id), eq(subscriptionPlans.active, true)));
  return row;
}

/** The states of a subscription that can be used until its validTo. */
export const USABLE = ['active', 'cancelled', 'expiring'] as const;

/**
 * A subscription of `owner` that can still be used at the statement's `now`: the one rule both
 * reads below share.
 */
const usableOf = (owner: SQLWrapper) =>
  and(
    eq(userSubscriptions.userId, owner),
    gt(userSubscriptions.validTo, sql.placeholder('now')),
    inArray(userSubscriptions.status, USABLE),
  );

/** The user's subscriptions that can still be used, with their plans. */
const usable = (db: Db) =>
  db
    .select({ sub: userSubscriptions, plan: subscriptionPlans })
    .from(userSubscriptions)
    .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, userSubscriptions.subscriptionId))
    .where(usableOf(sql.placeholder('userId')))
    .orderBy(asc(userSubscriptions.validTo))
    .prepare('usable_subscriptions');

/** Read with every /user/v2: a prepared statement. */
export function usableForUser(db: Db, userId: string, now: Date) {
  return prepared(db, 'usable_subscriptions', usable).execute({ userId, now });
}

/**
 * The user, when not deleted, beside the subscriptions they can use (with their plans), in one
 * query: GET /user/v2 reads both on every call. A user without any comes back as one row whose
 * subscription and plan are null; a deleted or unknown user as no row.
 */
const userWithUsable = (db: Db) =>
  db
    .select({ user: users, sub: userSubscriptions, plan: subscriptionPlans })
    .from(users)
    .leftJoin(userSubscriptions, usableOf(users.id))
    .leftJoin(subscriptionPlans, eq(subscriptionPlans.id, userSubscriptions.subscriptionId))
    .where(and(eq(users.id, sql.placeholder('userId')), isNull(users.deletedAt)))
    .orderBy(asc(userSubscriptions.validTo))
    .prepare('user_with_usable_subscriptions');

export function userWithUsableSubscriptions(db: Db, userId: string, now: Date) {
  return prepared(db, 'user_with_usable_subscriptions', userWithUsable).execute({ userId, now });
}

export async function findUserSubscription(db: Db, userId: string, id: string) {
  const [row] = await db
    .select({ sub: userSubscriptions, plan: subscriptionPlans })
    .from(userSubscriptions)
    .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, userSubscriptions.subscriptionId))
    .where(and(eq(userSubscriptions.userId, userId), eq(userSubscriptions.id, id)));
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

/** Active subscriptions whose renewal is due, of accounts that still exist. */
export function dueForRenewal(db: Db, now: Date) {
  return db
    .select({ sub: userSubscriptions, plan: subscriptionPlans })
    .from(userSubscriptions)
    .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, userSubscriptions.subscriptionId))
    .innerJoin(users, eq(users.id, userSubscriptions.userId))
    .where(
      and(
        eq(userSubscriptions.status, 'active'),
        lte(userSubscriptions.nextPaymentAt, now),
        isNull(users.deletedAt),
        // An upgrade in progress holds the subscription; a renewal's own hold comes back to it.
        or(isNull(userSubscriptions.upgradeKey), like(userSubscriptions.upgradeKey, 'renew:%')),
      ),
    )
    .limit(200);
}

/** A deleted account's subscriptions end their renewal; nothing is charged for it again. */
export async function cancelForDeletedAccounts(db: Db) {
  const rows = await db
    .update(userSubscriptions)
    .set({ status: 'cancelled', nextPaymentAt: null, cancelledAt: sql`now()` })
    .where(
      and(
        eq(userSubscriptions.status, 'active'),
        sql`${userSubscriptions.userId} in (select ${users.id} from ${users} where ${users.deletedAt} is not null)`,
      ),
    )
    .returning({ id: userSubscriptions.id });
  return rows.length;
}

/**
 * Serialises the subscription changes of one user: the claim of each takes this lock first.
 * `no key update` waits for its own kind only, not for the key-share locks that rows referring
 * to the user take (the claim's own idempotency record among them), so it cannot deadlock there.
 */
export async function lockUser(tx: Db, userId: string) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
}

/** Marks the user's subscriptions of a type that are past validTo as ended. */
export async function endLapsed(tx: Db, userId: string, planType: string, now: Date) {
  await tx
    .update(userSubscriptions)
    .set({ status: 'ended', nextPaymentAt: null })
    .where(
      and(
        eq(userSubscriptions.userId, userId),
        eq(userSubscriptions.planType, planType),
        inArray(userSubscriptions.status, USABLE),
        lte(userSubscriptions.validTo, now),
        // One that an upgrade or renewal holds ends when that request is done with it.
        isNull(userSubscriptions.upgradeKey),
      ),
    );
}

/** The user's subscription of a type that is usable or reserved, if any. */
export async function heldOfType(tx: Db, userId: string, planType: string) {
  const [row] = await tx
    .select()
    .from(userSubscriptions)
    .where(
      and(
        eq(userSubscriptions.userId, userId),
        eq(userSubscriptions.planType, planType),
        inArray(userSubscriptions.status, ['pending', ...USABLE]),
      ),
    );
  return row;
}

export async function findByRequestKey(db: Db, userId: string, requestKey: string) {
  const [row] = await db
    .select()
    .from(userSubscriptions)
    .where(and(eq(userSubscriptions.userId, userId), eq(userSubscriptions.requestKey, requestKey)));
  return row;
}

/** Turns the reservation of a request into the subscription it paid for. */
export async function activateReserved(
  tx: Db,
  userId: string,
  requestKey: string,
  set: Partial<typeof userSubscriptions.$inferInsert>,
) {
  const [row] = await tx
    .update(userSubscriptions)
    .set(set)
    .where(
      and(
        eq(userSubscriptions.userId, userId),
        eq(userSubscriptions.requestKey, requestKey),
        eq(userSubscriptions.status, 'pending'),
      ),
    )
    .returning();
  if (!row) throw new Error('the reserved subscription is gone');
  return row;
}

export async function dropReserved(tx: Db, userId: string, requestKey: string) {
  await tx
    .delete(userSubscriptions)
    .where(
      and(
        eq(userSubscriptions.userId, userId),
        eq(userSubscriptions.requestKey, requestKey),
        eq(userSubscriptions.status, 'pending'),
      ),
    );
}

/** The subscription with a row lock, for the claim of an upgrade. */
export async function lockUserSubscription(tx: Db, userId: string, id: string) {
  const [row] = await tx
    .select()
    .from(userSubscriptions)
    .where(and(eq(userSubscriptions.userId, userId), eq(userSubscriptions.id, id)))
    .for('update');
  return row;
}

/**
 * Holds a subscription for one request that changes its period (an upgrade or a renewal), so no
 * other can charge for it meanwhile; the same request may take it again. Answers false when
 * another request holds it. With `validTo` it is a renewal's hold, of that period only.
 */
export async function holdFor(db: Db, id: string, key: string, validTo?: Date) {
  const rows = await db
    .update(userSubscriptions)
    .set({ upgradeKey: key })
    .where(
      and(
        eq(userSubscriptions.id, id),
        or(isNull(userSubscriptions.upgradeKey), eq(userSubscriptions.upgradeKey, key)),
        inArray(userSubscriptions.status, USABLE),
        // A renewal holds only a period that is still due and a subscription still renewing: a
        // second run that read it before the first refused it finds nothing more to do.
        ...(validTo
          ? [
              eq(userSubscriptions.validTo, validTo),
              eq(userSubscriptions.status, 'active'),
              isNotNull(userSubscriptions.nextPaymentAt),
            ]
          : []),
      ),
    )
    .returning({ id: userSubscriptions.id });
  return rows.length > 0;
}

/** Changes a subscription only while the request `key` holds it, and lets it go. */
export async function updateIfHeld(
  db: Db,
  id: string,
  key: string,
  set: Partial<typeof userSubscriptions.$inferInsert>,
) {
  const rows = await db
    .update(userSubscriptions)
    .set({ ...set, upgradeKey: null })
    .where(and(eq(userSubscriptions.id, id), eq(userSubscriptions.upgradeKey, key)))
    .returning();
  return rows[0];
}

export async function releaseUpgrade(tx: Db, userId: string, upgradeKey: string) {
  await tx
    .update(userSubscriptions)
    .set({ upgradeKey: null })
    .where(and(eq(userSubscriptions.userId, userId), eq(userSubscriptions.upgradeKey, upgradeKey)));
}

/**
 * Subscription payments that the customer paid (by card, by voucher balance, or both) and that
 * have no receipt yet, with the plan and period each paid for: a first period's and an
 * upgrade's payment are found by the subscription their request made, a renewal's by its key.
 */
export async function paymentsWithoutReceipt(db: Db, userId?: string) {
  const result = (await db.execute(sql`
    select p.id as payment_id, p.user_id, p.updated_at as paid_at, s.subscription_id as plan_id,
      s.interval, (s.replaces_id is not null and p.reference = s.request_key) as upgrade,
      p.amount_captured + coalesce(
        (select sum(v.amount) from voucher_spends v where v.payment_id = p.id), 0)::int as amount
    from payments p
    join user_subscriptions s
      on s.user_id = p.user_id
     and (s.request_key = p.reference or p.reference like 'renew:' || s.id::text || ':%')
    where p.purpose = 'subscriptions' and p.status in ('captured', 'voided')
      and not exists (select 1 from receipts r where r.payment_id = p.id)
      ${userId ? sql`and p.user_id = ${userId}` : sql``}
    order by p.updated_at
    limit 200`)) as {
    rows: {
      payment_id: string;
      user_id: string;
      paid_at: Date | string;
      plan_id: number;
      interval: SubscriptionInterval;
      upgrade: boolean;
      amount: number;
    }[];
  };
  return result.rows.filter((row) => row.amount > 0);
}
