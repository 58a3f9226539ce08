import {
  and,
  asc,
  count,
  eq,
  ilike,
  inArray,
  isNotNull,
  isNull,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { stations, users, type StaffRole } from '../../db/schema/index.ts';
import { containing } from '../../lib/like.ts';

export interface StaffFilter {
  /** Part of a name or an address. */
  q?: string | undefined;
  role?: StaffRole | undefined;
}

const staffWhere = (filter: StaffFilter): SQL | undefined =>
  and(
    isNotNull(users.role),
    isNull(users.deletedAt),
    filter.role ? eq(users.role, filter.role) : undefined,
    filter.q
      ? or(ilike(users.name, containing(filter.q)), ilike(users.email, containing(filter.q)))
      : undefined,
  );

const accountColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  locale: users.locale,
  role: users.role,
  disabledAt: users.disabledAt,
  passwordSet: sql<boolean>`${users.passwordHash} is not null`,
  createdAt: users.createdAt,
  // Spelt out: inside a subquery an unqualified "id" would name the subquery's own column.
  stationIds: sql<
    number[]
  >`coalesce((select array_agg(us.station_id order by us.station_id) from user_stations us where us.user_id = "users"."id"), '{}')`,
  lastActiveAt: sql<
    Date | string | null
  >`(select max(s.last_used_at) from sessions s where s.user_id = "users"."id")`,
};

/** Staff accounts, enabled first, then by name. */
export async function listStaff(db: Db, filter: StaffFilter, offset: number, take: number) {
  const where = staffWhere(filter);
  const [items, [total]] = await Promise.all([
    db
      .select(accountColumns)
      .from(users)
      .where(where)
      .orderBy(sql`${users.disabledAt} is not null`, asc(users.name), asc(users.id))
      .offset(offset)
      .limit(take),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { items, total: total?.n ?? 0 };
}

export async function findStaffAccount(db: Db, id: string) {
  const [row] = await db
    .select(accountColumns)
    .from(users)
    .where(and(eq(users.id, id), isNotNull(users.role), isNull(users.deletedAt)))
    .limit(1);
  return row;
}

/** Whichever account holds this address, customer or staff, deleted or not. */
export async function accountWithEmail(db: Db, email: string) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  return row;
}

/** Which of these stations exist. */
export async function existingStationIds(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: stations.id })
    .from(stations)
    .where(inArray(stations.id, [...ids]));
  return rows.map((r) => r.id);
}

export async function updateStaff(
  db: Db,
  id: string,
  values: { role?: StaffRole; disabled?: boolean },
) {
  await db
    .update(users)
    .set({
      updatedAt: sql`now()`,
      ...(values.role ? { role: values.role } : {}),
      ...(values.disabled === undefined
        ? {}
        : { disabledAt: values.disabled ? sql`coalesce(${users.disabledAt}, now())` : null }),
    })
    .where(eq(users.id, id));
}
