import { setTimeout as sleep } from 'node:timers/promises';
import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  simGatewayAuthorizations,
  simGatewayCards,
  simGatewayMovements,
  simGatewayRequests,
} from '../../db/schema/index.ts';
import {
  GatewayError,
  type Authorization,
  type CardSession,
  type GatewayErrorCode,
  type PaymentGateway,
  type PaymentSession,
} from './port.ts';
import { cardSessionsSim } from './sim-card-sessions.ts';
import { simId as id, toAuthorization, type EnteredCard } from './sim-cards.ts';
import { paymentSessionsSim } from './sim-pay.ts';

export { TEST_CARDS } from './sim-cards.ts';

export const HOLD_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

export interface GatewaySimOptions {
  db: Db;
  /** Base URL of the hosted card-entry page, e.g. http://localhost:3000/api/sim/gateway. */
  pageBaseUrl: string;
  latencyMs: number;
  failureRate: number;
  random?: () => number;
}

type Stored = { ok: Authorization } | { error: GatewayErrorCode };

/**
 * A card gateway that keeps its books in the database, so holds survive restarts
 * and several API processes see the same state. It answers after a delay and
 * fails now and then, as a remote service does.
 */
export function gatewaySim(options: GatewaySimOptions): PaymentGateway & {
  /** What the hosted card-entry page does when the customer submits a card number. */
  enterCard(sessionId: string, card: EnteredCard): Promise<CardSession>;
  cancelSession(sessionId: string): Promise<CardSession>;
  /** What the hosted payment page does when the customer pays: the amount is held, once. */
  payWithCard(sessionId: string, card: EnteredCard): Promise<PaymentSession>;
  cancelPaymentSession(sessionId: string): Promise<PaymentSession>;
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

  /** The money a capture or refund moved, in the gateway's settlement books. */
  async function moved(
    tx: Db,
    kind: 'capture' | 'refund',
    key: string,
    authorizationId: string,
    amount: number,
  ) {
    await tx.insert(simGatewayMovements).values({ kind, key, authorizationId, amount });
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

  const sessions = cardSessionsSim({ db, pageBaseUrl: options.pageBaseUrl, network });

  const cards: Omit<PaymentGateway, 'createPaymentSession' | 'getPaymentSession'> = {
    createCardSession: sessions.create,
    getCardSession: sessions.view,

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
        await moved(tx, 'capture', key, row.id, input.amount);
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
        await moved(tx, 'refund', key, row.id, input.amount);
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

    async settlement(from, to) {
      await network();
      const rows = await db
        .select()
        .from(simGatewayMovements)
        .where(and(gte(simGatewayMovements.createdAt, from), lt(simGatewayMovements.createdAt, to)))
        .orderBy(asc(simGatewayMovements.createdAt), asc(simGatewayMovements.id));
      return rows.map((r) => ({
        kind: r.kind,
        key: r.key,
        authorizationId: r.authorizationId,
        amount: r.amount,
        at: r.createdAt,
      }));
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

  const payments = paymentSessionsSim({
    db,
    pageBaseUrl: options.pageBaseUrl,
    network,
    authorise: (key, input) => cards.authorise(key, input),
    void: (key, input) => cards.void(key, input),
  });
  return {
    ...cards,
    createPaymentSession: payments.create,
    getPaymentSession: payments.view,
    payWithCard: payments.pay,
    cancelPaymentSession: payments.cancel,
    enterCard: sessions.enter,
    cancelSession: sessions.cancel,
  };
}

/** Lets tests age a hold without waiting seven days. */
export async function expireSimHold(db: Db, authorizationId: string) {
  await db
    .update(simGatewayAuthorizations)
    .set({ expiresAt: sql`now() - interval '1 second'` })
    .where(eq(simGatewayAuthorizations.id, authorizationId));
}
