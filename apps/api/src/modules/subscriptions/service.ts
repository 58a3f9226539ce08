import { randomUUID } from 'node:crypto';
import {
  formatDate,
  periodEnd,
  renewalDue,
  remainingValue,
  type SubscriptionInterval,
  type SubscriptionPlan,
} from '@stod/domain';
import type { FastifyInstance } from 'fastify';
import { AppError, notFound } from '../../lib/errors.ts';
import { findUserById } from '../account/repo.ts';
import { findByKey as findPaymentByKey } from '../payments/repo.ts';
import * as payments from '../payments/service.ts';
import * as wallet from '../wallet/repo.ts';
import { toView as methodView } from '../wallet/service.ts';
import * as repo from './repo.ts';

export const toPlan = (row: repo.PlanRow): SubscriptionPlan => ({
  id: row.id,
  type: row.type,
  index: row.index,
  productIds: row.productIds,
  name: row.name,
  description: row.description,
  prices: { monthly: row.priceMonthly, yearly: row.priceYearly },
});

const priceOf = (plan: repo.PlanRow, interval: SubscriptionInterval) =>
  interval === 'monthly' ? plan.priceMonthly : plan.priceYearly;

/** The spec §3 shape of a user's subscription, as GET /user/v2 and the subscription calls answer it. */
export function toUserSubscription({
  sub,
  plan,
}: {
  sub: repo.UserSubscriptionRow;
  plan: repo.PlanRow;
}) {
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
      name: plan.name,
    },
  };
}

export async function listPlans(app: FastifyInstance) {
  return { items: (await repo.listPlans(app.db)).map(toPlan) };
}

export async function getPlan(app: FastifyInstance, id: number) {
  const plan = await repo.findPlan(app.db, id);
  if (!plan) throw notFound();
  return plan;
}

export async function usable(app: FastifyInstance, userId: string, now = new Date()) {
  return (await repo.usableForUser(app.db, userId, now)).map(toUserSubscription);
}

