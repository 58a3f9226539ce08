import { isLocale, translateServer } from '@stod/domain';
import type { ServiceContext } from '../../platform/context.ts';
import { createReceipt } from '../receipts/index.ts';
import { findUserById } from '../users/index.ts';
import { planName } from './names.ts';
import * as repo from './repo.ts';

/**
 * Every payment a customer makes for a subscription gets a receipt, VAT shown, listed and
 * printable like the others: the first period, each renewal, each upgrade. Written right after
 * the payment, and swept again by the renewal job for any a crash left out (one per payment,
 * however often it is asked). A subscription is bought from the provider, not at a station; in
 * the spec's receipt layouts it is a line of the Food layout, as a cup of coffee bought once is.
 */
export async function writeSubscriptionReceipts(ctx: ServiceContext, userId?: string) {
  let written = 0;
  for (const row of await repo.paymentsWithoutReceipt(ctx.db, userId)) {
    const plan = await repo.findAnyPlan(ctx.db, row.plan_id);
    const user = await findUserById(ctx.db, row.user_id);
    if (!plan || !user) continue;
    const locale = isLocale(user.locale) ? user.locale : 'fo';
    const name = planName(plan, locale);
    const line = translateServer(
      row.upgrade ? 'receipt.subscription.upgrade' : `receipt.subscription.${row.interval}`,
      locale,
      { plan: name },
    );
    const receipt = await createReceipt(ctx.db, {
      userId: row.user_id,
      paymentId: row.payment_id,
      stationName: null,
      productType: 'Food',
      productDescription: name,
      amount: row.amount,
      quantity: 1,
      unitPrice: row.amount,
      createdAt: new Date(row.paid_at),
      data: {
        items: [
          {
            type: 'product',
            uuid: row.payment_id,
            amount: 1,
            totalAmount: row.amount,
            product: { name: line, price: row.amount },
          },
        ],
      },
    });
    written += 1;
    await ctx.bus.publish('receipt.created', { userId: row.user_id, receiptId: receipt.id });
  }
  return written;
}
