import { and, asc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { OpeningHours, StationService } from '@stod/domain';
import type { Db } from '../../db/client.ts';
import {
  stationPoints,
  stations,
  userStations,
  users,
  type StaffRole,
} from '../../db/schema/index.ts';

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

/** The numbers of a station's points of one kind that staff took out of service. */
const closedOf = (kind: 'pump' | 'bay') => sql<number[]>`coalesce((
  select json_agg(sp.number order by sp.number) from station_points sp
  where sp.station_id = "stations"."id" and sp.kind = ${kind} and sp.out_of_service_at is not null
), '[]'::json)`;

const stationColumns = {
  id: stations.id,
  name: stations.name,
  address: stations.address,
  tokheimStationId: stations.tokheimStationId,
  services: stations.services,
  openingHours: stations.openingHours,
  kitchenPaused: sql<boolean>`${stations.kitchenPausedAt} is not null`,
  kitchenAutoAccept: stations.kitchenAutoAccept,
  kitchenPrepMinutes: stations.kitchenPrepMinutes,
  closedPumps: closedOf('pump'),
  closedBays: closedOf('bay'),
};

/**
 * Sets what is given of a station's hours, services, kitchen pause and points out of service, in
 * one transaction; false for no such station. A point keeps the time it was first taken out.
 */
export async function updateStation(
  db: Db,
  id: number,
  values: {
    openingHours?: OpeningHours;
    services?: StationService[];
    kitchenPaused?: boolean;
    kitchenAutoAccept?: boolean;
    kitchenPrepMinutes?: number;
    closed?: { kind: 'pump' | 'bay'; numbers: readonly number[] }[];
  },
) {
  return db.transaction(async (tx) => {
    const { kitchenPaused, closed = [], ...rest } = values;
    const set = {
      ...rest,
      ...(kitchenPaused === undefined
        ? {}
        : {
            kitchenPausedAt: kitchenPaused
              ? sql`coalesce(${stations.kitchenPausedAt}, now())`
              : null,
          }),
    };
    const rows =
      Object.keys(set).length === 0
        ? await tx.select({ id: stations.id }).from(stations).where(eq(stations.id, id))
        : await tx
            .update(stations)
            .set(set)
            .where(eq(stations.id, id))
            .returning({ id: stations.id });
    if (rows.length === 0) return false;
    for (const { kind, numbers } of closed) {
      const ofKind = and(eq(stationPoints.stationId, id), eq(stationPoints.kind, kind));
      await tx
        .update(stationPoints)
        .set({
          outOfServiceAt:
            numbers.length === 0
              ? null
              : sql`case when ${stationPoints.number} in ${[...numbers]}
                  then coalesce(${stationPoints.outOfServiceAt}, now()) else null end`,
        })
        .where(ofKind);
    }
    return true;
  });
}

/**
 * Takes one pump or bay out of service or back, in one transaction with the state it had
 * before; null for no such point at the station. It keeps the time it was first taken out.
 */
export async function setPointOutOfService(
  db: Db,
  stationId: number,
  kind: 'pump' | 'bay',
  number: number,
  out: boolean,
) {
  return db.transaction(async (tx) => {
    const at = and(
      eq(stationPoints.stationId, stationId),
      eq(stationPoints.kind, kind),
      eq(stationPoints.number, number),
    );
    const [before] = await tx
      .select({ since: stationPoints.outOfServiceAt })
      .from(stationPoints)
      .where(at)
      .for('update');
    if (!before) return null;
    const [after] = await tx
      .update(stationPoints)
      .set({ outOfServiceAt: out ? sql`coalesce(${stationPoints.outOfServiceAt}, now())` : null })
      .where(at)
      .returning({ since: stationPoints.outOfServiceAt });
    return { before: before.since, after: after?.since ?? null };
  });
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
