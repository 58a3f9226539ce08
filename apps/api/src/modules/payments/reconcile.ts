import type { ServiceContext } from '../../platform/context.ts';
import * as vouchers from '../vouchers/index.ts';
import { abandon, LEASE_MS, seizeStale, staleClaims } from './idempotent.ts';
import * as repo from './repo.ts';
import { authoriseKey, refund, voidHold, type Payment } from './service.ts';

/**
 * Brings our books in line with the gateway's after anything a crash can leave:
 * - a payment stuck in `created` (the process died while the gateway was asked for a hold, or
 *   right after it made one) is settled against the gateway by its key: a hold found is
 *   recorded and voided, none found fails the payment;
 * - a hold whose service never started is voided, and one the gateway expired, captured or
 *   voided behind our back is recorded as such;
 * - a money request whose claim lapsed with nobody resuming it is undone: its hold voided or
 *   its capture refunded, and its reservation given back;
 * and whenever a card part is voided or refunded here, the voucher balance drawn for it goes
 * back to the user. Safe on several processes at once: every step is keyed.
 */
export async function reconcile(ctx: ServiceContext, unstartedForMs: number) {
  const cutoff = new Date(ctx.clock.now().getTime() - unstartedForMs);
  const totals = { voided: 0, synced: 0, settled: 0, abandoned: 0 };
  const guard = async (paymentId: string, step: () => Promise<void>) => {
    try {
      await step();
    } catch (error) {
      ctx.log.warn({ err: error, paymentId }, 'reconciliation step failed; next run retries');
    }
  };

  for (const payment of await repo.stuckCreated(ctx.db, cutoff)) {
    await guard(payment.id, async () => {
      if (await settleCreated(ctx, payment, cutoff)) totals.settled += 1;
    });
  }

  // Holds of money requests that are pending or finished belong to those requests; the claims
  // below handle the ones nobody finished.
  for (const payment of await repo.openHolds(ctx.db, cutoff)) {
    await guard(payment.id, async () => {
      const outcome = await syncHold(ctx, payment);
      if (outcome === 'voided') totals.voided += 1;
      if (outcome === 'synced') totals.synced += 1;
    });
  }

  // A claim lapses LEASE_MS after its request began; past the cut-off nobody is coming back.
  // Each is seized first, so a retry that resumed it in the meantime is left to finish.
  const lapsedBefore = new Date(cutoff.getTime() - LEASE_MS);
  for (const record of await staleClaims(ctx.db, lapsedBefore)) {
    await guard(record.key, async () => {
      const claim = await seizeStale(ctx.db, record, lapsedBefore);
      if (!claim) return;
      const payment = await repo.findByKey(ctx.db, record.userId, claim.paymentKey);
      if (payment) await undo(ctx, payment, new Date());
      if (await abandon(ctx.db, claim)) totals.abandoned += 1;
    });
  }
  return totals;
}

/**
 * Settles a payment whose hold request got no answer (`created`, or `failed` as unanswered) by
 * asking the gateway for a hold under its key. Only if it has not moved since `before`: a retry
 * that took it over in the meantime is left alone.
 */
async function settleCreated(ctx: ServiceContext, payment: Payment, before: Date) {
  const auth = await ctx.gateway.authorisationByKey(authoriseKey(payment.id));
  if (!auth) {
    return repo.settleUnanswered(
      ctx.db,
      payment.id,
      before,
      { status: 'failed', failure: 'abandoned' },
      { kind: 'authorise', key: 'reconcile', amount: 0 },
    );
  }
  // The request behind it died before it could use the hold: the next pass voids it, unless a
  // retry of the request resumes it first.
  return repo.settleUnanswered(
    ctx.db,
    payment.id,
    before,
    {
      status: 'authorised',
      failure: null,
      amountHeld: auth.amount,
      gatewayAuthorizationId: auth.id,
      holdExpiresAt: auth.expiresAt,
    },
    { kind: 'authorise', key: 'reconcile', amount: auth.amount },
  );
}

async function syncHold(ctx: ServiceContext, payment: Payment) {
  if (!payment.gatewayAuthorizationId) return 'none';
  const auth = await ctx.gateway.status(payment.gatewayAuthorizationId);
  if (auth.status === 'expired' || auth.status === 'voided') {
    const moved = await repo.transition(
      ctx.db,
      payment.id,
      ['authorised'],
      { status: auth.status },
      { kind: auth.status === 'expired' ? 'expire' : 'sync', key: 'reconcile', amount: 0 },
    );
    if (moved) await vouchers.returnBalanceOfPayment(ctx.db, payment.id);
    return 'synced';
  }
  if (auth.status === 'captured' || auth.status === 'refunded') {
    await repo.transition(
      ctx.db,
      payment.id,
      ['authorised'],
      { status: auth.status, amountCaptured: auth.captured, amountRefunded: auth.refunded },
      { kind: 'sync', key: 'reconcile', amount: auth.captured },
    );
    return 'synced';
  }
  if (payment.serviceStartedAt) return 'none';
  await voidHold(ctx, payment.id, 'reconcile');
  await vouchers.returnBalanceOfPayment(ctx.db, payment.id);
  return 'voided';
}

/** Undoes the money of a request nobody finished: void the hold, or refund what was captured. */
async function undo(ctx: ServiceContext, payment: Payment, before: Date) {
  if (payment.status === 'created' || repo.isUnanswered(payment)) {
    await settleCreated(ctx, payment, before);
    payment = (await repo.findPayment(ctx.db, payment.id)) ?? payment;
  }
  if (payment.status === 'authorised') {
    await voidHold(ctx, payment.id, 'reconcile');
  } else if (payment.status === 'captured' && payment.amountCaptured > payment.amountRefunded) {
    await refund(ctx, payment.id, payment.amountCaptured - payment.amountRefunded, 'reconcile');
  }
  await vouchers.returnBalanceOfPayment(ctx.db, payment.id);
}
