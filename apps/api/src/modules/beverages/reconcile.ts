import { beverageOneTimeSchema } from '@stod/domain';
import type { ServiceContext } from '../../platform/context.ts';
import { AppError } from '../../lib/errors.ts';
import * as payments from '../payments/index.ts';
import { purchase } from './purchase.ts';
import * as repo from './repo.ts';
import type { FillRow } from './repo.ts';
import { MACHINE_ERROR_KEYS, publish } from './fills.ts';
import { settleHosted } from './settle.ts';

/** A purchase request that died is resumed once its claim has lapsed, as the caller's retry would. */
const RESUME_AFTER_MS = payments.LEASE_MS + 5_000;
/** A cup takes about 25 s; one pouring for longer than this lost its "done" on the way. */
export const POUR_LOST_AFTER_MS = 2 * 60_000;

const refused = (error: unknown) => error instanceof AppError && error.statusCode < 500;

async function resume(ctx: ServiceContext, row: FillRow) {
  if (row.gatewaySessionId) {
    await settleHosted(ctx, row);
    return;
  }
  if (!row.userId || !row.idempotencyKey) return;
  // The stored request is read back through its schema: the fingerprint is of the request as sent.
  await purchase(ctx, row.userId, beverageOneTimeSchema.parse(row.request), row.idempotencyKey);
}

/**
 * Finishes the purchases a crash or a lost webhook left half-way: a paid page whose webhook never
 * came pours (or its hold goes back), an unpaid one gives the code back once the page is over,
 * and a card purchase cut off between hold, pour, capture and receipt is resumed under its own
 * key. A refusal is the purchase's answer and ends the matter; anything else waits for the next
 * pass. Then the pours whose end was never heard (reconcilePours). Safe on several processes at
 * once: every step is keyed.
 */
export async function reconcileBeverages(ctx: ServiceContext) {
  const before = new Date(ctx.clock.now().getTime() - RESUME_AFTER_MS);
  let settled = 0;
  for (const row of await repo.openPurchases(ctx.db, before)) {
    try {
      await resume(ctx, row);
      settled += 1;
    } catch (error) {
      if (!refused(error))
        ctx.log.warn(
          { err: error, fillId: row.id },
          'a purchase was not settled; next pass retries',
        );
    }
  }
  return settled + (await reconcilePours(ctx));
}

/**
 * Asks the machine about a cup whose end was never heard: poured, it is recorded poured; still
 * showing its code (the pour never reached the machine), it is poured now, as the machine pours a
 * transaction once however often it is asked; unknown to the machine, nothing was poured and the
 * fill fails: a cup bought once is refunded, a subscription cup owes no fair-use pause. A machine
 * that does not answer is asked again on the next pass.
 */
async function settlePour(ctx: ServiceContext, row: FillRow): Promise<boolean> {
  const answer = await ctx.beverageMachines.transaction(row.machineId, row.id);
  if (answer === 'pouring') return false;
  if (answer === 'done') {
    const poured = await repo.moveFill(ctx.db, row.id, ['pouring'], {
      state: 'poured',
      pouredAt: ctx.clock.now(),
    });
    if (poured) await publish(ctx, poured);
    return true;
  }
  const again =
    answer === 'awaiting payment' ? await ctx.beverageMachines.pour(row.machineId, row.id) : null;
  if (again === 'pouring') return true;
  // A cup bought once was captured when the machine took it: no cup, no charge.
  if (row.kind === 'purchase' && row.paymentId)
    await payments.refund(ctx, row.paymentId, row.price, `${row.id}:refund`);
  const failed = await repo.moveFill(ctx.db, row.id, ['pouring'], {
    state: 'failed',
    startedAt: null,
    errorKey: MACHINE_ERROR_KEYS[again ?? 'unknown'],
  });
  if (failed) await publish(ctx, failed);
  return true;
}

/** The pours whose end was never heard, each asked of its machine. */
export async function reconcilePours(ctx: ServiceContext) {
  const before = new Date(ctx.clock.now().getTime() - POUR_LOST_AFTER_MS);
  let settled = 0;
  for (const row of await repo.pouringSince(ctx.db, before)) {
    try {
      if (await settlePour(ctx, row)) settled += 1;
    } catch (error) {
      ctx.log.warn({ err: error, fillId: row.id }, 'a pour was not settled; next pass retries');
    }
  }
  return settled;
}

// The gateway's word that a payment page ended (its webhook): the purchase behind it settles.
payments.registerHostedPayments('beverages', async (ctx, sessionId) => {
  const row = await repo.fillOfSession(ctx.db, sessionId);
  if (!row) return;
  try {
    await settleHosted(ctx, row);
  } catch (error) {
    // A machine that refused the paid cup is the purchase's outcome (the hold went back), not
    // the gateway's fault: the webhook is answered as delivered.
    if (!refused(error)) throw error;
  }
});
