import { randomUUID } from 'node:crypto';
import {
  coversBeverage,
  defaultLocale,
  formatDate,
  localized,
  periodEnd,
  renewalDue,
  remainingValue,
  translateServer,
  type Locale,
  type SubscriptionInterval,
  type SubscriptionPlan,
} from '@stod/domain';
import type { ServiceContext } from '../../platform/context.ts';
import { crashPoint } from '../../lib/crash.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { registerRelease, runIdempotent } from '../payments/index.ts';
import * as payments from '../payments/index.ts';
import { findUserById } from '../users/index.ts';
import { toView as methodView } from '../wallet/index.ts';
import * as wallet from '../wallet/index.ts';
import { announce } from '../notifications/index.ts';
import { planName } from './names.ts';
import { writeSubscriptionReceipts } from './receipts.ts';
import * as repo from './repo.ts';

/** Writes the receipts of the user's payments now; the renewal job sweeps any this misses. */
async function receiptsOf(ctx: ServiceContext, userId: string) {
  try {
    await writeSubscriptionReceipts(ctx, userId);
  } catch (error) {
    ctx.log.warn({ err: error, userId }, 'subscription receipt not written yet; the job retries');
  }
}

export const toPlan = (row: repo.PlanRow, locale: Locale): SubscriptionPlan => ({
  id: row.id,
  type: row.type,
  index: row.index,
  productIds: row.productIds,
  name: planName(row, locale),
  description: localized(row.description, row.descriptionEn, locale),
  prices: { monthly: row.priceMonthly, yearly: row.priceYearly },
});

