import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  isOwnCardNumber,
  OWN_CARD_PREFIX,
  translateServer,
  type OwnCardChannel,
} from '@stod/domain';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  simProviderCardChallenges,
  simProviderCardMessages,
  simProviderCards,
} from '../../db/schema/index.ts';
import { newNumericCode, safeEqual, sha256 } from '../../lib/secrets.ts';
import {
  ProviderCardsError,
  type HolderDetails,
  type ProviderCard,
  type ProviderCardStatus,
  type ProviderCardsPort,
} from './port.ts';
import { SIM_PROVIDER_CARDS } from './seed.ts';

const CODE_LIFETIME_MS = 10 * 60 * 1000;
const CODE_ATTEMPTS = 5;
/** Cards run for four years, as the provider's plastic does. */
const CARD_YEARS = 4;
const LIMITS = { perPurchase: 300_000, perDay: 1_000_000 };

export interface ProviderCardsSimOptions {
  db: Db;
  latencyMs: number;
  failureRate: number;
  random?: () => number;
}

type CardRow = typeof simProviderCards.$inferSelect;

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url')}`;
const pinHash = (cardId: string, pin: string) => sha256(`${cardId}:${pin}`);

function toCard(row: CardRow, now = new Date()): ProviderCard {
  const lapsed =
    row.expYear < now.getFullYear() ||
    (row.expYear === now.getFullYear() && row.expMonth < now.getMonth() + 1);
  const channels: OwnCardChannel[] = [];
  if (row.holderPhone) channels.push('sms');
  if (row.holderEmail) channels.push('email');
  return {
    id: row.id,
    last4: row.number.slice(-4),
    holderName: row.holderName,
    status: row.status === 'active' && lapsed ? 'expired' : row.status,
    expMonth: row.expMonth,
    expYear: row.expYear,
    limits: { perPurchase: row.limitPerPurchase, perDay: row.limitPerDay },
    channels,
  };
}

/** Only the holder should recognise where the code went. */
export function maskDestination(channel: OwnCardChannel, value: string): string {
  if (channel === 'sms') return `•• •• ${value.replace(/\D/g, '').slice(-2)}`;
  const [local = '', domain = ''] = value.split('@');
  return `${local.slice(0, 1)}•••@${domain}`;
}

function newCardNumber(): string {
  const body = `${OWN_CARD_PREFIX}${newNumericCode(11)}`;
  for (let d = 0; d <= 9; d += 1)
    if (isOwnCardNumber(`${body}${String(d)}`)) return `${body}${String(d)}`;
  throw new Error('no check digit');
}

/**
 * The provider's card system as a simulator that keeps its books in the database, so several
 * API processes see the same cards. It answers after a delay and fails now and then, as a
 * remote service does. Codes it "sends" land in its own outbox.
 */
