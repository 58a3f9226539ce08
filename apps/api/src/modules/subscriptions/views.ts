import {
  coversBeverage,
  localized,
  type Locale,
  type SubscriptionInterval,
  type SubscriptionPlan,
} from '@stod/domain';
import type { ServiceContext } from '../../platform/context.ts';
import { notFound } from '../../lib/errors.ts';
import { planName } from './names.ts';
import * as repo from './repo.ts';

// The plans and a user's subscriptions as the API answers them, and what a user may use.

export const toPlan = (row: repo.PlanRow, locale: Locale): SubscriptionPlan => ({
  id: row.id,
  type: row.type,
  index: row.index,
  productIds: row.productIds,
  name: planName(row, locale),
  description: localized(row.description, row.descriptionEn, locale),
  prices: { monthly: row.priceMonthly, yearly: row.priceYearly },
});

export const priceOf = (plan: repo.PlanRow, interval: SubscriptionInterval) =>
  interval === 'monthly' ? plan.priceMonthly : plan.priceYearly;

/** The spec §3 shape of a user's subscription, as GET /user/v2 and the subscription calls answer it. */
export function toUserSubscription(
  { sub, plan }: { sub: repo.UserSubscriptionRow; plan: repo.PlanRow },
  locale: Locale,
) {
  return {
    id: sub.id,
    validTo: sub.validTo.toISOString(),
    nextPaymentAt: sub.nextPaymentAt?.toISOString() ?? null,
    cancelledAt: sub.cancelledAt?.toISOString() ?? null,
    interval: sub.interval,
    subscription: {
      id: plan.id,
      type: plan.type,
      productIds: plan.productIds,
      index: plan.index,
      name: planName(plan, locale),
    },
  };
}

/**
 * A stored answer is replayed as it was stored; its plan name follows the language of the request
 * that asks, like every other read of the plan.
 */
export function inLocale<T extends { subscription: { name: string } }>(
  answer: T,
  plan: repo.PlanRow | undefined,
  locale: Locale,
): T {
  if (!plan) return answer;
  return { ...answer, subscription: { ...answer.subscription, name: planName(plan, locale) } };
}

export async function listPlans(ctx: ServiceContext, locale: Locale) {
  return { items: (await repo.listPlans(ctx.db)).map((row) => toPlan(row, locale)) };
}

export async function getPlan(ctx: ServiceContext, id: number) {
  const plan = await repo.findPlan(ctx.db, id);
  if (!plan) throw notFound();
  return plan;
}

export async function usable(
  ctx: ServiceContext,
  userId: string,
  locale: Locale,
  now = new Date(),
) {
  return (await repo.usableForUser(ctx.db, userId, now)).map((row) =>
    toUserSubscription(row, locale),
  );
}

/**
 * The user (unless deleted) and the subscriptions they can use, as `usable` answers them, read
 * together in one query; undefined when there is no such user.
 */
export async function userWithUsable(
  ctx: ServiceContext,
  userId: string,
  locale: Locale,
  now = new Date(),
) {
  const rows = await repo.userWithUsableSubscriptions(ctx.db, userId, now);
  const user = rows[0]?.user;
  if (!user) return undefined;
  const subscriptions = [];
  for (const { sub, plan } of rows) {
    if (sub && plan) subscriptions.push(toUserSubscription({ sub, plan }, locale));
  }
  return { user, subscriptions };
}

/**
 * Spec §6: the user's usable BEVERAGE subscription whose plan covers the family, if any, and
 * whether the user has a usable BEVERAGE subscription at all (to tell the two refusals apart).
 */
export async function beverageCover(
  ctx: ServiceContext,
  userId: string,
  beverageFamily: string,
  now: Date,
) {
  const rows = (await repo.usableForUser(ctx.db, userId, now)).filter(
    (row) => row.plan.type === 'BEVERAGE',
  );
  const covering = rows.find((row) =>
    coversBeverage(
      [
        {
          validTo: row.sub.validTo,
          subscription: { type: row.plan.type, productIds: row.plan.productIds },
        },
      ],
      beverageFamily,
      now,
    ),
  );
  return {
    any: rows.length > 0,
    cover: covering
      ? { userSubscriptionId: covering.sub.id, fairUseMinutes: covering.plan.fairUseMinutes }
      : null,
  };
}
