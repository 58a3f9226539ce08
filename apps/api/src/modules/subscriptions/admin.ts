import type { AdminPlan, PlanInput, PlanPatch, Subscriber } from '@stod/domain';
import { AppError, isUniqueViolation, notFound } from '../../lib/errors.ts';
import type { ServiceContext } from '../../platform/context.ts';
import * as repo from './admin-repo.ts';
import type { PlanRow } from './repo.ts';
import { cancel } from './service.ts';

// The plans as operators keep them: made, changed, taken off offer; their subscribers; and a
// subscription cancelled on a customer's behalf.

const tierTaken = () =>
  new AppError(409, 'PLAN_TIER_TAKEN', 'error.planTierTaken', {
    index: 'error.planTierTakenField',
  });

/** Another request took the tier between the check and the write: the unique index says so. */
function raced(error: unknown): never {
  throw isUniqueViolation(error) ? tierTaken() : error;
}

function toAdminPlan(row: PlanRow, counts: Map<string, number>): AdminPlan {
  const of = (status: string) => counts.get(`${String(row.id)}:${status}`) ?? 0;
  return {
    id: row.id,
    type: row.type,
    index: row.index,
    productIds: row.productIds,
    name: row.name,
    nameEn: row.nameEn,
    description: row.description,
    descriptionEn: row.descriptionEn,
    priceMonthly: row.priceMonthly,
    priceYearly: row.priceYearly,
    fairUseMinutes: row.fairUseMinutes,
    active: row.active,
    subscribers: { active: of('active'), cancelled: of('cancelled'), expiring: of('expiring') },
  };
}

/** Every plan, on offer or not, by type and tier, and the beverage families a plan may cover. */
export async function adminPlans(ctx: ServiceContext) {
  const [plans, counts, families] = await Promise.all([
    repo.allPlans(ctx.db),
    repo.subscriberCounts(ctx.db, ctx.clock.now()),
    repo.beverageFamilies(ctx.db),
  ]);
  return { items: plans.map((p) => toAdminPlan(p, counts)), products: families };
}

async function adminPlan(ctx: ServiceContext, id: number) {
  const row = await repo.planById(ctx.db, id);
  if (!row) throw notFound();
  return toAdminPlan(row, await repo.subscriberCounts(ctx.db, ctx.clock.now()));
}

/** The operator's read of one plan, for the audit log's "before". */
export const planForAudit = adminPlan;

async function tierFree(ctx: ServiceContext, type: string, index: number, except?: number) {
  if (await repo.tierTakenBy(ctx.db, type, index, except)) throw tierTaken();
}

/** A new plan; its tier must be free within its type. */
export async function createPlan(ctx: ServiceContext, input: PlanInput) {
  await tierFree(ctx, input.type, input.index);
  const row = await repo
    .insertPlan(ctx.db, {
      ...input,
      nameEn: input.nameEn ?? null,
      descriptionEn: input.descriptionEn ?? null,
      fairUseMinutes: input.fairUseMinutes ?? null,
      active: input.active ?? true,
    })
    .catch(raced);
  if (!row) throw new Error('plan not stored');
  ctx.log.info({ planId: row.id }, 'subscription plan created');
  return toAdminPlan(row, new Map());
}

/**
 * Changes a plan. New prices hold for new subscriptions at once and for subscribers from their
 * next renewal; a plan taken off offer keeps its subscribers until they end.
 */
export async function patchPlan(ctx: ServiceContext, id: number, patch: PlanPatch) {
  const current = await adminPlan(ctx, id);
  if (patch.type !== undefined || patch.index !== undefined)
    await tierFree(ctx, patch.type ?? current.type, patch.index ?? current.index, id);
  await repo.updatePlan(ctx.db, id, patch).catch(raced);
  return adminPlan(ctx, id);
}

/** A plan's subscribers, newest first; with `status`, those in it only. */
export async function subscribers(
  ctx: ServiceContext,
  planId: number,
  query: { offset: number; take: number; status?: Subscriber['status'] | undefined },
) {
  await adminPlan(ctx, planId);
  const { rows, total } = await repo.subscribersOf(ctx.db, planId, query);
  return {
    items: rows.map(({ sub, name, email }): Subscriber => ({
      id: sub.id,
      userId: sub.userId,
      name,
      email,
      status: sub.status,
      interval: sub.interval,
      periodPrice: sub.periodPrice,
      periodStart: sub.periodStart.toISOString(),
      validTo: sub.validTo.toISOString(),
      nextPaymentAt: sub.nextPaymentAt?.toISOString() ?? null,
      cancelledAt: sub.cancelledAt?.toISOString() ?? null,
    })),
    total,
  };
}

async function subscriptionById(ctx: ServiceContext, id: string) {
  const row = await repo.subscriptionById(ctx.db, id);
  if (!row) throw notFound();
  return row;
}

/** A subscriber's subscription as the audit log keeps it. */
export const subscriptionForAudit = subscriptionById;

/**
 * Cancels a subscription on its customer's behalf, as they would themselves: no renewal, usable
 * until its valid-to date. A refund of its last payment is the support's refund route's.
 */
export async function cancelFor(ctx: ServiceContext, id: string) {
  const row = await subscriptionById(ctx, id);
  await cancel(ctx, row.userId, id);
  return subscriptionById(ctx, id);
}
