import { and, asc, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  cardSessions,
  identityVerifications,
  ownCardLinks,
  paymentAgreements,
  paymentMethods,
} from '../../db/schema/index.ts';

export type PaymentMethodRow = typeof paymentMethods.$inferSelect;
export type AgreementRow = typeof paymentAgreements.$inferSelect;

const live = (userId: string) =>
  and(eq(paymentMethods.userId, userId), isNull(paymentMethods.deletedAt));

export function listMethods(db: Db, userId: string) {
  return db
    .select()
    .from(paymentMethods)
    .where(live(userId))
    .orderBy(desc(paymentMethods.isFavourite), asc(paymentMethods.createdAt));
}

/** One of the user's live methods; another user's id finds nothing. */
export async function findMethod(db: Db, userId: string, id: string) {
  const [row] = await db
    .select()
    .from(paymentMethods)
    .where(and(live(userId), eq(paymentMethods.id, id)));
  return row;
}

export async function insertMethod(db: Db, values: typeof paymentMethods.$inferInsert) {
  return db.transaction(async (tx) => {
    // The first method a user adds becomes the favourite.
    const [existing] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(paymentMethods)
      .where(live(values.userId));
    const [row] = await tx
      .insert(paymentMethods)
      .values({ ...values, isFavourite: (existing?.n ?? 0) === 0 })
      .returning();
    if (!row) throw new Error('payment method insert returned nothing');
    return row;
  });
}

export async function setFavourite(db: Db, userId: string, id: string) {
  await db.transaction(async (tx) => {
    await tx
      .update(paymentMethods)
      .set({ isFavourite: false })
      .where(and(live(userId), eq(paymentMethods.isFavourite, true)));
    await tx
      .update(paymentMethods)
      .set({ isFavourite: true })
      .where(and(live(userId), eq(paymentMethods.id, id)));
  });
}

/** Deletes a method; when it was the favourite, the oldest remaining one takes its place. */
export async function softDelete(db: Db, userId: string, id: string) {
  return db.transaction(async (tx) => {
    const [gone] = await tx
      .update(paymentMethods)
      .set({ deletedAt: sql`now()`, isFavourite: false })
      .where(and(live(userId), eq(paymentMethods.id, id)))
      .returning({ id: paymentMethods.id });
    if (!gone) return false;
    // A removed provider card is free to be added again, by this account or another.
    await tx.delete(ownCardLinks).where(eq(ownCardLinks.paymentMethodId, id));
    const [favourite] = await tx
      .select({ id: paymentMethods.id })
      .from(paymentMethods)
      .where(and(live(userId), eq(paymentMethods.isFavourite, true)));
    if (!favourite) {
      const [next] = await tx
        .select({ id: paymentMethods.id })
        .from(paymentMethods)
        .where(live(userId))
        .orderBy(asc(paymentMethods.createdAt))
        .limit(1);
      if (next)
        await tx
          .update(paymentMethods)
          .set({ isFavourite: true })
          .where(eq(paymentMethods.id, next.id));
    }
    return true;
  });
}

export async function insertCardSession(db: Db, values: typeof cardSessions.$inferInsert) {
  const [row] = await db.insert(cardSessions).values(values).returning();
  if (!row) throw new Error('card session insert returned nothing');
  return row;
}

export async function findCardSession(db: Db, where: { id?: string; gatewaySessionId?: string }) {
  const [row] = await db
    .select()
    .from(cardSessions)
    .where(
      where.id
        ? eq(cardSessions.id, where.id)
        : eq(cardSessions.gatewaySessionId, where.gatewaySessionId ?? ''),
    );
  return row;
}

/** Closes an open session; answers false when another request closed it first. */
export async function closeCardSession(
  db: Db,
  id: string,
  set: {
    status: 'completed' | 'failed' | 'expired';
    paymentMethodId?: string;
    failure?: string | null;
  },
) {
  const rows = await db
    .update(cardSessions)
    .set(set)
    .where(and(eq(cardSessions.id, id), eq(cardSessions.status, 'open')))
    .returning({ id: cardSessions.id });
  return rows.length > 0;
}

export async function findAgreement(db: Db, userId: string) {
  const [row] = await db
    .select()
    .from(paymentAgreements)
    .where(eq(paymentAgreements.userId, userId));
  return row;
}

export async function upsertAgreement(db: Db, values: typeof paymentAgreements.$inferInsert) {
  const { fullName, email, phone, registrationNumber, accountNumber } = values;
  const [row] = await db
    .insert(paymentAgreements)
    .values(values)
    .onConflictDoUpdate({
      target: paymentAgreements.userId,
      set: { fullName, email, phone, registrationNumber, accountNumber, updatedAt: sql`now()` },
    })
    .returning();
  if (!row) throw new Error('agreement upsert returned nothing');
  return row;
}

class CardTaken extends Error {}

/**
 * Saves a provider card as the user's payment method. The link's primary key decides which
 * account holds the card: when another request got there first, nothing is saved and the
 * holding account is answered instead.
 */
export async function attachOwnCard(
  db: Db,
  cardId: string,
  values: typeof paymentMethods.$inferInsert,
): Promise<{ saved: PaymentMethodRow } | { heldBy: { userId: string; paymentMethodId: string } }> {
  try {
    return await db.transaction(async (tx) => {
      const method = await insertMethod(tx, values);
      const linked = await tx
        .insert(ownCardLinks)
        .values({ cardId, userId: values.userId, paymentMethodId: method.id })
        .onConflictDoNothing()
        .returning({ cardId: ownCardLinks.cardId });
      if (linked.length === 0) throw new CardTaken();
      return { saved: method };
    });
  } catch (error) {
    if (!(error instanceof CardTaken)) throw error;
  }
  const [holder] = await db
    .select({ userId: ownCardLinks.userId, paymentMethodId: ownCardLinks.paymentMethodId })
    .from(ownCardLinks)
    .where(eq(ownCardLinks.cardId, cardId));
  // The holder let go of it in the meantime: still a refusal, the caller may simply try again.
  return { heldBy: holder ?? { userId: '', paymentMethodId: '' } };
}

/**
 * Spends the user's freshest unspent identity verification. The conditional update lets exactly
 * one of several parallel requests have it.
 */
export async function consumeVerification(db: Db, userId: string, validMs: number) {
  const fresh = db
    .select({ id: identityVerifications.id })
    .from(identityVerifications)
    .where(
      and(
        eq(identityVerifications.userId, userId),
        eq(identityVerifications.status, 'verified'),
        gt(identityVerifications.verifiedAt, new Date(Date.now() - validMs)),
        isNull(identityVerifications.consumedAt),
      ),
    )
    .orderBy(desc(identityVerifications.verifiedAt))
    .limit(1);
  const [row] = await db
    .update(identityVerifications)
    .set({ consumedAt: sql`now()` })
    .where(and(inArray(identityVerifications.id, fresh), isNull(identityVerifications.consumedAt)))
    .returning({
      id: identityVerifications.id,
      subject: identityVerifications.subject,
      name: identityVerifications.name,
    });
  return row;
}

/** Gives a verification back when the card it was spent on could not be issued. */
export async function releaseVerification(db: Db, id: string) {
  await db
    .update(identityVerifications)
    .set({ consumedAt: null })
    .where(eq(identityVerifications.id, id));
}
