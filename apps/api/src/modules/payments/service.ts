import type { Db } from '../../db/client.ts';
import { paymentSteps } from '../../lib/metrics.ts';
import { assertOre, type PaymentProduct } from '@stod/domain';
import type { ServiceContext } from '../../platform/context.ts';
import { GatewayError, type Authorization } from '../../integrations/payments/port.ts';
import { crashPoint } from '../../lib/crash.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import * as vouchers from '../vouchers/index.ts';
import * as repo from './repo.ts';

/**
 * The payments service owns every payment's state machine:
 *   created → authorised | failed
 *   authorised → captured (partly or fully) → refunded
 *   authorised → voided | expired
 * Each step is persisted and keyed; a repeat with the same key answers the
 * first result, and an illegal step answers 409. Other modules call this
 * service, never the gateway.
 */

export type Payment = repo.PaymentRow;

/** A repeat of a key whose first request has not finished: the caller tries again shortly. */
const inProgress = () => new AppError(409, 'PAYMENT_IN_PROGRESS', 'error.paymentInProgress');

/** The failure recorded when the gateway gave no answer; only this one may be tried again. */
const UNANSWERED = repo.UNANSWERED;

function gatewayFailure(error: unknown): AppError {
  if (!(error instanceof GatewayError)) throw error;
  switch (error.code) {
    case 'insufficient_funds':
      return new AppError(422, 'NOT_ENOUGH_FUNDS', 'error.notEnoughFunds');
    case 'expired_card':
      return new AppError(422, 'CARD_EXPIRED', 'error.cardExpired');
    case 'declined':
    case 'invalid_card':
      return new AppError(422, 'PAYMENT_UNSUCCESSFUL', 'error.paymentUnsuccessful');
    case 'hold_expired':
      return new AppError(409, 'HOLD_EXPIRED', 'error.conflict');
    case 'amount_exceeds':
      return new AppError(422, 'AMOUNT_EXCEEDS_HOLD', 'error.conflict');
    case 'illegal_state':
      return new AppError(409, 'ILLEGAL_STATE', 'error.conflict');
    case 'not_found':
      return notFound();
    case 'unavailable':
      return new AppError(503, 'GATEWAY_UNAVAILABLE', 'error.approvePayment');
  }
}

const illegal = () => new AppError(409, 'ILLEGAL_STATE', 'error.conflict');

async function load(ctx: ServiceContext, paymentId: string) {
  const payment = await repo.findPayment(ctx.db, paymentId);
  if (!payment) throw notFound();
  return payment;
}

/** The key a payment's step is asked of the gateway under: its settlement report names it. */
export const gatewayKey = (paymentId: string, kind: string, key: string) =>
  `${paymentId}:${kind}:${key}`;

/** The gateway key of a payment's hold: the reconciliation finds a lost hold by it. */
export const authoriseKey = (paymentId: string) => gatewayKey(paymentId, 'authorise', 'create');

export interface AuthoriseInput {
  userId: string;
  paymentMethodId: string;
  token: string;
  amount: number;
  purpose: PaymentProduct;
  reference: string;
  idempotencyKey: string;
}

/** A `created` payment untouched this long belongs to a request that died; a retry resumes it. */
const CREATED_LEASE_MS = 9_000;

