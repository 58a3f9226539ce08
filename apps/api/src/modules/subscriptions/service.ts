import { randomUUID } from 'node:crypto';
import {
  defaultLocale,
  periodEnd,
  renewalDue,
  remainingValue,
  type Locale,
  type SubscriptionInterval,
} from '@stod/domain';
import type { ServiceContext } from '../../platform/context.ts';
import { crashPoint } from '../../lib/crash.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { registerRelease, runIdempotent } from '../payments/index.ts';
import * as payments from '../payments/index.ts';
import { charge, receiptsOf } from './charge.ts';
import * as repo from './repo.ts';
import { getPlan, inLocale, priceOf, toUserSubscription } from './views.ts';

// Subscribing, upgrading and cancelling. The views are in views.ts, the renewal in renewal.ts.

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
