import { randomBytes } from 'node:crypto';
import { luhnValid } from '@stod/domain';
import type { Db } from '../../db/client.ts';
import { simGatewayAuthorizations, simGatewayCards } from '../../db/schema/index.ts';
import type { Authorization, GatewayErrorCode } from './port.ts';

/** The well-known test cards; any other Luhn-valid number behaves like a good card. */
export const TEST_CARDS: Record<string, 'declined' | 'insufficient_funds' | 'expired_card'> = {
  '4000000000000002': 'declined',
  '4000000000000069': 'expired_card',
  '4000000000009995': 'insufficient_funds',
};

export interface EnteredCard {
  number: string;
  expMonth: number;
  expYear: number;
}

// The simulated gateway's vault and books, shared by its card-saving and its payment sessions.

export const simId = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url')}`;

function brandOf(number: string): string {
  if (number.startsWith('4')) return 'visa';
  if (/^5[1-5]|^2[2-7]/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  return 'card';
}

/**
 * Why the hosted page refuses a card as it is typed in (a bad number, the declined or expired test
 * card, a date in the past), or null. A card short of funds passes here: the hold refuses it.
 */
export function cardFailure(card: EnteredCard, now = new Date()): GatewayErrorCode | null {
  const number = card.number.replace(/\D/g, '');
  const behaviour = TEST_CARDS[number];
  const pastExpiry =
    card.expYear < now.getFullYear() ||
    (card.expYear === now.getFullYear() && card.expMonth < now.getMonth() + 1);
  if (!luhnValid(number)) return 'invalid_card';
  if (behaviour === 'declined') return 'declined';
  if (behaviour === 'expired_card' || pastExpiry) return 'expired_card';
  return null;
}

/** Keeps a card the page accepted in the gateway's vault; answers its token. */
export async function storeCard(db: Db, card: EnteredCard) {
  const number = card.number.replace(/\D/g, '');
  const token = simId('tok');
  await db.insert(simGatewayCards).values({
    token,
    brand: brandOf(number),
    last4: number.slice(-4),
    expMonth: card.expMonth,
    expYear: card.expYear,
    behaviour: TEST_CARDS[number] ?? 'ok',
  });
  return token;
}

type AuthRow = typeof simGatewayAuthorizations.$inferSelect;
export const toAuthorization = (row: AuthRow, now: number): Authorization => ({
  id: row.id,
  status: row.status === 'authorised' && row.expiresAt.getTime() <= now ? 'expired' : row.status,
  amount: row.amount,
  captured: row.captured,
  refunded: row.refunded,
  expiresAt: row.expiresAt,
});
