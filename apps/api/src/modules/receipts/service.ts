import { vatOf, type Locale, type Receipt, type ReceiptProductType } from '@stod/domain';
import type { ServiceContext } from '../../platform/context.ts';
import type { Projections } from '../../platform/realtime.ts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import type { Bus } from '../../platform/bus.ts';
import * as repo from './repo.ts';

export function toReceipt(row: repo.ReceiptRow): Receipt {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    stationName: row.stationName,
    productType: row.productType,
    productDescription: row.productDescription,
    amount: row.amount,
    vatAmount: row.vatAmount,
    currency: row.currency,
    quantity: row.quantity,
    unitPrice: row.unitPrice,
    data: row.data,
  };
}

export interface NewReceipt {
  userId: string;
  paymentId?: string | null;
  stationName: string | null;
  productType: ReceiptProductType;
  productDescription: string;
  amount: number;
  quantity?: number | null;
  unitPrice?: number | null;
  data?: Receipt['data'];
  createdAt?: Date;
  /** A credit receipt's refund key: one receipt per refund. */
  creditKey?: string;
}

/**
 * Writes the receipt of a completed purchase; VAT comes from the domain's one rule. A payment has
 * one receipt: asked again for the same payment, it answers the one written first. With a bus,
 * the owner's app hears of it (`receipt.created`); pass none inside a transaction that may roll back.
 */
export async function createReceipt(db: Db, input: NewReceipt, bus?: Pick<Bus, 'publish'>) {
  const inserted = await repo.insertReceipt(db, {
    userId: input.userId,
    paymentId: input.paymentId ?? null,
    stationName: input.stationName,
    productType: input.productType,
    productDescription: input.productDescription,
    amount: input.amount,
    // A credit receipt's amount and VAT are negative: the sale's, given back.
    vatAmount: input.amount < 0 ? -vatOf(-input.amount) : vatOf(input.amount),
    quantity: input.quantity ?? null,
    unitPrice: input.unitPrice ?? null,
    data: input.data ?? {},
    ...(input.createdAt ? { createdAt: input.createdAt } : {}),
    ...(input.creditKey ? { creditKey: input.creditKey } : {}),
  });
  const row =
    inserted ??
    (input.creditKey
      ? await repo.receiptOfCredit(db, input.creditKey)
      : input.paymentId
        ? await repo.receiptOfPayment(db, input.paymentId)
        : undefined);
  if (!row) throw new Error('receipt neither written nor found');
  await bus?.publish('receipt.created', { userId: row.userId, receiptId: row.id });
  return toReceipt(row);
}

export async function list(ctx: ServiceContext, userId: string, offset: number, take: number) {
  const page = await repo.listReceipts(ctx.db, userId, offset, take);
  return { items: page.items.map(toReceipt), total: page.total };
}

export async function getOne(ctx: ServiceContext, userId: string, id: string) {
  const row = await repo.findReceipt(ctx.db, userId, id);
  if (!row) throw notFound();
  return toReceipt(row);
}

/** What a client of the realtime channel receives when one of its receipts is created. */
export const receiptProjections: Projections = {
  'receipt.created': async (ctx, { userId, receiptId }) => ({
    id: receiptId,
    object: await getOne(ctx, userId, receiptId).catch(() => undefined),
  }),
};

/** The receipt's PDF; another user's receipt is not found, before anything is rendered. */
export async function pdf(ctx: ServiceContext, userId: string, id: string, locale: Locale) {
  const receipt = await getOne(ctx, userId, id);
  return ctx.receiptPdfs.render(userId, receipt, locale);
}
