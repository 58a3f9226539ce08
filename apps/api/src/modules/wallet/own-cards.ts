import { OWN_CARD_ACTIVATION_MS, type OwnCardChannel, type PaymentProduct } from '@stod/domain';
import type { ServiceContext } from '../../platform/context.ts';
import type { DelayedJob, Jobs } from '../../platform/jobs.ts';
import { ProviderCardsError, type ProviderCard } from '../../integrations/provider-cards/port.ts';
import { AppError, type RefusalKey } from '../../lib/errors.ts';
import { VERIFICATION_VALID_MS } from '../identity/index.ts';
import * as repo from './repo.ts';
import { toView } from './service.ts';

/** The provider's own card pays for what is sold at its stations, not food or drinks. */
const OWN_CARD_PRODUCTS: PaymentProduct[] = ['fuel', 'carwash', 'charging'];

// The same limits as guessing a voucher's PIN: a card's PIN is as short and as worth guessing.
const TRIES_PER_USER_PER_HOUR = 10;
const TRIES_PER_IP_PER_HOUR = 30;

// Per card, whoever asks: many accounts on many addresses still get few guesses at one PIN, and
// the holder's phone is not flooded with codes.
const PROOF_TRIES_PER_CARD_PER_DAY = 8;
const CODES_PER_CARD_PER_HOUR = 3;

async function limitTries(ctx: ServiceContext, userId: string, ip: string) {
  await limit(ctx, [
    [`own-card:user:${userId}`, TRIES_PER_USER_PER_HOUR, 3600],
    [`own-card:ip:${ip}`, TRIES_PER_IP_PER_HOUR, 3600],
  ]);
}

async function limit(ctx: ServiceContext, counters: [string, number, number][]) {
  for (const [key, max, windowSeconds] of counters) {
    const hit = await ctx.counter.hit(key, max, windowSeconds);
    if (!hit.allowed) {
      throw new AppError(429, 'RATE_LIMITED', 'error.rateLimited', undefined, {
        'retry-after': String(hit.retryAfterSeconds),
      });
    }
  }
}

const refuse = (status: number, code: string, key: RefusalKey, field: string) =>
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
async function usableCard(ctx: ServiceContext, cardNumber: string): Promise<ProviderCard> {
  const card = await atIssuer(() => ctx.providerCards.findByNumber(cardNumber));
  if (!card) throw refuse(422, 'OWN_CARD_UNKNOWN', 'error.ownCardUnknown', 'cardNumber');
  if (card.status === 'expired')
    throw refuse(422, 'OWN_CARD_EXPIRED', 'error.cardExpired', 'cardNumber');
  if (card.status !== 'active')
    throw refuse(422, 'OWN_CARD_BLOCKED', 'error.ownCardBlocked', 'cardNumber');
  return card;
}

/** Step one of proving the card by code: the issuer sends it to the holder. */
export async function requestCode(
  ctx: ServiceContext,
  userId: string,
  input: { cardNumber: string; channel: OwnCardChannel },
  ip: string,
) {
  await limitTries(ctx, userId, ip);
  const card = await usableCard(ctx, input.cardNumber);
  if (!card.channels.includes(input.channel))
    throw refuse(422, 'OWN_CARD_NO_CHANNEL', 'error.ownCardNoChannel', 'channel');
  await limit(ctx, [[`own-card:codes:${card.id}`, CODES_PER_CARD_PER_HOUR, 3600]]);
  const challenge = await atIssuer(() =>
    ctx.providerCards.sendCode(card.id, { channel: input.channel, reference: userId }),
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
  ctx: ServiceContext,
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
  await limitTries(ctx, userId, ip);
  const card = await usableCard(ctx, input.cardNumber);
  await limit(ctx, [[`own-card:proof:${card.id}`, PROOF_TRIES_PER_CARD_PER_DAY, 86_400]]);
  if (input.pin !== undefined) {
    const { pin } = input;
    if (!(await atIssuer(() => ctx.providerCards.verifyPin(card.id, pin))))
      throw refuse(422, 'OWN_CARD_PIN', 'error.ownCardPin', 'pin');
  } else {
    const proof = {
      challengeId: input.challengeId ?? '',
      cardId: card.id,
      reference: userId,
      code: input.code ?? '',
    };
    if (!(await atIssuer(() => ctx.providerCards.verifyCode(proof))))
      throw refuse(422, 'OWN_CARD_CODE', 'error.invalidCode', 'code');
  }
  const result = await repo.attachOwnCard(ctx.db, card.id, ownCardMethod(userId, card, input.name));
  if ('saved' in result) return { created: true, method: toView(result.saved) };
  const mine =
    result.heldBy.userId === userId
      ? await repo.findMethod(ctx.db, userId, result.heldBy.paymentMethodId)
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
  ctx: ServiceContext,
  userId: string,
  input: { name?: string | undefined },
) {
  const agreement = await repo.findAgreement(ctx.db, userId);
  if (!agreement) throw new AppError(422, 'AGREEMENT_REQUIRED', 'error.agreementRequired');
  const verification = await repo.consumeVerification(ctx.db, userId, VERIFICATION_VALID_MS);
  if (!verification) throw new AppError(422, 'IDENTITY_REQUIRED', 'error.identityRequired');
  let card: ProviderCard;
  try {
    card = await atIssuer(() =>
      // Keyed by the verification: a retry after a lost answer gets the card that was issued.
      ctx.providerCards.issueCard(verification.id, {
        name: verification.name ?? agreement.fullName,
        subject: verification.subject,
        email: agreement.email,
        phone: agreement.phone,
      }),
    );
  } catch (error) {
    await repo.releaseVerification(ctx.db, verification.id);
    throw error;
  }
  const result = await repo.attachOwnCard(ctx.db, card.id, {
    ...ownCardMethod(userId, card, input.name),
    activeFrom: new Date(Date.now() + OWN_CARD_ACTIVATION_MS),
  });
  if (!('saved' in result)) throw new Error('a newly issued card is already on an account');
  await announceActivation(ctx, userId, result.saved.id, result.saved.activeFrom).catch(
    (error: unknown) => {
      ctx.log.warn({ err: error }, 'card activation not scheduled; the app refreshes on its own');
    },
  );
  return toView(result.saved);
}

interface Activation {
  userId: string;
  paymentMethodId: string;
}

const activationJobs = new WeakMap<Jobs<ServiceContext>, DelayedJob<Activation>>();

/** Defines the wallet's delayed jobs on a context's registry; the composition root calls it. */
export function defineWalletJobs(jobs: Jobs<ServiceContext>) {
  activationJobs.set(
    jobs,
    jobs.define<Activation>(
      'paymentMethod.activation',
      (ctx, payload) => ctx.bus.publish('paymentMethod.activated', payload),
      { maxAttempts: 3, retrySeconds: 5 },
    ),
  );
}

/**
 * Raises `paymentMethod.activated` once the card works, so the app refreshes without polling:
 * a delayed job, so a restart in those minutes loses nothing, and one run per card across
 * processes. Should the job not be stored, the app's own timer at `activeFrom` still refreshes.
 */
export async function announceActivation(
  ctx: ServiceContext,
  userId: string,
  paymentMethodId: string,
  activeFrom: Date,
) {
  const job = activationJobs.get(ctx.jobs);
  if (!job) throw new Error('the wallet jobs are not defined on this context');
  // A little after the moment, so that a read at once sees the card active.
  await job.at(new Date(activeFrom.getTime() + 250), { userId, paymentMethodId }, paymentMethodId);
}
