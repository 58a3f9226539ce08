import { formatDate, periodEnd, renewalDue, translateServer } from '@stod/domain';
import type { ServiceContext } from '../../platform/context.ts';
import { AppError } from '../../lib/errors.ts';
import { announce } from '../notifications/index.ts';
import { findUserById } from '../users/index.ts';
import { charge } from './charge.ts';
import { planName } from './names.ts';
import { writeSubscriptionReceipts } from './receipts.ts';
import * as repo from './repo.ts';
import { priceOf } from './views.ts';

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
