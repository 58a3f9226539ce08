import { nextCupAt, type BeverageFill } from '@stod/domain';
import type { ServiceContext } from '../../platform/context.ts';
import type { PourAnswer } from '../../integrations/beverage-machine/port.ts';
import { AppError } from '../../lib/errors.ts';
import { beverageCover } from '../subscriptions/index.ts';
import * as repo from './repo.ts';
import type { FillPatch, FillRow } from './repo.ts';

// What the ways of pouring share: the §8 refusals, the fill as the app sees it, and its news.

/** A refusal the app shows as an alert: its title, then the message (§8). */
export function refusal(
  status: number,
  code: string,
  key: ConstructorParameters<typeof AppError>[2],
  params?: Record<string, string>,
) {
  return new AppError(status, code, key, undefined, undefined, {
    headerKey: 'error.beverageTitle',
    ...(params ? { params } : {}),
  });
}
export const notOurs = () => new AppError(404, 'NOT_PROVIDER_QR', 'error.notProviderQr');
export const used = () => refusal(409, 'BEVERAGE_USED', 'error.beverageUsed');
export const expired = () => refusal(409, 'BEVERAGE_EXPIRED', 'error.beverageExpired');
/** The same user has a purchase of this code under way, under another request. */
export const paying = () => refusal(409, 'BEVERAGE_PAYING', 'error.beveragePaying');
export const MACHINE_REFUSALS: Record<Exclude<PourAnswer, 'pouring'>, () => AppError> = {
  busy: () => refusal(409, 'MACHINE_BUSY', 'error.machineBusy'),
  'out of order': () => refusal(409, 'MACHINE_OUT_OF_ORDER', 'error.machineOutOfOrder'),
  unknown: () => refusal(409, 'MACHINE_OUT_OF_ORDER', 'error.machineOutOfOrder'),
  unreachable: () => refusal(409, 'MACHINE_UNREACHABLE', 'error.machineUnreachable'),
};

/** What a fill that the machine refused keeps as its reason (`errorKey`). */
export const MACHINE_ERROR_KEYS: Record<Exclude<PourAnswer, 'pouring'>, string> = {
  busy: 'error.machineBusy',
  'out of order': 'error.machineOutOfOrder',
  unknown: 'error.machineOutOfOrder',
  unreachable: 'error.machineUnreachable',
};

/** The refusal a fill that ended without a cup answers with. */
export function refusalOf(row: FillRow) {
  if (row.state === 'expired') return expired();
  if (row.errorKey === 'error.machineBusy') return MACHINE_REFUSALS.busy();
  if (row.errorKey === 'error.machineOutOfOrder') return MACHINE_REFUSALS['out of order']();
  if (row.errorKey === 'error.machineUnreachable') return MACHINE_REFUSALS.unreachable();
  return used();
}

/** A purchase that paid nothing gives the code back while it lasts; past that, it has expired. */
export const freed = (row: FillRow, now: Date): FillPatch => ({
  state: row.expiresAt.getTime() <= now.getTime() ? 'expired' : 'pending',
  userId: null,
  kind: null,
  requestKey: null,
  idempotencyKey: null,
  request: null,
  gatewaySessionId: null,
  paymentId: null,
});

export async function toView(
  ctx: ServiceContext,
  row: FillRow,
  userId: string,
): Promise<BeverageFill> {
  const now = ctx.clock.now();
  const { cover } = await beverageCover(ctx, userId, row.beverageFamily, now);
  const minutes = cover?.fairUseMinutes ?? null;
  const since = new Date(now.getTime() - (minutes ?? 0) * 60_000);
  const last = minutes ? await repo.lastSubscriptionCup(ctx.db, userId, since) : null;
  return {
    beverage_family: row.beverageFamily,
    installation_id: row.machineId,
    transaction_id: row.id,
    name: row.name,
    price: row.price,
    state: row.state,
    expiresAt: row.expiresAt.toISOString(),
    covered: cover !== null,
    nextCupAt: nextCupAt(last, minutes, now)?.toISOString() ?? null,
    receiptId: row.receiptId,
  };
}

/** A fill as its code names it: 404 for no code of ours, 409 for a code used or expired. */
export async function live(ctx: ServiceContext, userId: string, hash: string) {
  const row = await repo.fillByHash(ctx.db, hash);
  if (!row) throw notOurs();
  if (row.userId && row.userId !== userId) throw used();
  if (row.state === 'pending' && row.expiresAt.getTime() <= ctx.clock.now().getTime()) {
    await repo.moveFill(ctx.db, row.id, ['pending'], { state: 'expired' });
    throw expired();
  }
  if (row.state === 'expired') throw expired();
  // Staff took the machine out of service after it showed the code: nothing pours, nothing is paid.
  if (row.state === 'pending' && (await repo.machineClosed(ctx.db, row.machineId)))
    throw MACHINE_REFUSALS['out of order']();
  return row;
}

/** Tells the fill's user (or, for a code given back, the user who had it) how it stands. */
export async function publish(ctx: ServiceContext, row: FillRow, userId = row.userId) {
  if (!userId) return;
  await ctx.bus.publish('beverage.changed', {
    userId,
    fillId: row.id,
    fill: await toView(ctx, row, userId),
  });
}