/** Places a hold. A repeat of the key answers the payment it made the first time. */
export async function authorise(ctx: ServiceContext, input: AuthoriseInput): Promise<Payment> {
  assertOre(input.amount);
  const existing = await repo.findByKey(ctx.db, input.userId, input.idempotencyKey);
  let created: Payment | null;
  if (existing?.status === 'failed' && existing.failure === UNANSWERED) {
    // The gateway did not answer, so the caller may try again with the same key. The gateway
    // call repeats its own key too: a hold it did make is found, not made a second time.
    if (!(await repo.reopenUnanswered(ctx.db, existing.id, UNANSWERED))) throw inProgress();
    created = existing;
  } else if (existing?.status === 'created') {
    // Another request with this key is talking to the gateway right now, unless it died: then
    // this one takes it over and asks the gateway again under the same key.
    if (!(await repo.reclaimCreated(ctx.db, existing.id, CREATED_LEASE_MS))) throw inProgress();
    created = existing;
  } else if (existing) {
    return existing;
  } else {
    created = await repo.insertPayment(ctx.db, {
      userId: input.userId,
      paymentMethodId: input.paymentMethodId,
      purpose: input.purpose,
      reference: input.reference,
      idempotencyKey: input.idempotencyKey,
      status: 'created',
      amountHeld: 0,
    });
  }
  if (!created) {
    const raced = await repo.findByKey(ctx.db, input.userId, input.idempotencyKey);
    if (!raced) throw illegal();
    if (raced.status === 'created') throw inProgress();
    return raced;
  }
  crashPoint('payment.before-hold');
  let auth: Authorization;
  try {
    auth = await ctx.gateway.authorise(authoriseKey(created.id), {
      token: input.token,
      amount: input.amount,
      currency: 'DKK',
    });
    paymentSteps.inc({ kind: 'hold', outcome: 'ok' });
  } catch (error) {
    paymentSteps.inc({ kind: 'hold', outcome: outcomeOf(error) });
    const failure = gatewayFailure(error);
    await repo.transition(
      ctx.db,
      created.id,
      ['created'],
      { status: 'failed', failure: error instanceof GatewayError ? error.code : 'error' },
      { kind: 'authorise', key: input.idempotencyKey, amount: 0 },
    );
    throw failure;
  }
  crashPoint('payment.after-hold');
  const recorded = await repo.transition(
    ctx.db,
    created.id,
    ['created'],
    {
      status: 'authorised',
      amountHeld: auth.amount,
      gatewayAuthorizationId: auth.id,
      holdExpiresAt: auth.expiresAt,
    },
    { kind: 'authorise', key: input.idempotencyKey, amount: auth.amount },
  );
  const payment = await load(ctx, created.id);
  if (recorded || payment.gatewayAuthorizationId === auth.id) return payment;
  // The reconciliation settled the payment while this request waited for the gateway, without
  // this hold: release it rather than leave it on the card.
  await ctx.gateway.void(gatewayKey(created.id, 'void', 'orphan'), { authorizationId: auth.id });
  throw inProgress();
}

/** The payment a request made under its key, if any. */
export const paymentByKey = (ctx: ServiceContext, userId: string, key: string) =>
  repo.findByKey(ctx.db, userId, key);

/** Records that the service behind the hold has begun, so reconciliation leaves it alone. */
export async function markServiceStarted(ctx: ServiceContext, paymentId: string) {
  await repo.markStarted(ctx.db, paymentId);
}

type Step = 'capture' | 'void' | 'refund';

/** A gateway failure as a metric's label: the gateway's own code, else `error`. */
const outcomeOf = (error: unknown) => (error instanceof GatewayError ? error.code : 'error');