/** Charges through the payments service: a hold on the card, then the voucher balance first. */
async function charge(
  app: FastifyInstance,
  userId: string,
  paymentMethodId: string,
  amount: number,
  key: string,
) {
  const method = await wallet.findMethod(app.db, userId, paymentMethodId);
  if (!method) throw notFound();
  const view = methodView(method);
  if (!view.isActive || !view.products.includes('subscriptions')) {
    throw new AppError(422, 'CARD_NOT_ALLOWED', 'error.cardNotAllowed');
  }
  const held = await payments.authorise(app, {
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
  const { payment } = await payments.captureWithBalance(app, held.id, amount, `${key}:capture`);
  return payment;
}

export async function subscribe(
  app: FastifyInstance,
  userId: string,
  planId: number,
  input: { interval: SubscriptionInterval; paymentMethodId: string },
  idempotencyKey: string = randomUUID(),
) {
  const plan = await getPlan(app, planId);
  const key = `subscribe:${idempotencyKey}`;
  // A repeat of the same request answers what the first one made.
  const earlier = await findPaymentByKey(app.db, userId, key);
  const made = earlier ? await repo.findByPayment(app.db, earlier.id) : undefined;
  if (made) return toUserSubscription({ sub: made, plan });
  const current = await repo.usableForUser(app.db, userId, new Date());
  if (current.some((c) => c.plan.type === plan.type)) {
    throw new AppError(409, 'SUBSCRIPTION_EXISTS', 'error.subscriptionExists');
  }
  const price = priceOf(plan, input.interval);
  const payment = await charge(app, userId, input.paymentMethodId, price, key);
  const repeat = await repo.findByPayment(app.db, payment.id);
  if (repeat) return toUserSubscription({ sub: repeat, plan });
  const now = new Date();
  const validTo = periodEnd(now, input.interval);
  const sub = await repo.insert(app.db, {
    userId,
    subscriptionId: plan.id,
    interval: input.interval,
    paymentMethodId: input.paymentMethodId,
    status: 'active',
    periodStart: now,
    // The anchor day of later periods (periodEnd): from the same clock as periodStart.
    createdAt: now,
    validTo,
    nextPaymentAt: renewalDue(validTo),
    lastPaymentId: payment.id,
    periodPrice: price,
  });
  return toUserSubscription({ sub, plan });
}

/** Ends renewal; the subscription stays usable until its valid-to date. */
export async function cancel(app: FastifyInstance, userId: string, id: string) {
  const found = await repo.findUserSubscription(app.db, userId, id);
  if (!found || found.sub.status === 'replaced') throw notFound();
  if (found.sub.status === 'cancelled') return;
  await repo.updateIfPeriod(app.db, id, found.sub.validTo, {
    status: 'cancelled',
    cancelledAt: new Date(),
    nextPaymentAt: null,
  });
}

/** Moves to a higher tier of the same type; what is left of the paid period is credited. */
export async function upgrade(
  app: FastifyInstance,
  userId: string,
  id: string,
  targetId: number,
  idempotencyKey: string = randomUUID(),
) {
  const found = await repo.findUserSubscription(app.db, userId, id);
  const now = new Date();
  if (!found || found.sub.validTo <= now) throw notFound();
  if (found.sub.status === 'replaced') throw new AppError(409, 'ILLEGAL_STATE', 'error.conflict');
  const target = await getPlan(app, targetId);
  if (target.type !== found.plan.type || target.index <= found.plan.index) {
    throw new AppError(422, 'NOT_AN_UPGRADE', 'error.notAnUpgrade');
  }
  if (!found.sub.paymentMethodId)
    throw new AppError(422, 'CARD_NOT_ALLOWED', 'error.cardNotAllowed');
  const credit = remainingValue(
    found.sub.periodPrice,
    found.sub.periodStart,
    found.sub.validTo,
    now,
  );
  const price = priceOf(target, found.sub.interval);
  const due = Math.max(0, price - credit);
  const key = `upgrade:${id}:${idempotencyKey}`;
  const payment = due > 0 ? await charge(app, userId, found.sub.paymentMethodId, due, key) : null;
  const validTo = periodEnd(now, found.sub.interval);
  const moved = await repo.updateIfPeriod(app.db, id, found.sub.validTo, {
    status: 'replaced',
    validTo: now,
    nextPaymentAt: null,
  });
  if (!moved) throw new AppError(409, 'ILLEGAL_STATE', 'error.conflict');
  const sub = await repo.insert(app.db, {
    userId,
    subscriptionId: target.id,
    interval: found.sub.interval,
    paymentMethodId: found.sub.paymentMethodId,
    status: found.sub.status === 'cancelled' ? 'cancelled' : 'active',
    periodStart: now,
    // The anchor day of later periods (periodEnd): from the same clock as periodStart.
    createdAt: now,
    validTo,
    nextPaymentAt: found.sub.status === 'cancelled' ? null : renewalDue(validTo),
    cancelledAt: found.sub.cancelledAt,
    lastPaymentId: payment?.id ?? null,
    periodPrice: price,
  });
  return { ...toUserSubscription({ sub, plan: target }), credited: credit, charged: due };
}

/**
 * Renews subscriptions whose period has ended by charging their card. Each
 * period's charge is keyed, and the period only moves on if it is still the one
 * this run saw, so two runs (or two processes) charge and extend once.
 */
export async function renewDue(app: FastifyInstance, now = new Date()) {
  let renewed = 0;
  let failed = 0;
  for (const { sub, plan } of await repo.dueForRenewal(app.db, now)) {
    const key = `renew:${sub.id}:${sub.validTo.toISOString()}`;
    const price = priceOf(plan, sub.interval);
    try {
      if (!sub.paymentMethodId) throw new AppError(422, 'CARD_NOT_ALLOWED', 'error.cardNotAllowed');
      const payment = await charge(app, sub.userId, sub.paymentMethodId, price, key);
      const validTo = periodEnd(sub.validTo, sub.interval, sub.createdAt);
      const moved = await repo.updateIfPeriod(app.db, sub.id, sub.validTo, {
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
        app.log.warn({ err: error, subscription: sub.id }, 'renewal postponed');
        continue;
      }
      const moved = await repo.updateIfPeriod(app.db, sub.id, sub.validTo, {
        status: 'expiring',
        nextPaymentAt: null,
      });
      if (moved) {
        failed += 1;
        await notifyRenewalFailed(app, sub.userId, plan.name, sub.validTo);
      }
    }
  }
  return { renewed, failed };
}

async function notifyRenewalFailed(
  app: FastifyInstance,
  userId: string,
  planName: string,
  validTo: Date,
) {
  const user = await findUserById(app.db, userId);
  if (!user) return;
  const date = formatDate(validTo);
  await app.mailer.send({
    to: user.email,
    ...(user.locale === 'en'
      ? {
          subject: `We could not renew ${planName}`,
          text: `The payment for ${planName} was refused, so it will not renew. It stays usable until ${date}; after that you can subscribe again in the app with a card that works.`,
        }
      : {
          subject: `Vit kundu ikki endurnýggja ${planName}`,
          text: `Gjaldið fyri ${planName} varð avvíst, so haldið verður ikki endurnýggjað. Tað kann brúkast til ${date}; eftir tað kanst tú tekna tað aftur í appini við einum korti, ið virkar.`,
        }),
  });
}
