import type { ServiceContext } from '../../platform/context.ts';
import { notFound } from '../../lib/errors.ts';
import type { NoticeKind } from '../../integrations/ocpp/port.ts';
import * as repo from './repo.ts';
import * as txRepo from './tx-repo.ts';

/** What operators see of charging beyond the chargers: unbilled transactions, charges to review,
 * and what each charger reported for the record. */

const iso = (date: Date | null) => date?.toISOString() ?? null;
const delivered = (start: number | null, last: number | null) =>
  start === null || last === null ? null : Math.round(Math.max(0, last - start) * 1000) / 1000;

type TransactionPage = Awaited<ReturnType<typeof txRepo.listUnbilled>>;

function transactionsOf(page: TransactionPage) {
  return {
    items: page.items.map(({ tx, identity }) => ({
      id: tx.id,
      chargerId: tx.chargerId,
      identity,
      transactionId: tx.transactionId,
      connectorId: tx.connectorId,
      idTag: tx.idTag,
      billing: tx.billing,
      energyWh: delivered(tx.meterStart, tx.meterLast),
      startedAt: tx.startedAt.toISOString(),
      endedAt: iso(tx.endedAt),
      stopReason: tx.stopReason,
      stopRequestedAt: iso(tx.stopRequestedAt),
    })),
    total: page.total,
  };
}

export async function unbilledTransactions(ctx: ServiceContext, offset: number, take: number) {
  return transactionsOf(await txRepo.listUnbilled(ctx.db, offset, take));
}

/** The transactions one charger reported, newest first; an unknown charger answers 404. */
export async function chargerTransactions(
  ctx: ServiceContext,
  chargerId: string,
  offset: number,
  take: number,
) {
  if (!(await repo.findCharger(ctx.db, chargerId))) throw notFound();
  return transactionsOf(await txRepo.listOfCharger(ctx.db, chargerId, offset, take));
}

export async function chargesForReview(ctx: ServiceContext, offset: number, take: number) {
  const page = await txRepo.listForReview(ctx.db, offset, take);
  return {
    items: page.items.map(({ charge, identity }) => ({
      id: charge.id,
      userId: charge.userId,
      identity,
      connectorId: charge.connectorId,
      transactionId: charge.ocppTx,
      state: charge.state,
      reviewReason: charge.reviewReason ?? '',
      energyWh: charge.energyWh,
      amount: charge.amount,
      startedAt: iso(charge.startedAt),
      stoppedAt: iso(charge.stoppedAt),
    })),
    total: page.total,
  };
}

export async function chargerNotices(ctx: ServiceContext, chargerId: string, take: number) {
  if (!(await repo.findCharger(ctx.db, chargerId))) throw notFound();
  const rows = await txRepo.listNotices(ctx.db, chargerId, take);
  return {
    items: rows.map((row) => ({
      id: row.id,
      kind: row.kind as NoticeKind,
      type: row.type,
      detail: row.detail as Record<string, unknown>,
      at: row.at.toISOString(),
    })),
  };
}