async function step(
  ctx: ServiceContext,
  kind: Step,
  paymentId: string,
  key: string,
  amount: number,
): Promise<Payment> {
  // The step is looked for before the payment is read: a twin request that records the step in
  // between must not leave this one answering the payment as it was before.
  if (await repo.hasStep(ctx.db, paymentId, kind, key)) return load(ctx, paymentId);
  const payment = await load(ctx, paymentId);
  const legal: Record<Step, repo.PaymentStatus[]> = {
    capture: ['authorised'],
    void: ['authorised'],
    refund: ['captured'],
  };
  if (!legal[kind].includes(payment.status) || !payment.gatewayAuthorizationId) {
    // The twin recorded the step (with the status, in one transaction) before this read.
    if (await repo.hasStep(ctx.db, paymentId, kind, key)) return payment;
    throw illegal();
  }

  let auth: Authorization;
  const gk = gatewayKey(paymentId, kind, key);
  const authorizationId = payment.gatewayAuthorizationId;
  try {
    auth =
      kind === 'capture'
        ? await ctx.gateway.capture(gk, { authorizationId, amount })
        : kind === 'void'
          ? await ctx.gateway.void(gk, { authorizationId })
          : await ctx.gateway.refund(gk, { authorizationId, amount });
    paymentSteps.inc({ kind, outcome: 'ok' });
  } catch (error) {
    paymentSteps.inc({ kind, outcome: outcomeOf(error) });
    if (error instanceof GatewayError && error.code === 'hold_expired') {
      await repo.transition(
        ctx.db,
        paymentId,
        ['authorised'],
        { status: 'expired' },
        { kind: 'expire', key, amount: 0 },
      );
    }
    throw gatewayFailure(error);
  }
  const set =
    kind === 'capture'
      ? { status: 'captured' as const, amountCaptured: auth.captured }
      : kind === 'void'
        ? { status: 'voided' as const }
        : repo.refundedUpTo(auth.refunded);
  // Refunds in parallel are each taken by the gateway, which keeps their sum within the capture,
  // and may land here in any order: a partial one after the one that completed the refund still
  // records its step, and the total never goes back.
  const from: repo.PaymentStatus[] = kind === 'refund' ? ['captured', 'refunded'] : legal[kind];
  const moved = await repo.transition(ctx.db, paymentId, from, set, { kind, key, amount });
  // Lost a race to the same key: the other request recorded the step.
  if (!moved && !(await repo.hasStep(ctx.db, paymentId, kind, key))) throw illegal();
  return load(ctx, paymentId);
}

/** Takes the real amount, at most the hold; the gateway releases the rest. */
export function capture(ctx: ServiceContext, paymentId: string, amount: number, key: string) {
  assertOre(amount);
  return step(ctx, 'capture', paymentId, key, amount);
}

export function voidHold(ctx: ServiceContext, paymentId: string, key: string) {
  return step(ctx, 'void', paymentId, key, 0);
}

/** The amount a refund under this key gave back, or undefined if there was none. */
export function refundOf(db: Db, paymentId: string, key: string) {
  return repo.stepAmount(db, paymentId, 'refund', key);
}

/** Whether a void under this key was made (its amount, 0), or undefined if there was none. */
export function voidOf(db: Db, paymentId: string, key: string) {
  return repo.stepAmount(db, paymentId, 'void', key);
}

export function refund(ctx: ServiceContext, paymentId: string, amount: number, key: string) {
  assertOre(amount);
  return step(ctx, 'refund', paymentId, key, amount);
}

/**
 * A split tender: the user's voucher balance pays first and the card's hold the rest, captured,
 * or voided when the balance covers it all. Keyed like every step: a repeat of a settled key
 * answers the first split and draws nothing. A definite refusal of the card part gives the
 * balance back; any other failure (no answer, a crash) keeps it drawn for the retry under the
 * same key, which captures or voids what the first try did not.
 */
export async function captureWithBalance(
  ctx: ServiceContext,
  paymentId: string,
  amount: number,
  key: string,
) {
  assertOre(amount);
  const captured = await repo.stepAmount(ctx.db, paymentId, 'capture', key);
  const voided = await repo.stepAmount(ctx.db, paymentId, 'void', key);
  // Read after the steps, for the same reason as in step().
  const payment = await load(ctx, paymentId);
  if (captured !== undefined || voided !== undefined) {
    const fromCard = captured ?? 0;
    return { payment, fromBalance: amount - fromCard, fromCard };
  }
  const balanceKey = `${key}:balance`;
  const fromBalance = await vouchers.spendBalance(ctx.db, payment.userId, amount, balanceKey, {
    paymentId,
  });
  crashPoint('payment.after-balance');
  const fromCard = amount - fromBalance;
  try {
    const settled =
      fromCard > 0
        ? await capture(ctx, paymentId, fromCard, key)
        : await voidHold(ctx, paymentId, key);
    return { payment: settled, fromBalance, fromCard };
  } catch (error) {
    const refused = error instanceof AppError && error.statusCode < 500;
    if (refused) await vouchers.returnBalance(ctx.db, payment.userId, balanceKey);
    throw error;
  }
}
