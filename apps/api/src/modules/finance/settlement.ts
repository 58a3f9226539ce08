import {
  dayRange,
  kronerDecimal,
  type SettlementDifference,
  type SettlementReport,
  type SettlementSide,
} from '@stod/domain';
import { GatewayError, type GatewayMovement } from '../../integrations/payments/port.ts';
import { toCsv } from '../../lib/csv.ts';
import { AppError } from '../../lib/errors.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { gatewayKey } from '../payments/index.ts';
import * as repo from './repo.ts';

/**
 * A movement near midnight may land on either side of it in the two books: each side is read
 * this much wider, and only what falls in the day itself is listed as missing.
 */
const EDGE_MS = 60 * 60_000;

const sideOf = (moves: readonly { kind: 'capture' | 'refund'; amount: number }[]) => {
  const side: SettlementSide = {
    captures: { count: 0, amount: 0 },
    refunds: { count: 0, amount: 0 },
  };
  for (const move of moves) {
    const total = move.kind === 'capture' ? side.captures : side.refunds;
    total.count += 1;
    total.amount += move.amount;
  }
  return side;
};

/**
 * One day's settlement: every capture and refund in our books (the payments' steps) matched by
 * its key against the gateway's settlement report, and what differs listed: ours and not the
 * gateway's (it never took the money), the gateway's and not ours (it took money we have not
 * booked, a step whose answer was lost), or both with other amounts.
 */
export async function settlementReport(
  ctx: ServiceContext,
  day: string,
): Promise<SettlementReport> {
  const { from, to } = dayRange(day);
  const wideFrom = new Date(from.getTime() - EDGE_MS);
  const wideTo = new Date(to.getTime() + EDGE_MS);
  const inDay = (at: Date) => at >= from && at < to;
  const ours = (await repo.movedBetween(ctx.db, wideFrom, wideTo)).map((line) => ({
    ...line,
    gatewayKey: gatewayKey(line.paymentId, line.kind, line.key),
  }));
  const oursInDay = ours.filter((line) => inDay(line.createdAt));
  if (!ctx.gateway.settlement)
    return {
      day,
      available: false,
      ours: sideOf(oursInDay),
      gateway: sideOf([]),
      matched: 0,
      differences: [],
    };
  let theirs: GatewayMovement[];
  try {
    theirs = await ctx.gateway.settlement(wideFrom, wideTo);
  } catch (error) {
    if (error instanceof GatewayError)
      throw new AppError(503, 'GATEWAY_UNAVAILABLE', 'error.tryAgain');
    throw error;
  }
  // A capture of nothing (a hold released whole) moved no money on either side.
  theirs = theirs.filter((move) => move.amount > 0);
  const theirsByKey = new Map(theirs.map((move) => [move.key, move]));
  const oursByKey = new Map(ours.map((line) => [line.gatewayKey, line]));
  const differences: SettlementDifference[] = [];
  let matched = 0;
  for (const line of oursInDay) {
    const move = theirsByKey.get(line.gatewayKey);
    const base = {
      kind: line.kind,
      key: line.gatewayKey,
      paymentId: line.paymentId,
      userId: line.userId,
      ours: line.amount,
      at: line.createdAt.toISOString(),
    };
    if (!move) differences.push({ ...base, problem: 'missingAtGateway', gateway: null });
    else if (move.amount !== line.amount)
      differences.push({ ...base, problem: 'amountDiffers', gateway: move.amount });
    else matched += 1;
  }
  for (const move of theirs) {
    if (!inDay(move.at) || oursByKey.has(move.key)) continue;
    // Our keys begin with the payment's id: the payment is named when it is ours at all.
    const paymentId = /^[0-9a-f-]{36}(?=:)/.exec(move.key)?.[0] ?? null;
    differences.push({
      problem: 'missingHere',
      kind: move.kind,
      key: move.key,
      paymentId,
      userId: null,
      ours: null,
      gateway: move.amount,
      at: move.at.toISOString(),
    });
  }
  differences.sort((a, b) => a.at.localeCompare(b.at));
  return {
    day,
    available: true,
    ours: sideOf(oursInDay),
    gateway: sideOf(theirs.filter((move) => inDay(move.at))),
    matched,
    differences,
  };
}

/** The differences as CSV: one line each, amounts in kroner with a decimal point. */
export function settlementCsv(report: SettlementReport) {
  const kr = (ore: number | null) => (ore === null ? '' : kronerDecimal(ore, '.'));
  return toCsv(
    ['problem', 'kind', 'at', 'payment_id', 'key', 'ours_kr', 'gateway_kr'],
    report.differences.map((d) => [
      d.problem,
      d.kind,
      d.at,
      d.paymentId ?? '',
      d.key,
      kr(d.ours),
      kr(d.gateway),
    ]),
  );
}
