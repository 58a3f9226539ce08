import {
  OWN_CARD_ACTIVATION_MS,
  type MessageKey,
  type OwnCardChannel,
  type PaymentProduct,
} from '@stod/domain';
import type { FastifyInstance } from 'fastify';
import { ProviderCardsError, type ProviderCard } from '../../integrations/provider-cards/port.ts';
import { AppError } from '../../lib/errors.ts';
import { VERIFICATION_VALID_MS } from '../identity/service.ts';
import * as repo from './repo.ts';
import { toView } from './service.ts';

/** The provider's own card pays for what is sold at its stations, not food or drinks. */
const OWN_CARD_PRODUCTS: PaymentProduct[] = ['fuel', 'carwash', 'charging'];

// The same limits as guessing a voucher's PIN: a card's PIN is as short and as worth guessing.
const TRIES_PER_USER_PER_HOUR = 10;
const TRIES_PER_IP_PER_HOUR = 30;

async function limitTries(app: FastifyInstance, userId: string, ip: string) {
  for (const [key, limit] of [
    [`own-card:user:${userId}`, TRIES_PER_USER_PER_HOUR],
    [`own-card:ip:${ip}`, TRIES_PER_IP_PER_HOUR],
  ] as const) {
    const hit = await app.counter.hit(key, limit, 3600);
    if (!hit.allowed) {
      throw new AppError(429, 'RATE_LIMITED', 'error.rateLimited', undefined, {
        'retry-after': String(hit.retryAfterSeconds),
      });
    }
  }
}

const refuse = (status: number, code: string, key: MessageKey, field: string) =>
  new AppError(status, code, key, { [field]: key });

/** The payment method that stands for a provider card in the user's wallet. */
const ownCardMethod = (userId: string, card: ProviderCard, name: string | undefined) => ({
  userId,
  kind: 'own_card' as const,
  token: card.id,
  brand: 'stodkort',
  last4: card.last4,
  expMonth: card.expMonth,
  expYear: card.expYear,
  name: name ?? null,
  products: OWN_CARD_PRODUCTS,
});

/** Calls the card issuer; its being away is a 503 the app can retry, not a 500. */
async function atIssuer<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ProviderCardsError && error.code === 'unavailable')
      throw new AppError(503, 'CARD_ISSUER_UNAVAILABLE', 'error.tryAgain');
    throw error;
  }
}

/** The card behind a number, if it can be added at all. Says nothing of whose it is. */
async function usableCard(app: FastifyInstance, cardNumber: string): Promise<ProviderCard> {
  const card = await atIssuer(() => app.providerCards.findByNumber(cardNumber));
  if (!card) throw refuse(422, 'OWN_CARD_UNKNOWN', 'error.ownCardUnknown', 'cardNumber');
  if (card.status === 'expired')
    throw refuse(422, 'OWN_CARD_EXPIRED', 'error.cardExpired', 'cardNumber');
  if (card.status !== 'active')
    throw refuse(422, 'OWN_CARD_BLOCKED', 'error.ownCardBlocked', 'cardNumber');
  return card;
}

/** Step one of proving the card by code: the issuer sends it to the holder. */
export async function requestCode(
  app: FastifyInstance,
  userId: string,
  input: { cardNumber: string; channel: OwnCardChannel },
  ip: string,
) {
  await limitTries(app, userId, ip);
  const card = await usableCard(app, input.cardNumber);
  if (!card.channels.includes(input.channel))
    throw refuse(422, 'OWN_CARD_NO_CHANNEL', 'error.ownCardNoChannel', 'channel');
  const challenge = await atIssuer(() =>
    app.providerCards.sendCode(card.id, { channel: input.channel, reference: userId }),
  );
  return {
    challengeId: challenge.id,
    channel: challenge.channel,
    destination: challenge.destination,
    expiresAt: challenge.expiresAt.toISOString(),
  };
}

/**
 * Adds an existing card: it must be known and active at the issuer, the person must prove they
 * hold it, and it must not be on another account. Answers whether it was newly added.
 */
export async function addOwnCard(
  app: FastifyInstance,
  userId: string,
  input: {
    cardNumber: string;
    name?: string | undefined;
    pin?: string | undefined;
    challengeId?: string | undefined;
    code?: string | undefined;
  },
  ip: string,
) {
  await limitTries(app, userId, ip);
  const card = await usableCard(app, input.cardNumber);
  if (input.pin !== undefined) {
    const { pin } = input;
    if (!(await atIssuer(() => app.providerCards.verifyPin(card.id, pin))))
      throw refuse(422, 'OWN_CARD_PIN', 'error.ownCardPin', 'pin');
  } else {
    const proof = {
      challengeId: input.challengeId ?? '',
      cardId: card.id,
      reference: userId,
      code: input.code ?? '',
    };
    if (!(await atIssuer(() => app.providerCards.verifyCode(proof))))
      throw refuse(422, 'OWN_CARD_CODE', 'error.invalidCode', 'code');
  }
  const result = await repo.attachOwnCard(app.db, card.id, ownCardMethod(userId, card, input.name));
  if ('saved' in result) return { created: true, method: toView(result.saved) };
  const mine =
    result.heldBy.userId === userId
      ? await repo.findMethod(app.db, userId, result.heldBy.paymentMethodId)
      : undefined;
  // Adding one's own card again is no error; the card is simply there already.
  if (mine) return { created: false, method: toView(mine) };
  throw refuse(409, 'OWN_CARD_TAKEN', 'error.ownCardTaken', 'cardNumber');
}

/**
 * Issues a new card. It needs a payment agreement to bill and a recent identity verification,
 * which the card spends: one verification, one card. It works 3 minutes later.
 */
export async function createOwnCard(
  app: FastifyInstance,
  userId: string,
  input: { name?: string | undefined },
) {
  const agreement = await repo.findAgreement(app.db, userId);
  if (!agreement) throw new AppError(422, 'AGREEMENT_REQUIRED', 'error.agreementRequired');
  const verification = await repo.consumeVerification(app.db, userId, VERIFICATION_VALID_MS);
  if (!verification) throw new AppError(422, 'IDENTITY_REQUIRED', 'error.identityRequired');
  let card: ProviderCard;
  try {
    card = await atIssuer(() =>
      app.providerCards.issueCard({
        name: verification.name ?? agreement.fullName,
        subject: verification.subject,
        email: agreement.email,
        phone: agreement.phone,
      }),
    );
  } catch (error) {
    await repo.releaseVerification(app.db, verification.id);
    throw error;
  }
  const result = await repo.attachOwnCard(app.db, card.id, {
    ...ownCardMethod(userId, card, input.name),
    activeFrom: new Date(Date.now() + OWN_CARD_ACTIVATION_MS),
  });
  if (!('saved' in result)) throw new Error('a newly issued card is already on an account');
  return toView(result.saved);
}