const priceOf = (plan: repo.PlanRow, interval: SubscriptionInterval) =>
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
function inLocale<T extends { subscription: { name: string } }>(
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

/** Charges through the payments service: a hold on the card, then the voucher balance first. */
async function charge(
  ctx: ServiceContext,
  userId: string,
  paymentMethodId: string,
  amount: number,
  key: string,
) {
  const method = await wallet.findMethod(ctx.db, userId, paymentMethodId);
  if (!method) throw notFound();
  const view = methodView(method);
  if (!view.isActive || !view.products.includes('subscriptions')) {
    throw new AppError(422, 'CARD_NOT_ALLOWED', 'error.cardNotAllowed');
  }
  const held = await payments.authorise(ctx, {
    userId,
    paymentMethodId,
    token: method.token,
    amount,
    purpose: 'subscriptions',
    reference: key,
    idempotencyKey: key,
  });
  if (!['authorised', 'captured', 'voided'].includes(held.status))
    throw new AppError(422, 'PAYMENT_UNSUCCESSFUL', 'error.paymentUnsuccessful');
  // The voucher balance pays first; a repeat answers the first split.
  const { payment } = await payments.captureWithBalance(ctx, held.id, amount, `${key}:capture`);
  return payment;
}

const conflict = () => new AppError(409, 'ILLEGAL_STATE', 'error.conflict');
const exists = () => new AppError(409, 'SUBSCRIPTION_EXISTS', 'error.subscriptionExists');

/**
 * Subscribes and pays the first period, once per key (decision 0012): the claim reserves the
 * one subscription of the plan's type that a user may hold, so parallel requests under other
 * keys are refused before anything is charged; the payment's steps are keyed by the request;
 * the reservation becomes the subscription in the same transaction that stores the answer.
 */
export async function subscribe(
  ctx: ServiceContext,
  userId: string,
  planId: number,
  input: { interval: SubscriptionInterval; paymentMethodId: string },
  idempotencyKey: string = randomUUID(),
  locale: Locale = defaultLocale,
) {
  // A repeat answers its first result even once the plan is no longer on offer.
  const plan = await repo.findAnyPlan(ctx.db, planId);
  if (!plan) throw notFound();
  const price = priceOf(plan, input.interval);
  const answer = await runIdempotent(
    ctx.db,
    { userId, scope: 'subscribe', key: idempotencyKey, request: { planId, ...input } },
    {
      reserve: async (tx, claim) => {
        await repo.lockUser(tx, userId);
        if (await repo.findByRequestKey(tx, userId, claim.paymentKey)) return;
        if (!plan.active) throw notFound();
        const now = new Date();
        await repo.endLapsed(tx, userId, plan.type, now);
        if (await repo.heldOfType(tx, userId, plan.type)) throw exists();
        await repo.insert(tx, {
          userId,
          subscriptionId: plan.id,
          planType: plan.type,
          interval: input.interval,
          paymentMethodId: input.paymentMethodId,
          status: 'pending',
          requestKey: claim.paymentKey,
          periodStart: now,
          validTo: now,
          periodPrice: price,
        });
      },
      act: (claim) => charge(ctx, userId, input.paymentMethodId, price, claim.paymentKey),
      finish: async (tx, claim, payment) => {
        crashPoint('subscription.before-finish');
        const now = new Date();
        const validTo = periodEnd(now, input.interval);
        const sub = await repo.activateReserved(tx, userId, claim.paymentKey, {
          status: 'active',
          periodStart: now,
          // The anchor day of later periods (periodEnd): from the same clock as periodStart.
          createdAt: now,
          validTo,
          nextPaymentAt: renewalDue(validTo),
          lastPaymentId: payment.id,
        });
        return toUserSubscription({ sub, plan }, locale);
      },
      release: (tx, claim) => repo.dropReserved(tx, userId, claim.paymentKey),
    },
  );
  await receiptsOf(ctx, userId);
  return inLocale(answer, plan, locale);
}

registerRelease('subscribe', (tx, claim) => repo.dropReserved(tx, claim.userId, claim.paymentKey));
registerRelease('upgrade', (tx, claim) => repo.releaseUpgrade(tx, claim.userId, claim.paymentKey));

/** Ends renewal; the subscription stays usable until its valid-to date. */
export async function cancel(ctx: ServiceContext, userId: string, id: string) {
  const found = await repo.findUserSubscription(ctx.db, userId, id);
  if (!found || !['active', 'cancelled', 'expiring'].includes(found.sub.status)) throw notFound();
  if (found.sub.status === 'cancelled') return;
  await repo.updateIfPeriod(ctx.db, id, found.sub.validTo, {
    status: 'cancelled',
    cancelledAt: new Date(),
    nextPaymentAt: null,
  });
}

/**
 * Moves to a higher tier of the same type; what is left of the paid period is credited. Once per
 * key, like subscribe: the claim holds the subscription for this request, so other upgrades of
 * it are refused before they charge, and a repeat answers the first upgrade.
 */
export async function upgrade(
  ctx: ServiceContext,
  userId: string,
  id: string,
  targetId: number,
  idempotencyKey: string = randomUUID(),
  locale: Locale = defaultLocale,
) {
  const request = { userId, scope: 'upgrade', key: idempotencyKey, request: { id, targetId } };
  const answer = await runIdempotent(ctx.db, request, {
    reserve: async (tx, claim) => {
      const sub = await repo.lockUserSubscription(tx, userId, id);
      if (!sub || !(repo.USABLE as readonly string[]).includes(sub.status)) {
        if (sub?.status === 'replaced') throw conflict();
        throw notFound();
      }
      if (sub.upgradeKey === claim.paymentKey) return;
      if (sub.validTo <= new Date()) throw notFound();
      // Inside the claim's transaction every read goes through it (PGlite has one connection).
      const target = await repo.findPlan(tx, targetId);
      const current = await repo.findPlan(tx, sub.subscriptionId);
      if (!target || !current) throw notFound();
      if (target.type !== current.type || target.index <= current.index) {
        throw new AppError(422, 'NOT_AN_UPGRADE', 'error.notAnUpgrade');
      }
      if (!sub.paymentMethodId) throw new AppError(422, 'CARD_NOT_ALLOWED', 'error.cardNotAllowed');
      if (!(await repo.holdFor(tx, id, claim.paymentKey))) throw conflict();
    },
    act: async (claim) => {
      const found = await repo.findUserSubscription(ctx.db, userId, id);
      if (!found?.sub.paymentMethodId || found.sub.upgradeKey !== claim.paymentKey)
        throw conflict();
      const target = await getPlan(ctx, targetId);
      const now = new Date();
      const price = priceOf(target, found.sub.interval);
      // A resumed request charges what its first try held, whatever the clock says now.
      const earlier = await payments.paymentByKey(ctx, userId, claim.paymentKey);
      const credit = earlier
        ? price - earlier.amountHeld
        : remainingValue(found.sub.periodPrice, found.sub.periodStart, found.sub.validTo, now);
      const due = Math.max(0, price - credit);
      const payment =
        due > 0
          ? await charge(ctx, userId, found.sub.paymentMethodId, due, claim.paymentKey)
          : null;
      return { now, credit, price, due, payment };
    },
    finish: async (tx, claim, { now, credit, price, due, payment }) => {
      // The subscription as it is now: a cancel while the payment ran still counts.
      const old = await repo.updateIfHeld(tx, id, claim.paymentKey, {
        status: 'replaced',
        validTo: now,
        nextPaymentAt: null,
      });
      if (!old) throw conflict();
      const target = await repo.findAnyPlan(tx, targetId);
      if (!target) throw notFound();
      const validTo = periodEnd(now, old.interval);
      const cancelled = old.cancelledAt !== null;
      const sub = await repo.insert(tx, {
        userId,
        subscriptionId: target.id,
        planType: target.type,
        interval: old.interval,
        paymentMethodId: old.paymentMethodId,
        status: cancelled ? 'cancelled' : 'active',
        requestKey: claim.paymentKey,
        replacesId: old.id,
        periodStart: now,
        // The anchor day of later periods (periodEnd): from the same clock as periodStart.
        createdAt: now,
        validTo,
        nextPaymentAt: cancelled ? null : renewalDue(validTo),
        cancelledAt: old.cancelledAt,
        lastPaymentId: payment?.id ?? null,
        periodPrice: price,
      });
      return {
        ...toUserSubscription({ sub, plan: target }, locale),
        credited: credit,
        charged: due,
      };
    },
    release: (tx, claim) => repo.releaseUpgrade(tx, userId, claim.paymentKey),
  });
  await receiptsOf(ctx, userId);
  return inLocale(answer, await repo.findAnyPlan(ctx.db, answer.subscription.id), locale);
}

/**
 * Renews subscriptions whose period has ended by charging their card. Each
 * period's charge is keyed, and the period only moves on if it is still the one
 * this run saw, so two runs (or two processes) charge and extend once.
 */
export async function renewDue(ctx: ServiceContext, now = ctx.clock.now()) {
  let renewed = 0;
  let failed = 0;
  await repo.cancelForDeletedAccounts(ctx.db);
  for (const { sub, plan } of await repo.dueForRenewal(ctx.db, now)) {
    const key = `renew:${sub.id}:${sub.validTo.toISOString()}`;
    const price = priceOf(plan, sub.interval);
    // The renewal holds the subscription while it charges, so an upgrade cannot replace the
    // period being paid for; a renewal that died holds it under the same key and resumes.
    if (!(await repo.holdFor(ctx.db, sub.id, key, sub.validTo))) continue;
    try {
      if (!sub.paymentMethodId) throw new AppError(422, 'CARD_NOT_ALLOWED', 'error.cardNotAllowed');
      const payment = await charge(ctx, sub.userId, sub.paymentMethodId, price, key);
      const validTo = periodEnd(sub.validTo, sub.interval, sub.createdAt);
      const moved = await repo.updateIfHeld(ctx.db, sub.id, key, {
        periodStart: sub.validTo,
        validTo,
        nextPaymentAt: renewalDue(validTo),
        lastPaymentId: payment.id,
        periodPrice: price,
      });
      if (moved) renewed += 1;
    } catch (error) {
      // A refused card ends renewal; anything passing (a race, the gateway down) is retried next run.
      const refused =
        error instanceof AppError && (error.statusCode === 422 || error.statusCode === 404);
      if (!refused) {
        ctx.log.warn({ err: error, subscription: sub.id }, 'renewal postponed');
        continue;
      }
      const moved = await repo.updateIfHeld(ctx.db, sub.id, key, {
        status: 'expiring',
        nextPaymentAt: null,
      });
      if (moved) {
        failed += 1;
        await notifyRenewalFailed(ctx, sub.userId, plan, sub.validTo);
        await announce.renewalRefused(ctx, {
          subscriptionId: sub.id,
          userId: sub.userId,
          plan: (locale) => planName(plan, locale),
          validTo: sub.validTo,
        });
      }
    }
  }
  // The receipts of this run's payments, and of any an earlier run or a crash left without one.
  await writeSubscriptionReceipts(ctx);
  return { renewed, failed };
}

async function notifyRenewalFailed(
  ctx: ServiceContext,
  userId: string,
  plan: repo.PlanRow,
  validTo: Date,
) {
  const user = await findUserById(ctx.db, userId);
  if (!user) return;
  const params = { plan: planName(plan, user.locale), date: formatDate(validTo) };
  await ctx.mailer.send({
    to: user.email,
    subject: translateServer('mail.renewalFailed.subject', user.locale, params),
    text: translateServer('mail.renewalFailed.text', user.locale, params),
  });
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
