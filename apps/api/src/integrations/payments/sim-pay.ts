import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { simGatewayAuthorizations, simGatewaySessions } from '../../db/schema/index.ts';
import {
  GatewayError,
  type Authorization,
  type CardSessionFailure,
  type GatewayErrorCode,
  type PaymentGateway,
  type PaymentSession,
} from './port.ts';
import { SESSION_LIFETIME_MS } from './sim-card-sessions.ts';
import { cardFailure, storeCard, toAuthorization, type EnteredCard } from './sim-cards.ts';

interface Deps {
  db: Db;
  pageBaseUrl: string;
  network: () => Promise<void>;
  authorise: PaymentGateway['authorise'];
  void: PaymentGateway['void'];
}

const isSession = (sessionId: string) =>
  and(eq(simGatewaySessions.id, sessionId), eq(simGatewaySessions.kind, 'payment'));

/**
 * The simulated gateway's hosted payment sessions: one amount, paid on its page with any card
 * (refused as the card-entry page refuses them), held on that card for the API to capture.
 */
export function paymentSessionsSim(deps: Deps) {
  const { db } = deps;

  async function view(sessionId: string): Promise<PaymentSession> {
    const [row] = await db.select().from(simGatewaySessions).where(isSession(sessionId));
    if (!row) throw new GatewayError('not_found');
    const [hold] = row.authorizationId
      ? await db
          .select()
          .from(simGatewayAuthorizations)
          .where(eq(simGatewayAuthorizations.id, row.authorizationId))
      : [];
    const expired = row.status === 'open' && row.expiresAt.getTime() <= Date.now();
    return {
      id: row.id,
      url: `${deps.pageBaseUrl}/pay/${row.id}`,
      returnUrl: row.returnUrl,
      reference: row.reference,
      amount: row.amount ?? 0,
      description: row.description ?? '',
      status: expired ? 'expired' : row.status,
      expiresAt: row.expiresAt,
      authorization: hold ? toAuthorization(hold, Date.now()) : null,
      failure: (row.failure as CardSessionFailure | null) ?? null,
    };
  }

  /** A refused card leaves the session open, for the customer to try another. */
  async function refuse(sessionId: string, failure: GatewayErrorCode): Promise<never> {
    await db.update(simGatewaySessions).set({ failure }).where(isSession(sessionId));
    throw new GatewayError(failure);
  }

  return {
    view,

    create: async (
      key: string,
      input: Parameters<PaymentGateway['createPaymentSession']>[1],
    ): Promise<PaymentSession> => {
      await deps.network();
      // The key is the caller's and may be long: the id is its digest, the same for a repeat.
      const sessionId = `ps_${createHash('sha256').update(key).digest('base64url').slice(0, 32)}`;
      const latest = Date.now() + SESSION_LIFETIME_MS;
      await db
        .insert(simGatewaySessions)
        .values({
          id: sessionId,
          kind: 'payment',
          reference: input.reference,
          returnUrl: input.returnUrl,
          amount: input.amount,
          description: input.description,
          expiresAt: new Date(Math.min(latest, input.expiresAt.getTime())),
        })
        .onConflictDoNothing();
      return view(sessionId);
    },

    pay: async (sessionId: string, card: EnteredCard): Promise<PaymentSession> => {
      const session = await view(sessionId);
      if (session.status !== 'open') throw new GatewayError('illegal_state');
      const failure = cardFailure(card);
      if (failure) return refuse(sessionId, failure);
      const token = await storeCard(db, card);
      // Each card tried is its own hold request: a refusal of one does not stand for the next.
      const key = `payment-session:${sessionId}:${token}`;
      let hold: Authorization;
      try {
        hold = await deps.authorise(key, { token, amount: session.amount, currency: 'DKK' });
      } catch (error) {
        if (error instanceof GatewayError && error.code !== 'unavailable')
          return refuse(sessionId, error.code);
        throw error;
      }
      const completed = await db
        .update(simGatewaySessions)
        .set({ status: 'completed', token, authorizationId: hold.id, failure: null })
        .where(and(isSession(sessionId), eq(simGatewaySessions.status, 'open')))
        .returning({ id: simGatewaySessions.id });
      // A second submit that lost the race paid nothing: its hold goes back at once.
      if (completed.length === 0) await deps.void(`${key}:void`, { authorizationId: hold.id });
      return view(sessionId);
    },

    /** The customer cancelled: an open session ends as failed (`cancelled`); an ended one stays. */
    cancel: async (sessionId: string): Promise<PaymentSession> => {
      await db
        .update(simGatewaySessions)
        .set({ status: 'failed', failure: 'cancelled' })
        .where(and(isSession(sessionId), eq(simGatewaySessions.status, 'open')));
      return view(sessionId);
    },
  };
}