export function providerCardsSim(options: ProviderCardsSimOptions) {
  const { db } = options;
  const random = options.random ?? Math.random;

  const network = async () => {
    if (options.latencyMs > 0) await sleep(options.latencyMs * (0.5 + random()));
    if (random() < options.failureRate) throw new ProviderCardsError('unavailable');
  };

  let seeded: Promise<void> | null = null;
  const ready = () => {
    seeded ??= (async () => {
      const now = new Date();
      await db
        .insert(simProviderCards)
        .values(
          SIM_PROVIDER_CARDS.map((card) => ({
            id: card.id,
            number: card.number,
            holderName: card.holderName,
            holderEmail: card.holderEmail,
            holderPhone: card.holderPhone,
            pinHash: pinHash(card.id, card.pin),
            status: card.status,
            expMonth: 12,
            expYear: now.getFullYear() + (card.status === 'expired' ? -1 : CARD_YEARS),
            limitPerPurchase: LIMITS.perPurchase,
            limitPerDay: LIMITS.perDay,
          })),
        )
        .onConflictDoNothing();
    })().catch((error: unknown) => {
      seeded = null;
      throw error;
    });
    return seeded;
  };

  async function cardRow(cardId: string) {
    const [row] = await db.select().from(simProviderCards).where(eq(simProviderCards.id, cardId));
    if (!row) throw new ProviderCardsError('not_found');
    return row;
  }

  /** A card for tests and the development tools, with a PIN of the caller's choosing. */
  async function issueTestCard(
    input: {
      pin?: string;
      status?: ProviderCardStatus;
      holder?: Partial<HolderDetails>;
      issueKey?: string;
    } = {},
  ) {
    await ready();
    const cardId = id('pc');
    const number = newCardNumber();
    const pin = input.pin ?? newNumericCode(4);
    const now = new Date();
    const [row] = await db
      .insert(simProviderCards)
      .values({
        id: cardId,
        number,
        holderName: input.holder?.name ?? 'Test Persónur',
        holderEmail:
          input.holder?.email === undefined ? `${cardId}@example.fo` : input.holder.email,
        holderPhone:
          input.holder?.phone === undefined ? `+298 ${newNumericCode(6)}` : input.holder.phone,
        holderSubject: input.holder?.subject ?? null,
        pinHash: pinHash(cardId, pin),
        issueKey: input.issueKey ?? null,
        status: input.status ?? 'active',
        expMonth: now.getMonth() + 1,
        expYear: now.getFullYear() + CARD_YEARS,
        limitPerPurchase: LIMITS.perPurchase,
        limitPerDay: LIMITS.perDay,
      })
      .returning();
    if (!row) throw new Error('card insert returned nothing');
    return { number, pin, card: toCard(row), email: row.holderEmail, phone: row.holderPhone };
  }

  const port: ProviderCardsPort = {
    async findByNumber(number) {
      await ready();
      await network();
      const [row] = await db
        .select()
        .from(simProviderCards)
        .where(eq(simProviderCards.number, number));
      return row ? toCard(row) : null;
    },

    async verifyPin(cardId, pin) {
      await network();
      const row = await cardRow(cardId);
      return safeEqual(row.pinHash, pinHash(cardId, pin));
    },

    async sendCode(cardId, input) {
      await network();
      const row = await cardRow(cardId);
      const to = input.channel === 'sms' ? row.holderPhone : row.holderEmail;
      if (!to) throw new ProviderCardsError('no_channel');
      const code = newNumericCode(6);
      const challengeId = id('ch');
      const expiresAt = new Date(Date.now() + CODE_LIFETIME_MS);
      await db.transaction(async (tx) => {
        await tx.insert(simProviderCardChallenges).values({
          id: challengeId,
          cardId,
          reference: input.reference,
          channel: input.channel,
          codeHash: sha256(`${challengeId}:${code}`),
          expiresAt,
        });
        await tx.insert(simProviderCardMessages).values({
          channel: input.channel,
          destination: to,
          // The issuer's message, in both languages as its own service writes it.
          text: (['fo', 'en'] as const)
            .map((locale) =>
              translateServer('cardIssuerSim.code', locale, { code, last4: row.number.slice(-4) }),
            )
            .join(' '),
        });
      });
      return {
        id: challengeId,
        channel: input.channel,
        destination: maskDestination(input.channel, to),
        expiresAt,
      };
    },

    async verifyCode(input) {
      await network();
      // Each answer spends a try first, so parallel guesses cannot exceed the limit.
      const [challenge] = await db
        .update(simProviderCardChallenges)
        .set({ attempts: sql`${simProviderCardChallenges.attempts} + 1` })
        .where(
          and(
            eq(simProviderCardChallenges.id, input.challengeId),
            eq(simProviderCardChallenges.cardId, input.cardId),
            eq(simProviderCardChallenges.reference, input.reference),
            isNull(simProviderCardChallenges.usedAt),
            gt(simProviderCardChallenges.expiresAt, sql`now()`),
            lt(simProviderCardChallenges.attempts, CODE_ATTEMPTS),
          ),
        )
        .returning({ codeHash: simProviderCardChallenges.codeHash });
      if (
        !challenge ||
        !safeEqual(challenge.codeHash, sha256(`${input.challengeId}:${input.code}`))
      )
        return false;
      const used = await db
        .update(simProviderCardChallenges)
        .set({ usedAt: sql`now()` })
        .where(
          and(
            eq(simProviderCardChallenges.id, input.challengeId),
            isNull(simProviderCardChallenges.usedAt),
          ),
        )
        .returning({ id: simProviderCardChallenges.id });
      return used.length > 0;
    },

    async issueCard(key, holder) {
      await network();
      const [earlier] = await db
        .select()
        .from(simProviderCards)
        .where(eq(simProviderCards.issueKey, key));
      if (earlier) return toCard(earlier);
      // The real issuer prints the PIN on the card carrier; the simulator's is never shown.
      const { card } = await issueTestCard({ holder, issueKey: key });
      return card;
    },
  };

  return {
    ...port,
    issueTestCard,
    /** The simulator's outbox: the newest first. */
    async messagesTo(destination: string) {
      return db
        .select()
        .from(simProviderCardMessages)
        .where(eq(simProviderCardMessages.destination, destination))
        .orderBy(desc(simProviderCardMessages.createdAt))
        .limit(20);
    },
    /** Lets tests and developers block, lose or reopen a card. */
    async setStatus(cardId: string, status: ProviderCardStatus) {
      await db.update(simProviderCards).set({ status }).where(eq(simProviderCards.id, cardId));
    },
  };
}

export type ProviderCardsSim = ReturnType<typeof providerCardsSim>;
