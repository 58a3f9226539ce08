import { assertOre, type PaymentProduct } from '@stod/domain';
import type { ServiceContext } from '../../platform/context.ts';
import { GatewayError, type PaymentSession } from '../../integrations/payments/port.ts';
import { AppError } from '../../lib/errors.ts';
import * as repo from './repo.ts';
import type { Payment } from './service.ts';

/**
 * Hosted payments: the gateway's own page takes the card and holds the amount, for a customer
 * without a saved card. The hold becomes a payment like any other when the gateway reports it
 * (its signed webhook, or a module asking again), so capture, void, refund and the
 * reconciliation treat it as every hold: one whose service never starts is voided. The module
 * that asked for it hears of the outcome through the handler it registers for its purpose.
 */

export interface HostedPaymentInput {
  purpose: PaymentProduct;
  /** Ours: the id of what is bought. */
  reference: string;
  amount: number;
  /** What the page says is bought. */
  description: string;
  returnUrl: string;
  /** The page takes no payment after this. */
  expiresAt: Date;
  /** One per purchase attempt: a repeat answers the same page. */
  key: string;
}

export interface HostedPayment {
  status: PaymentSession['status'];
  failure: PaymentSession['failure'];
  /** The recorded hold, once the customer paid. */
  payment: Payment | null;
}

type SessionHandler = (ctx: ServiceContext, sessionId: string) => Promise<void>;
const handlers = new Map<string, SessionHandler>();

/** The module that sells `purpose` on hosted pages hears here when one of its pages ends. */
export function registerHostedPayments(purpose: PaymentProduct, handler: SessionHandler) {
  handlers.set(purpose, handler);
}

/** Opens the gateway's payment page for the amount; answers its id and address. */
export async function startHostedPayment(ctx: ServiceContext, input: HostedPaymentInput) {
  assertOre(input.amount);
  try {
    const session = await ctx.gateway.createPaymentSession(input.key, {
      reference: `${input.purpose}:${input.reference}`,
      amount: input.amount,
      currency: 'DKK',
      description: input.description,
      returnUrl: input.returnUrl,
      expiresAt: input.expiresAt,
    });
    return { sessionId: session.id, url: session.url };
  } catch (error) {
    if (error instanceof GatewayError)
      throw new AppError(503, 'PAYMENT_LINK_FAILED', 'error.paymentLink');
    throw error;
  }
}

/** A hosted hold's payment key: the gateway's session, never a request's. */
const hostedKey = (sessionId: string) => `hosted:${sessionId}`;

/**
 * What became of a hosted payment, as the gateway says now. A completed one's hold is recorded
 * as the user's payment, once, however many callers ask at the same time.
 */
export async function hostedPaymentOf(
  ctx: ServiceContext,
  userId: string,
  purpose: PaymentProduct,
  sessionId: string,
): Promise<HostedPayment> {
  const session = await ctx.gateway.getPaymentSession(sessionId);
  const hold = session.authorization;
  if (session.status !== 'completed' || !hold)
    return { status: session.status, failure: session.failure, payment: null };
  const key = hostedKey(session.id);
  const payment =
    (await repo.findByKey(ctx.db, userId, key)) ??
    (await repo.insertHeld(
      ctx.db,
      {
        userId,
        paymentMethodId: null,
        purpose,
        reference: session.reference,
        idempotencyKey: key,
        status: hold.status,
        amountHeld: hold.amount,
        amountCaptured: hold.captured,
        amountRefunded: hold.refunded,
        gatewayAuthorizationId: hold.id,
        holdExpiresAt: hold.expiresAt,
      },
      { kind: 'authorise', key, amount: hold.amount },
    )) ??
    (await repo.findByKey(ctx.db, userId, key));
  return { status: 'completed', failure: null, payment: payment ?? null };
}

/** The gateway's word that a payment page ended: the module that opened it takes it from here. */
export async function onPaymentSessionEvent(
  ctx: ServiceContext,
  event: { type: string; sessionId: string },
) {
  if (event.type !== 'payment_session.completed' && event.type !== 'payment_session.failed') return;
  let session: PaymentSession;
  try {
    session = await ctx.gateway.getPaymentSession(event.sessionId);
  } catch (error) {
    if (error instanceof GatewayError && error.code === 'not_found') return;
    throw error;
  }
  const [purpose] = session.reference.split(':');
  await handlers.get(purpose ?? '')?.(ctx, session.id);
}
