import type { BeverageOneTime, BeveragePurchase } from '@stod/domain';
import type { Db } from '../../db/client.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import * as payments from '../payments/index.ts';
import * as wallet from '../wallet/index.ts';
import { expired, freed, live, paying, toView, used } from './fills.ts';
import * as repo from './repo.ts';
import { settlePaid } from './settle.ts';

/**
 * A cup bought once (spec §7 "Beverages"), through the one pattern for money requests (decision
 * 0012) under the caller's Idempotency-Key: the claim reserves the code for this request (the
 * fill `paying`), so of any number of racing requests one buys it; the act holds the price on
 * the saved card and pours (settle.ts), or opens the gateway's payment page, whose completion
 * pours later. A refused payment gives the code back while it lasts.
 */

export const SCOPE = 'beverages';

interface Acted {
  fillId: string;
  paymentUrl: string | null;
}

/** The caller's own card, if it may pay for drinks now (§5). */
async function payingCard(ctx: ServiceContext, userId: string, paymentMethodId: string) {
  const method = await wallet.findMethod(ctx.db, userId, paymentMethodId);
  if (!method) throw notFound();
  const view = wallet.toView(method, ctx.clock.now());
  if (!view.isActive || !view.products.includes('beverages'))
    throw new AppError(422, 'CARD_NOT_ALLOWED', 'error.cardNotAllowed');
  return method;
}

/** The claim's reservation: the pending code becomes this request's, or the request is refused. */
async function reserve(
  ctx: ServiceContext,
  tx: Db,
  fillId: string,
  claim: payments.Claim,
  input: BeverageOneTime,
) {
  const fill = await repo.lockFill(tx, fillId);
  if (!fill) throw notFound();
  if (fill.userId === claim.userId && fill.requestKey === claim.paymentKey) return;
  if (fill.state === 'paying' && fill.userId === claim.userId) throw paying();
  if (fill.state === 'expired') throw expired();
  if (fill.state !== 'pending') throw used();
  if (fill.expiresAt.getTime() <= ctx.clock.now().getTime()) {
    await repo.moveFill(tx, fill.id, ['pending'], { state: 'expired' });
    throw expired();
  }
  const taken = await repo.moveFill(tx, fill.id, ['pending'], {
    state: 'paying',
    userId: claim.userId,
    kind: 'purchase',
    requestKey: claim.paymentKey,
    idempotencyKey: claim.key,
    request: input,
    errorKey: null,
  });
  if (!taken) throw used();
}

/** A refused or abandoned request gives its code back; a cup it poured stays poured. */
async function release(tx: Db, claim: payments.Claim, now: Date) {
  const fill = await repo.fillOfRequest(tx, claim.userId, claim.paymentKey);
  if (fill?.state !== 'paying') return;
  await repo.moveFill(tx, fill.id, ['paying'], freed(fill, now));
}
payments.registerRelease(SCOPE, (tx, claim) => release(tx, claim, new Date()));

async function reserved(ctx: ServiceContext, claim: payments.Claim) {
  const fill = await repo.fillOfRequest(ctx.db, claim.userId, claim.paymentKey);
  if (!fill) throw new AppError(409, 'ILLEGAL_STATE', 'error.conflict');
  return fill;
}

/** With a saved card: the price held under the request's key, then the pour and the capture. */
async function payByCard(
  ctx: ServiceContext,
  claim: payments.Claim,
  method: Awaited<ReturnType<typeof payingCard>>,
): Promise<Acted> {
  const fill = await reserved(ctx, claim);
  await settlePaid(ctx, fill.id, { method, claim });
  return { fillId: fill.id, paymentUrl: null };
}

/** Without one: the gateway's payment page for the price, payable while the code lasts. */
async function openPage(ctx: ServiceContext, claim: payments.Claim): Promise<Acted> {
  const fill = await reserved(ctx, claim);
  const page = await payments.startHostedPayment(ctx, {
    purpose: 'beverages',
    reference: fill.id,
    amount: fill.price,
    description: fill.name,
    returnUrl: `${ctx.config.publicUrl}/${fill.hash}`,
    expiresAt: fill.expiresAt,
    // Per user and request: a retry of the request reaches the same page.
    key: `${claim.userId}:${claim.paymentKey}`,
  });
  await repo.moveFill(ctx.db, fill.id, ['paying'], { gatewaySessionId: page.sessionId });
  return { fillId: fill.id, paymentUrl: page.url };
}

/** POST /beverages/one-time-purchase. A repeat of the key answers the first result, as it stands now. */
export async function purchase(
  ctx: ServiceContext,
  userId: string,
  input: BeverageOneTime,
  idempotencyKey: string,
): Promise<BeveragePurchase> {
  const row = await live(ctx, userId, input.hash);
  const mine =
    row.userId === userId && row.requestKey === payments.paymentKeyOf(SCOPE, idempotencyKey);
  if (!mine && row.state === 'paying' && row.userId === userId) throw paying();
  if (!mine && row.state !== 'pending') throw used();
  const method = input.paymentMethodId
    ? await payingCard(ctx, userId, input.paymentMethodId)
    : null;
  const acted = await payments.runIdempotent<Acted, Acted>(
    ctx.db,
    { userId, scope: SCOPE, key: idempotencyKey, request: input },
    {
      reserve: (tx, claim) => reserve(ctx, tx, row.id, claim, input),
      act: (claim) => (method ? payByCard(ctx, claim, method) : openPage(ctx, claim)),
      finish: (_tx, _claim, result) => Promise.resolve(result),
      release: (tx, claim) => release(tx, claim, ctx.clock.now()),
    },
  );
  const fill = await repo.findFill(ctx.db, acted.fillId);
  if (!fill) throw notFound();
  return {
    paymentUrl: acted.paymentUrl,
    receiptId: fill.receiptId,
    fill: await toView(ctx, fill, userId),
  };
}
