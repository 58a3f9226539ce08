import { and, count, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditLog, users } from '../../db/schema/index.ts';

export type NewAuditEntry = typeof auditLog.$inferInsert;

export interface AuditFilter {
  actorId?: string | undefined;
  /** The method and route pattern, as kept: `PUT /api/admin/id-tags/:idTag`. */
  action?: string | undefined;
  from?: Date | undefined;
  until?: Date | undefined;
}

export async function insertEntry(db: Db, entry: NewAuditEntry) {
  await db.insert(auditLog).values(entry);
}

function whereOf(filter: AuditFilter) {
  const conditions: SQL[] = [];
  if (filter.actorId) conditions.push(eq(auditLog.actorId, filter.actorId));
  if (filter.action) conditions.push(eq(auditLog.action, filter.action));
  if (filter.from) conditions.push(gte(auditLog.at, filter.from));
  if (filter.until) conditions.push(lt(auditLog.at, filter.until));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/**
 * A page of the log, newest first, each with its actor's name as it is now, and the count. The
 * count comes with the page's rows, so the two agree while entries are being written; only a
 * page past the end needs a count of its own.
 */
export async function pageOfEntries(db: Db, filter: AuditFilter, offset: number, take: number) {
  const where = whereOf(filter);
  const rows = await db
    .select({
      entry: auditLog,
      actorName: users.name,
      actorEmail: users.email,
      total: sql<number>`(count(*) over ())::int`,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(where)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .offset(offset)
    .limit(take);
  const items = rows.map(({ entry, actorName, actorEmail }) => ({ entry, actorName, actorEmail }));
  const first = rows[0];
  if (first) return { items, total: first.total };
  if (offset === 0) return { items, total: 0 };
  const [total] = await db.select({ n: count() }).from(auditLog).where(where);
  return { items, total: total?.n ?? 0 };
}

/** Every action the log holds, for narrowing it. */
export async function actionsKept(db: Db) {
  const rows = await db
    .selectDistinct({ action: auditLog.action })
    .from(auditLog)
    .orderBy(auditLog.action);
  return rows.map((row) => row.action);
}
