import type { Db } from '../../db/client.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { crashPoint } from '../../lib/crash.ts';
import * as payments from '../payments/index.ts';
import { createReceipt, type NewReceipt } from '../receipts/index.ts';

/**
 * The one way a delivered service is paid for, whatever was delivered (fuel, a wash, a charge,
 * an order of food, a cup of coffee): the price captured from its hold under the service's own
 * key, then in one write the receipt and the completed row. Keyed throughout, so a request, an
 * event and the reconciliation after a crash may all call it: the capture runs once, a capture
 * never exceeds its hold (the payments module refuses it), and the receipt is written once.
 */

/** How a settled price was paid: from the voucher balance first, the rest from the card. */
export interface Paid {
  fromCard: number;
  fromBalance: number;
}

export interface Settlement<R> {
  /** The key of what is settled; its capture is keyed `<key>:capture`. */
  key: string;
  /** The hold to capture from; none for a service paid with a voucher. */
  paymentId: string | null;
  amount: number;
  /** Whether the customer's voucher balance pays first; a cup bought once is the card's alone. */
  balanceFirst: boolean;
  /** Where a test may end the process between the capture and the receipt. */
  crashAt: string;
  /** In the settling write: the row locked, or null when another caller has settled it already. */
  lock: (tx: Db) => Promise<R | null>;
  receipt: (locked: R, paid: Paid) => NewReceipt;
  /** Writes the outcome on the locked row in the same write as its receipt. */
  complete: (tx: Db, locked: R, done: Paid & { receiptId: string }) => Promise<R | null>;
}

/**
 * Settles a delivered service. Answers the completed row, or null when another caller got there
 * first (the caller then reads the row as it stands).
 */
export async function settle<R>(ctx: ServiceContext, s: Settlement<R>): Promise<R | null> {
  const paid = await captureOf(ctx, s);
  crashPoint(s.crashAt);
  const written = await ctx.db.transaction(async (tx) => {
    const locked = await s.lock(tx);
    if (!locked) return null;
    const input = s.receipt(locked, paid);
    const receipt = await createReceipt(tx, input);
    const row = await s.complete(tx, locked, { ...paid, receiptId: receipt.id });
    return row ? { row, userId: input.userId, receiptId: receipt.id } : null;
  });
  if (!written) return null;
  await ctx.bus.publish('receipt.created', {
    userId: written.userId,
    receiptId: written.receiptId,
  });
  return written.row;
}

async function captureOf<R>(ctx: ServiceContext, s: Settlement<R>): Promise<Paid> {
  if (!s.paymentId) return { fromCard: 0, fromBalance: 0 };
  const key = `${s.key}:capture`;
  if (s.balanceFirst) {
    const split = await payments.captureWithBalance(ctx, s.paymentId, s.amount, key);
    return { fromCard: split.fromCard, fromBalance: split.fromBalance };
  }
  await payments.capture(ctx, s.paymentId, s.amount, key);
  return { fromCard: s.amount, fromBalance: 0 };
}

/** What the card gives back: all of the hold it did not take (the balance never came from it). */
export const releasedOf = (held: number, fromCard: number) => Math.max(0, held - fromCard);
