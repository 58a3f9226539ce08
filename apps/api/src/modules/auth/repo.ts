import { and, eq, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { prepared } from '../../db/prepared.ts';
import { sessions, users } from '../../db/schema/index.ts';

export async function insertSession(
  db: Db,
  userId: string,
  tokenHash: string,
  userAgent: string | null,
) {
  const [row] = await db
    .insert(sessions)
    .values({ userId, tokenHash, userAgent: userAgent?.slice(0, 300) ?? null })
    .returning({ id: sessions.id });
  if (!row) throw new Error('session insert returned nothing');
  return row.id;
}

const activeSession = (db: Db) =>
  db
    .select({
      sessionId: sessions.id,
      userId: sessions.userId,
      role: users.role,
      createdAt: sessions.createdAt,
      lastUsedAt: sessions.lastUsedAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        isNull(sessions.revokedAt),
        isNull(users.deletedAt),
        isNull(users.disabledAt),
      ),
    )
    .limit(1)
    .prepare('active_session');

/** Runs on every signed-in request, so it is a prepared statement. */
export async function findActiveSession(db: Db, tokenHash: string) {
  const [row] = await prepared(db, 'active_session', activeSession).execute({ tokenHash });
  return row;
}

/** Moves lastUsedAt on; parallel requests of one session write it once, not each. */
export async function touchSession(db: Db, sessionId: string, everyMinutes: number) {
  await db
    .update(sessions)
    .set({ lastUsedAt: sql`now()` })
    .where(
      and(
        eq(sessions.id, sessionId),
        lt(sessions.lastUsedAt, sql`now() - make_interval(mins => ${everyMinutes})`),
      ),
    );
}

export async function revokeSession(db: Db, sessionId: string) {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Revokes every live session of a user, but the one given as `keep`. */
export async function revokeUserSessions(db: Db, userId: string, keep?: string) {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        keep ? ne(sessions.id, keep) : undefined,
      ),
    );
}
