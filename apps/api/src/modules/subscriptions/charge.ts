import type { ServiceContext } from '../../platform/context.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import * as payments from '../payments/index.ts';
import { toView as methodView } from '../wallet/index.ts';
import * as wallet from '../wallet/index.ts';
import { writeSubscriptionReceipts } from './receipts.ts';

/** Writes the receipts of the user's payments now; the renewal job sweeps any this misses. */
export async function receiptsOf(ctx: ServiceContext, userId: string) {
  try {
    await writeSubscriptionReceipts(ctx, userId);
  } catch (error) {
    ctx.log.warn({ err: error, userId }, 'subscription receipt not written yet; the job retries');
  }
}

/** Charges through the payments service: a hold on the card, then the voucher balance first. */
export async function charge(
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
