import {
  formatCurrency,
  formatDateTime,
  productDisplayName,
  translateServer,
  type ReceiptProductType,
  type RefundInput,
  type SupportCustomer,
  type SupportCustomerDetail,
  type SupportPayment,
  type TimelineKind,
} from '@stod/domain';
import { AppError, notFound } from '../../lib/errors.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { announceRevoked, revokeUserSessions } from '../auth/index.ts';
import * as payments from '../payments/index.ts';
import { createReceipt } from '../receipts/index.ts';
import * as repo from './repo.ts';

/** How much of a customer's history one page of theirs shows. */
const PAYMENTS_SHOWN = 50;
const TIMELINE_SHOWN = 200;

const iso = (value: Date | string) => new Date(value).toISOString();

function customerOf(
  row:
    | NonNullable<Awaited<ReturnType<typeof repo.findCustomer>>>
    | Awaited<ReturnType<typeof repo.searchCustomers>>['items'][number],
): SupportCustomer {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    mobile: row.mobile,
    accountType: row.accountType,
    blockedAt: row.blockedAt ? iso(row.blockedAt) : null,
    createdAt: iso(row.createdAt),
  };
}

export async function searchCustomers(
  ctx: ServiceContext,
  q: string,
  offset: number,
  take: number,
) {
  const page = await repo.searchCustomers(ctx.db, q, offset, take);
  return { total: page.total, items: page.items.map(customerOf) };
}

/** A customer's profile, cards, payments with their steps, and their whole history. */
export async function customerDetail(
  ctx: ServiceContext,
  id: string,
): Promise<SupportCustomerDetail> {
  const row = await repo.findCustomer(ctx.db, id);
  if (!row) throw notFound();
  const [cards, paid, timeline] = await Promise.all([
    repo.cardsOf(ctx.db, id),
    repo.paymentsOf(ctx.db, id, PAYMENTS_SHOWN),
    repo.timelineOf(ctx.db, id, TIMELINE_SHOWN),
  ]);
  const steps = await repo.stepsOf(
    ctx.db,
    paid.map((p) => p.id),
  );
  return {
    ...customerOf(row),
    address: row.address,
    postCode: row.postCode,
    city: row.city,
    locale: row.locale,
    cards: cards.map((c) => ({
      id: c.id,
      brand: c.brand,
      last4: c.last4,
      removed: c.deletedAt !== null,
    })),
    payments: paid.map((p): SupportPayment => ({
      id: p.id,
      service: p.purpose,
      status: p.status,
      held: p.held,
      captured: p.captured,
      refunded: p.refunded,
      refundable: Math.max(0, p.captured - p.refunded),
      card: p.last4,
      receiptId: p.receiptId,
      createdAt: iso(p.createdAt),
      steps: steps
        .filter((s) => s.paymentId === p.id)
        .map((s) => ({ kind: s.kind, amount: s.amount, at: iso(s.at) })),
    })),
    timeline: timeline.map((entry) => ({
      kind: entry.kind as TimelineKind,
      id: entry.id,
      at: iso(entry.at),
      title: [entry.place, entry.title === null ? null : productDisplayName(entry.title)]
        .filter(Boolean)
        .join(' · '),
      amount: entry.amount === null ? null : Number(entry.amount),
      state: entry.state,
    })),
  };
}

const RECEIPT_TYPES: Record<string, ReceiptProductType> = {
  fuel: 'Fuel',
  carwash: 'Carwash',
  charging: 'Charge',
};

/**
 * Gives part or all of a captured payment back to the card, through the gateway, keyed by the
 * caller's Idempotency-Key: a repeat answers the refund it made and gives nothing twice; the
 * same key with another amount is refused. At most the capture less earlier refunds; refunds
 * sent in parallel are each checked by the gateway, which never lets their sum pass the capture.
 * A credit receipt is written, and the customer is mailed.
 */
export async function refundPayment(
  ctx: ServiceContext,
  paymentId: string,
  input: RefundInput,
  key: string,
) {
  const payment = await repo.paymentForRefund(ctx.db, paymentId);
  if (!payment) throw notFound();
  const stepKey = `support:${key}`;
  const earlier = await payments.refundOf(ctx.db, paymentId, stepKey);
  if (earlier !== undefined && earlier !== input.amount)
    throw new AppError(422, 'IDEMPOTENCY_KEY_REUSED', 'error.idempotencyKeyReused');
  if (earlier === undefined) {
    const refundable = payment.captured - payment.refunded;
    if (input.amount > refundable)
      throw new AppError(
        422,
        'REFUND_TOO_MUCH',
        'error.refundTooMuch',
        { amount: 'error.refundTooMuchField' },
        undefined,
        { params: { amount: formatCurrency(Math.max(0, refundable)) } },
      );
  }
  await payments.refund(ctx, paymentId, input.amount, stepKey);
  const receipt = await createReceipt(
    ctx.db,
    {
      userId: payment.userId,
      stationName: payment.stationName,
      productType: payment.productType ?? RECEIPT_TYPES[payment.purpose] ?? 'Food',
      productDescription: `Endurgjald · ${productDisplayName(payment.productDescription ?? payment.purpose)}`,
      amount: -input.amount,
      data: payment.receiptId ? { creditOf: payment.receiptId } : {},
      creditKey: `${paymentId}:${stepKey}`,
    },
    ctx.bus,
  );
  if (earlier === undefined) await mailRefund(ctx, payment, input.amount);
  return { receiptId: receipt.id, payment: await paymentAfter(ctx, payment.userId, paymentId) };
}

