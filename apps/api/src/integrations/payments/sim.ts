import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { luhnValid } from '@stod/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  simGatewayAuthorizations,
  simGatewayCards,
  simGatewayRequests,
  simGatewaySessions,
} from '../../db/schema/index.ts';
import {
  GatewayError,
  type Authorization,
  type CardSession,
  type CardSessionFailure,
  type GatewayErrorCode,
  type PaymentGateway,
} from './port.ts';

export const HOLD_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
const SESSION_LIFETIME_MS = 30 * 60 * 1000;

/** The well-known test cards; any other Luhn-valid number behaves like a good card. */
export const TEST_CARDS: Record<string, 'declined' | 'insufficient_funds' | 'expired_card'> = {
  '4000000000000002': 'declined',
  '4000000000009995': 'insufficient_funds',
  '4000000000000069': 'expired_card',
};

export interface GatewaySimOptions {
  db: Db;
  /** Base URL of the hosted card-entry page, e.g. http://localhost:3000/api/sim/gateway. */
  pageBaseUrl: string;
  latencyMs: number;
  failureRate: number;
  random?: () => number;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url')}`;

function brandOf(number: string): string {
  if (number.startsWith('4')) return 'visa';
  if (/^5[1-5]|^2[2-7]/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  return 'card';
}

type AuthRow = typeof simGatewayAuthorizations.$inferSelect;
const toAuthorization = (row: AuthRow, now: number): Authorization => ({
  id: row.id,
  status: row.status === 'authorised' && row.expiresAt.getTime() <= now ? 'expired' : row.status,
  amount: row.amount,
  captured: row.captured,
  refunded: row.refunded,
  expiresAt: row.expiresAt,
});

type Stored = { ok: Authorization } | { error: GatewayErrorCode };

/**
 * A card gateway that keeps its books in the database, so holds survive restarts
 * and several API processes see the same state. It answers after a delay and
 * fails now and then, as a remote service does.
 */
export function gatewaySim(options: GatewaySimOptions): PaymentGateway & {
  enterCard(
    sessionId: string,
    card: { number: string; expMonth: number; expYear: number },
  ): Promise<CardSession>;
  cancelSession(sessionId: string): Promise<CardSession>;
} {
  const { db } = options;
  const random = options.random ?? Math.random;

  const network = async () => {
    if (options.latencyMs > 0) await sleep(options.latencyMs * (0.5 + random()));
    if (random() < options.failureRate) throw new GatewayError('unavailable');
  };

  /** Runs a state change once per (operation, key); repeats get the stored answer. */
  async function once(operation: string, key: string, run: (tx: Db) => Promise<Authorization>) {
    await network();
    const stored = await db.transaction(async (tx) => {
      const claimed = await tx
        .insert(simGatewayRequests)
        .values({ operation, key, response: { pending: true } })
        .onConflictDoNothing()
        .returning({ key: simGatewayRequests.key });
      if (claimed.length === 0) return null;
      let answer: Stored;
      try {
        answer = { ok: await run(tx) };
      } catch (error) {
        if (!(error instanceof GatewayError)) throw error;
        answer = { error: error.code };
      }
      await tx
        .update(simGatewayRequests)
        .set({ response: answer })
        .where(and(eq(simGatewayRequests.operation, operation), eq(simGatewayRequests.key, key)));
      return answer;
    });
    const answer =
      stored ??
      ((
        await db
          .select({ response: simGatewayRequests.response })
          .from(simGatewayRequests)
          .where(and(eq(simGatewayRequests.operation, operation), eq(simGatewayRequests.key, key)))
      )[0]?.response as Stored | { pending: true } | undefined);
    if (!answer || 'pending' in answer) throw new GatewayError('unavailable');
    if ('error' in answer) throw new GatewayError(answer.error);
    return { ...answer.ok, expiresAt: new Date(answer.ok.expiresAt) };
  }

  async function lockAuthorization(tx: Db, authorizationId: string) {
    const [row] = await tx
      .select()
      .from(simGatewayAuthorizations)
      .where(eq(simGatewayAuthorizations.id, authorizationId))
      .for('update');
    if (!row) throw new GatewayError('not_found');
    return row;
  }

  async function sessionView(sessionId: string): Promise<CardSession> {
    const [row] = await db
      .select()
      .from(simGatewaySessions)
      .where(eq(simGatewaySessions.id, sessionId));
    if (!row) throw new GatewayError('not_found');
    const [card] = row.token
      ? await db.select().from(simGatewayCards).where(eq(simGatewayCards.token, row.token))
      : [];
    const expired = row.status === 'open' && row.expiresAt.getTime() <= Date.now();
    return {
      id: row.id,
      url: `${options.pageBaseUrl}/checkout/${row.id}`,
      returnUrl: row.returnUrl,
      status: expired ? 'expired' : row.status,
      expiresAt: row.expiresAt,
      card: card
        ? {
            token: card.token,
            brand: card.brand,
            last4: card.last4,
            expMonth: card.expMonth,
            expYear: card.expYear,
          }
        : null,
      failure: (row.failure as CardSessionFailure | null) ?? null,
    };
  }

  return {
    async createCardSession(key, input) {
      await network();
      const sessionId = `cs_${key.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 60)}`;
      await db
        .insert(simGatewaySessions)
        .values({
          id: sessionId,
          reference: input.reference,
          returnUrl: input.returnUrl,
          expiresAt: new Date(Date.now() + SESSION_LIFETIME_MS),
        })
        .onConflictDoNothing();
      return sessionView(sessionId);
    },

    getCardSession: sessionView,

    /** What the hosted page does when the customer submits a card number. */
    async enterCard(sessionId, card) {
      const session = await sessionView(sessionId);
      if (session.status !== 'open') throw new GatewayError('illegal_state');
      const number = card.number.replace(/\D/g, '');
      const behaviour = TEST_CARDS[number] ?? 'ok';
      const now = new Date();
      const pastExpiry =
        card.expYear < now.getFullYear() ||
        (card.expYear === now.getFullYear() && card.expMonth < now.getMonth() + 1);
      let failure: GatewayErrorCode | null = null;
      if (!luhnValid(number)) failure = 'invalid_card';
      else if (behaviour === 'declined') failure = 'declined';
      else if (behaviour === 'expired_card' || pastExpiry) failure = 'expired_card';
      if (failure) {
        // A bad card does not end the session: the customer may try another.
        await db
          .update(simGatewaySessions)
          .set({ failure })
          .where(eq(simGatewaySessions.id, sessionId));
        throw new GatewayError(failure);
      }
      const token = id('tok');
      await db.transaction(async (tx) => {
        await tx.insert(simGatewayCards).values({
          token,
          brand: brandOf(number),
          last4: number.slice(-4),
          expMonth: card.expMonth,
          expYear: card.expYear,
          behaviour,
        });
        await tx
          .update(simGatewaySessions)
          .set({ status: 'completed', token, failure: null })
          .where(and(eq(simGatewaySessions.id, sessionId), eq(simGatewaySessions.status, 'open')));
      });
      return sessionView(sessionId);
    },

    /**
     * What the hosted page does when the customer cancels: an open session ends as failed,
     * with the failure `cancelled`. A session already over stays as it is.
     */
    async cancelSession(sessionId) {
      const session = await sessionView(sessionId);
      if (session.status !== 'open') return session;
      await db
        .update(simGatewaySessions)
        .set({ status: 'failed', failure: 'cancelled' })
        .where(and(eq(simGatewaySessions.id, sessionId), eq(simGatewaySessions.status, 'open')));
      return sessionView(sessionId);
    },

    authorise(key, input) {
      return once('authorise', key, async (tx) => {
        const [card] = await tx
          .select()
          .from(simGatewayCards)
          .where(eq(simGatewayCards.token, input.token));
        if (!card) throw new GatewayError('invalid_card');
        if (card.behaviour === 'insufficient_funds') throw new GatewayError('insufficient_funds');
        if (card.behaviour === 'declined') throw new GatewayError('declined');
        const [row] = await tx
          .insert(simGatewayAuthorizations)
          .values({
            id: id('auth'),
            token: input.token,
            status: 'authorised',
            amount: input.amount,
            expiresAt: new Date(Date.now() + HOLD_LIFETIME_MS),
          })
          .returning();
        if (!row) throw new GatewayError('unavailable');
        return toAuthorization(row, Date.now());
      });
    },

    capture(key, input) {
      return once('capture', key, async (tx) => {
        const row = await lockAuthorization(tx, input.authorizationId);
        const current = toAuthorization(row, Date.now());
        if (current.status === 'expired') throw new GatewayError('hold_expired');
        if (current.status !== 'authorised') throw new GatewayError('illegal_state');
        if (input.amount > row.amount || input.amount < 0) throw new GatewayError('amount_exceeds');
        // One capture per hold; what is not captured is released at once.
        const [updated] = await tx
          .update(simGatewayAuthorizations)
          .set({ status: 'captured', captured: input.amount })
          .where(eq(simGatewayAuthorizations.id, row.id))
          .returning();
        if (!updated) throw new GatewayError('unavailable');
        return toAuthorization(updated, Date.now());
      });
    },

    void(key, input) {
      return once('void', key, async (tx) => {
        const row = await lockAuthorization(tx, input.authorizationId);
        if (row.status !== 'authorised') throw new GatewayError('illegal_state');
        const [updated] = await tx
          .update(simGatewayAuthorizations)
          .set({ status: 'voided' })
          .where(eq(simGatewayAuthorizations.id, row.id))
          .returning();
        if (!updated) throw new GatewayError('unavailable');
        return toAuthorization(updated, Date.now());
      });
    },

    refund(key, input) {
      return once('refund', key, async (tx) => {
        const row = await lockAuthorization(tx, input.authorizationId);
        if (row.status !== 'captured' && row.status !== 'refunded')
          throw new GatewayError('illegal_state');
        if (input.amount <= 0 || row.refunded + input.amount > row.captured) {
          throw new GatewayError('amount_exceeds');
        }
        const refunded = row.refunded + input.amount;
        const [updated] = await tx
          .update(simGatewayAuthorizations)
          .set({ refunded, status: refunded === row.captured ? 'refunded' : 'captured' })
          .where(eq(simGatewayAuthorizations.id, row.id))
          .returning();
        if (!updated) throw new GatewayError('unavailable');
        return toAuthorization(updated, Date.now());
      });
    },

    async authorisationByKey(key) {
      await network();
      const [request] = await db
        .select({ response: simGatewayRequests.response })
        .from(simGatewayRequests)
        .where(and(eq(simGatewayRequests.operation, 'authorise'), eq(simGatewayRequests.key, key)));
      const answer = request?.response as Stored | { pending: true } | undefined;
      if (!answer || 'pending' in answer || 'error' in answer) return null;
      const [row] = await db
        .select()
        .from(simGatewayAuthorizations)
        .where(eq(simGatewayAuthorizations.id, answer.ok.id));
      return row ? toAuthorization(row, Date.now()) : null;
    },

    async status(authorizationId) {
      await network();
      const [row] = await db
        .select()
        .from(simGatewayAuthorizations)
        .where(eq(simGatewayAuthorizations.id, authorizationId));
      if (!row) throw new GatewayError('not_found');
      return toAuthorization(row, Date.now());
    },
  };
}

/** Lets tests age a hold without waiting seven days. */
export async function expireSimHold(db: Db, authorizationId: string) {
  await db
    .update(simGatewayAuthorizations)
    .set({ expiresAt: sql`now() - interval '1 second'` })
    .where(eq(simGatewayAuthorizations.id, authorizationId));
}
