import type { DeviceTokenInput, PushKind } from '@stod/domain';
import { and, asc, count, desc, eq, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  pushMessages,
  pushPreferences,
  pushTokens,
  sessions,
  users,
} from '../../db/schema/index.ts';

export type TokenRow = typeof pushTokens.$inferSelect;
export type MessageRow = typeof pushMessages.$inferSelect;

/**
 * Stores a device's token for the user: a repeat for the same device replaces the token, and
 * the same token held under another account (the phone changed hands) is let go.
 */
export async function upsertToken(
  db: Db,
  userId: string,
  sessionId: string,
  input: DeviceTokenInput,
): Promise<TokenRow> {
  return db.transaction(async (tx) => {
    await tx
      .delete(pushTokens)
      .where(and(eq(pushTokens.token, input.token), ne(pushTokens.userId, userId)));
    const meta = input.deviceMeta;
    const values = {
      token: input.token,
      sessionId,
      platform: meta.platform,
      name: meta.name ?? null,
      osVersion: meta.osVersion,
      model: meta.model,
      isVirtual: meta.isVirtual,
    };
    const [row] = await tx
      .insert(pushTokens)
      .values({ userId, deviceId: input.deviceId, ...values })
      .onConflictDoUpdate({
        target: [pushTokens.userId, pushTokens.deviceId],
        set: { ...values, updatedAt: sql`now()` },
      })
      .returning();
    if (!row) throw new Error('push token not stored');
    return row;
  });
}

export async function deleteOwnedToken(db: Db, userId: string, id: string) {
  const rows = await db
    .delete(pushTokens)
    .where(and(eq(pushTokens.id, id), eq(pushTokens.userId, userId)))
    .returning({ id: pushTokens.id });
  return rows.length > 0;
}

export const deleteToken = (db: Db, id: string) =>
  db.delete(pushTokens).where(eq(pushTokens.id, id));

export const deleteTokensOfSession = (db: Db, sessionId: string) =>
  db.delete(pushTokens).where(eq(pushTokens.sessionId, sessionId));

export const deleteTokensOfUser = (db: Db, userId: string) =>
  db.delete(pushTokens).where(eq(pushTokens.userId, userId));

export const tokensOfUser = (db: Db, userId: string) =>
  db
    .select()
    .from(pushTokens)
    .where(eq(pushTokens.userId, userId))
    .orderBy(desc(pushTokens.updatedAt));

/** The devices a message goes to: tokens of sessions still signed in, of an account that exists. */
export const liveTokensOfUser = (db: Db, userId: string) =>
  db
    .select({ token: pushTokens, locale: users.locale })
    .from(pushTokens)
    .innerJoin(sessions, eq(sessions.id, pushTokens.sessionId))
    .innerJoin(users, eq(users.id, pushTokens.userId))
    .where(and(eq(pushTokens.userId, userId), isNull(sessions.revokedAt), isNull(users.deletedAt)));

export const findToken = async (db: Db, id: string) =>
  (await db.select().from(pushTokens).where(eq(pushTokens.id, id)))[0];

export const preferencesOf = (db: Db, userId: string) =>
  db
    .select({ kind: pushPreferences.kind, enabled: pushPreferences.enabled })
    .from(pushPreferences)
    .where(eq(pushPreferences.userId, userId));

export async function setPreferences(db: Db, userId: string, changes: [PushKind, boolean][]) {
  if (changes.length === 0) return;
  await db
    .insert(pushPreferences)
    .values(changes.map(([kind, enabled]) => ({ userId, kind, enabled })))
    .onConflictDoUpdate({
      target: [pushPreferences.userId, pushPreferences.kind],
      set: { enabled: sql`excluded.enabled`, updatedAt: sql`now()` },
    });
}

/** Writes the message unless its key was written before; answers the new row, or nothing. */
export async function insertMessage(db: Db, values: typeof pushMessages.$inferInsert) {
  const [row] = await db.insert(pushMessages).values(values).onConflictDoNothing().returning();
  return row;
}

/** Pending messages written before `before`, oldest first, a bounded batch. */
export const pendingBefore = (db: Db, before: Date) =>
  db
    .select({ id: pushMessages.id })
    .from(pushMessages)
    .where(and(eq(pushMessages.state, 'pending'), lt(pushMessages.createdAt, before)))
    .orderBy(asc(pushMessages.createdAt))
    .limit(500);

export const findMessage = async (db: Db, id: string) =>
  (await db.select().from(pushMessages).where(eq(pushMessages.id, id)))[0];

export async function patchMessage(
  db: Db,
  id: string,
  set: Partial<typeof pushMessages.$inferInsert>,
) {
  await db
    .update(pushMessages)
    .set(set)
    .where(and(eq(pushMessages.id, id), eq(pushMessages.state, 'pending')));
}

/** The newest messages first, of one user or of everyone (the development outbox). */
export async function listMessages(
  db: Db,
  filter: { userIds?: string[] },
  offset: number,
  take: number,
) {
  const where = filter.userIds ? inArray(pushMessages.userId, filter.userIds) : undefined;
  const [items, [total]] = await Promise.all([
    db
      .select()
      .from(pushMessages)
      .where(where)
      .orderBy(desc(pushMessages.createdAt), desc(pushMessages.id))
      .offset(offset)
      .limit(take),
    db.select({ n: count() }).from(pushMessages).where(where),
  ]);
  return { items, total: total?.n ?? 0 };
}

export const userIdsByEmail = async (db: Db, email: string) =>
  (
    await db
      .select({ id: users.id })
      .from(users)
      .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
  ).map((r) => r.id);
