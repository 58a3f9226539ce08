import type { ServiceContext } from '../../platform/context.ts';
import * as repo from './repo.ts';
import { handlerOf, settleMoney } from './service.ts';

const guarded = (ctx: ServiceContext) => async (id: string, step: () => Promise<void>) => {
  try {
    await step();
  } catch (error) {
    ctx.log.warn({ err: error, transactionId: id }, 'station reconciliation step failed');
  }
};

/**
 * The journal query after a site (re)connects: each of its open transactions is brought to what
 * the site's controller answers for it, at once, rather than at the next timer.
 */
export async function reconcileSite(ctx: ServiceContext, site: string) {
  const guard = guarded(ctx);
  for (const row of await repo.openAtSite(ctx.db, site))
    await guard(row.id, () => handlerOf(row.service).reconcile(ctx, row));
}

/** An open transaction untouched this long is checked against its device. */
const QUIET_MS = 10_000;

/**
 * Brings every open station transaction to the truth of its controller and its payment, at
 * start and on a timer: a sale that finished while the API was down is captured (once: the
 * steps are keyed), a hold whose service never started is voided, a start request that died is
 * resumed. Safe on several processes at once.
 */
export async function reconcileStationTransactions(ctx: ServiceContext) {
  const totals = { checked: 0, settled: 0 };
  const guard = guarded(ctx);
  const before = new Date(ctx.clock.now().getTime() - QUIET_MS);
  for (const row of await repo.openSince(ctx.db, before)) {
    totals.checked += 1;
    await guard(row.id, () => handlerOf(row.service).reconcile(ctx, row));
  }
  for (const { tx } of await repo.moneyBehind(ctx.db)) {
    totals.settled += 1;
    await guard(tx.id, async () => {
      await settleMoney(ctx, tx);
    });
  }
  return totals;
}
