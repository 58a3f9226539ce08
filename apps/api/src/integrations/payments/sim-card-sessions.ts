import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { simGatewayCards, simGatewaySessions } from '../../db/schema/index.ts';
import { GatewayError, type CardSession, type CardSessionFailure } from './port.ts';
import { cardFailure, storeCard, type EnteredCard } from './sim-cards.ts';

export const SESSION_LIFETIME_MS = 30 * 60 * 1000;

interface Deps {
  db: Db;
  pageBaseUrl: string;
  network: () => Promise<void>;
}

/** The simulated gateway's card-saving sessions: its hosted page saves a card for later holds. */
export function cardSessionsSim({ db, pageBaseUrl, network }: Deps) {
  async function view(sessionId: string): Promise<CardSession> {
    const [row] = await db
      .select()
      .from(simGatewaySessions)
      .where(and(eq(simGatewaySessions.id, sessionId), eq(simGatewaySessions.kind, 'card')));
    if (!row) throw new GatewayError('not_found');
    const [card] = row.token
      ? await db.select().from(simGatewayCards).where(eq(simGatewayCards.token, row.token))
      : [];
    const expired = row.status === 'open' && row.expiresAt.getTime() <= Date.now();
    return {
      id: row.id,
      url: `${pageBaseUrl}/checkout/${row.id}`,
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
    view,

    create: async (key: string, input: { reference: string; returnUrl: string }) => {
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
      return view(sessionId);
    },

    /** What the hosted page does when the customer submits a card number. */
    enter: async (sessionId: string, card: EnteredCard) => {
      const session = await view(sessionId);
      if (session.status !== 'open') throw new GatewayError('illegal_state');
      const failure = cardFailure(card);
      if (failure) {
        // A bad card does not end the session: the customer may try another.
        await db
          .update(simGatewaySessions)
          .set({ failure })
          .where(eq(simGatewaySessions.id, sessionId));
        throw new GatewayError(failure);
      }
      await db.transaction(async (tx) => {
        const token = await storeCard(tx, card);
        await tx
          .update(simGatewaySessions)
          .set({ status: 'completed', token, failure: null })
          .where(and(eq(simGatewaySessions.id, sessionId), eq(simGatewaySessions.status, 'open')));
      });
      return view(sessionId);
    },

    /**
     * What the hosted page does when the customer cancels: an open session ends as failed,
     * with the failure `cancelled`. A session already over stays as it is.
     */
    cancel: async (sessionId: string) => {
      const session = await view(sessionId);
      if (session.status !== 'open') return session;
      await db
        .update(simGatewaySessions)
        .set({ status: 'failed', failure: 'cancelled' })
        .where(and(eq(simGatewaySessions.id, sessionId), eq(simGatewaySessions.status, 'open')));
      return view(sessionId);
    },
  };
}
