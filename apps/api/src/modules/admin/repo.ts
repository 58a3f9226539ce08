import { and, asc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { OpeningHours, StationService } from '@stod/domain';
import type { Db } from '../../db/client.ts';
import { stations, userStations, users, type StaffRole } from '../../db/schema/index.ts';

export type { StaffRole };

/** Which stations a caller may see: every one, or only these. */
export type StationScope = 'all' | readonly number[];

export async function findUserIdByEmail(db: Db, email: string) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), isNull(users.deletedAt)))
    .limit(1);
  return row?.id;
}

export async function insertStaffUser(
  db: Db,
  values: {
    email: string;
    /** Null for an invited member, who chooses it by the invitation's link. */
    passwordHash: string | null;
    name: string;
    role: StaffRole;
    locale?: 'fo' | 'en';
  },
) {
  const [row] = await db
    .insert(users)
    .values({
      ...values,
      // Staff are not customers: they have no address or mobile of record.
      address: '',
      postCode: '',
      city: '',
      mobile: '',
      emailVerified: true,
    })
    .onConflictDoNothing()
    .returning({ id: users.id });
  return row?.id;
}

export async function setRole(
  db: Db,
  userId: string,
  role: StaffRole,
  passwordHash: string | undefined,
) {
  await db
    .update(users)
    .set({ role, updatedAt: sql`now()`, ...(passwordHash ? { passwordHash } : {}) })
    .where(eq(users.id, userId));
}

export async function replaceStations(db: Db, userId: string, stationIds: readonly number[]) {
  await db.delete(userStations).where(eq(userStations.userId, userId));
  if (stationIds.length === 0) return;
  await db
    .insert(userStations)
    .values(stationIds.map((stationId) => ({ userId, stationId })))
    .onConflictDoNothing();
}

export async function boundStationIds(db: Db, userId: string): Promise<number[]> {
  const rows = await db
    .select({ stationId: userStations.stationId })
    .from(userStations)
    .where(eq(userStations.userId, userId))
    .orderBy(asc(userStations.stationId));
  return rows.map((r) => r.stationId);
}

const inScope = (scope: StationScope): SQL | undefined =>
  scope === 'all' ? undefined : inArray(stations.id, [...scope]);

const stationColumns = {
  id: stations.id,
  name: stations.name,
  address: stations.address,
  tokheimStationId: stations.tokheimStationId,
  services: stations.services,
  openingHours: stations.openingHours,
};

/** Sets what is given of a station's hours and services; false for no such station. */
export async function updateStation(
  db: Db,
  id: number,
  values: { openingHours?: OpeningHours; services?: StationService[] },
) {
  const rows = await db
    .update(stations)
    .set(values)
    .where(eq(stations.id, id))
    .returning({ id: stations.id });
  return rows.length > 0;
}

export async function listStations(db: Db, scope: StationScope, offset: number, take: number) {
  if (scope !== 'all' && scope.length === 0) return { total: 0, items: [] };
  const where = inScope(scope);
  const [items, [count]] = await Promise.all([
    db
      .select(stationColumns)
      .from(stations)
      .where(where)
      .orderBy(asc(stations.id))
      .offset(offset)
      .limit(take),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(stations)
      .where(where),
  ]);
  return { total: count?.n ?? 0, items };
}

export async function findStation(db: Db, id: number, scope: StationScope) {
  if (scope !== 'all' && !scope.includes(id)) return undefined;
  const [row] = await db.select(stationColumns).from(stations).where(eq(stations.id, id)).limit(1);
  return row;
}

export async function findStaffMember(db: Db, userId: string) {
  const [row] = await db
    .select({ id: users.id, name: users.name, email: users.email, role: users.role })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .limit(1);
  return row;
}