async function paymentAfter(ctx: ServiceContext, userId: string, paymentId: string) {
  const detail = await customerDetail(ctx, userId).catch(() => null);
  const found = detail?.payments.find((p) => p.id === paymentId);
  if (!found) throw notFound();
  return found;
}

async function mailRefund(
  ctx: ServiceContext,
  payment: { userId: string; purpose: string; productDescription: string | null },
  amount: number,
) {
  const customer = await repo.findCustomer(ctx.db, payment.userId);
  if (!customer) return;
  const values = {
    name: customer.name,
    amount: formatCurrency(amount),
    what: productDisplayName(payment.productDescription ?? payment.purpose),
  };
  try {
    await ctx.mailer.send({
      to: customer.email,
      subject: translateServer('mail.refund.subject', customer.locale),
      text: translateServer('mail.refund.text', customer.locale, values),
    });
  } catch (error) {
    // The refund stands, and the credit receipt is in the app; the mail is only word of it.
    ctx.log.error({ err: error, paymentId: payment.userId }, 'refund mail failed');
  }
}

/** Blocks or unblocks a customer's account: blocking ends their sessions on every process. */
/** A customer's profile as the block answers it; 404 for no such customer. */
export async function customerSummary(ctx: ServiceContext, id: string) {
  const row = await repo.findCustomer(ctx.db, id);
  if (!row) throw notFound();
  return customerOf(row);
}

export async function setBlocked(ctx: ServiceContext, id: string, blocked: boolean) {
  const row = await repo.findCustomer(ctx.db, id);
  if (!row) throw notFound();
  await ctx.db.transaction(async (tx) => {
    await repo.setBlocked(tx, id, blocked);
    if (blocked) await revokeUserSessions(tx, id);
  });
  if (blocked) await announceRevoked(ctx, id);
  const after = await repo.findCustomer(ctx.db, id);
  if (!after) throw notFound();
  return customerOf(after);
}

/** A hold this young may belong to a start still under way, which has not yet named it. */
const HOLD_SETTLE_MS = 15 * 60_000;

/**
 * Lets go of a hold that no running service needs: the card's money is freed at the gateway,
 * keyed by the caller's Idempotency-Key, so a repeat frees nothing twice.
 */
export async function releaseHold(ctx: ServiceContext, paymentId: string, key: string) {
  const hold = await repo.paymentHold(ctx.db, paymentId);
  if (!hold) throw notFound();
  const stepKey = `support:${key}`;
  const done = await payments.voidOf(ctx.db, paymentId, stepKey);
  if (done === undefined) {
    if (hold.status !== 'authorised') throw new AppError(409, 'NOT_HELD', 'error.holdNotHeld');
    const young = ctx.clock.now().getTime() - hold.createdAt.getTime() < HOLD_SETTLE_MS;
    if (young || (await repo.holdInUse(ctx.db, paymentId)))
      throw new AppError(409, 'HOLD_IN_USE', 'error.holdInUse');
  }
  await payments.voidHold(ctx, paymentId, stepKey);
  return paymentAfter(ctx, hold.userId, paymentId);
}

/** Mails a customer one of their receipts again, with a link to it in the app. */
export async function resendReceipt(ctx: ServiceContext, receiptId: string) {
  const receipt = await repo.receiptForResend(ctx.db, receiptId);
  if (!receipt) throw notFound();
  const values = {
    name: receipt.name,
    what: [receipt.stationName, productDisplayName(receipt.productDescription)]
      .filter(Boolean)
      .join(' · '),
    date: formatDateTime(receipt.createdAt),
    amount: formatCurrency(receipt.amount),
    vat: formatCurrency(receipt.vatAmount),
    link: `${ctx.config.publicUrl}/profile/receipts/${receipt.id}`,
  };
  await ctx.mailer.send({
    to: receipt.email,
    subject: translateServer('mail.receiptCopy.subject', receipt.locale, values),
    text: translateServer('mail.receiptCopy.text', receipt.locale, values),
  });
}
