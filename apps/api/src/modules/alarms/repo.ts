import {
  FINAL_CHARGE_STATES,
  FINAL_STATES,
  type AlarmKind,
  type AlarmSeverity,
  type AlarmSubject,
} from '@stod/domain';
import { and, desc, eq, gte, inArray, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  alarms,
  beverageMachines,
  chargerConnectors,
  chargers,
  charges,
  deviceStates,
  foodOrders,
  installations,
  payments,
  settings,
  stationTransactions,
  stations,
  userStations,
  users,
} from '../../db/schema/index.ts';

export type StationScope = 'all' | readonly number[];

/**
 * Keeps a device's reported state; `since` moves only when the state changes. Answers the
 * station and whether the state is new, or null for a site or machine no station has.
 */
export async function recordDeviceState(
  db: Db,
  device:
    | { kind: 'site' | 'pump' | 'bay'; site: string; point: string; state: string }
    | { kind: 'machine'; machineId: string; state: string },
  at: Date,
): Promise<{ stationId: number; changed: boolean } | null> {
  const [station] =
    device.kind === 'machine'
      ? await db
          .select({ id: beverageMachines.stationId })
          .from(beverageMachines)
          .where(sql`${beverageMachines.id}::text = ${device.machineId}`)
          .limit(1)
      : await db
          .select({ id: stations.id })
          .from(stations)
          .where(eq(stations.tokheimStationId, device.site))
          .limit(1);
  if (!station) return null;
  const point = device.kind === 'machine' ? device.machineId : device.point;
  // One statement: a row is written only when the state differs, and `since` moves with it.
  const written = await db
    .insert(deviceStates)
    .values({ stationId: station.id, kind: device.kind, point, state: device.state, since: at })
    .onConflictDoUpdate({
      target: [deviceStates.stationId, deviceStates.kind, deviceStates.point],
      set: { state: device.state, since: at },
      setWhere: sql`${deviceStates.state} is distinct from excluded.state`,
    })
    .returning({ stationId: deviceStates.stationId });
  return { stationId: station.id, changed: written.length > 0 };
}

/** Every station with its site id, for the sweep's look at which sites are connected. */
export function stationSites(db: Db) {
  return db.select({ id: stations.id, site: stations.tokheimStationId }).from(stations);
}

/** Device states that are alarms when they last (the sweep decides what lasts). */
export function troubledDevices(db: Db) {
  return db
    .select({
      stationId: deviceStates.stationId,
      kind: deviceStates.kind,
      point: deviceStates.point,
      state: deviceStates.state,
      since: deviceStates.since,
    })
    .from(deviceStates)
    .where(
      or(
        and(eq(deviceStates.kind, 'site'), eq(deviceStates.state, 'offline')),
        and(eq(deviceStates.kind, 'pump'), inArray(deviceStates.state, ['inactive', 'offline'])),
        and(eq(deviceStates.kind, 'bay'), inArray(deviceStates.state, ['fault', 'offline'])),
        and(eq(deviceStates.kind, 'machine'), eq(deviceStates.state, 'out of order')),
      ),
    );
}

/** Washes stopped by a fault or the customer, which wait for staff to resume them. */
export function stoppedWashes(db: Db) {
  return db
    .select({
      id: stationTransactions.id,
      stationId: stationTransactions.stationId,
      point: stationTransactions.point,
    })
    .from(stationTransactions)
    .where(
      and(eq(stationTransactions.service, 'carwash'), eq(stationTransactions.state, 'stopped')),
    );
}

/** Food orders placed before `before` that no kitchen has accepted. */
export function waitingOrders(db: Db, before: Date) {
  return db
    .select({ id: foodOrders.id, stationId: foodOrders.stationId, number: foodOrders.number })
    .from(foodOrders)
    .where(and(eq(foodOrders.state, 'placed'), lt(foodOrders.createdAt, before)));
}

/** Refuellings and washes still open that began before `before`. */
export function longStationTransactions(db: Db, before: Date) {
  return db
    .select({
      id: stationTransactions.id,
      stationId: stationTransactions.stationId,
      service: stationTransactions.service,
      point: stationTransactions.point,
    })
    .from(stationTransactions)
    .where(
      and(
        sql`${stationTransactions.state} not in ${[...FINAL_STATES]}`,
        lt(stationTransactions.createdAt, before),
      ),
    );
}

/** Charges still open that began before `before`. */
export function longCharges(db: Db, before: Date) {
  return db
    .select({ id: charges.id, charger: chargers.identity, connectorId: charges.connectorId })
    .from(charges)
    .innerJoin(chargers, eq(chargers.id, charges.chargerId))
    .where(
      and(sql`${charges.state} not in ${[...FINAL_CHARGE_STATES]}`, lt(charges.createdAt, before)),
    );
}

/** Holds placed before `before` and neither captured nor voided, with the station they are for. */
export function oldHolds(db: Db, before: Date) {
  return db
    .select({
      id: payments.id,
      userId: payments.userId,
      amount: payments.amountHeld,
      // Written out in full: in a query of one table, drizzle leaves the table off its columns.
      stationId: sql<number | null>`coalesce(
        (select st.station_id from station_transactions st where st.payment_id = "payments"."id" limit 1),
        (select fo.station_id from food_orders fo where fo.payment_id = "payments"."id" limit 1))`,
    })
    .from(payments)
    .where(and(eq(payments.status, 'authorised'), lt(payments.createdAt, before)));
}

/**
 * The network's own chargers (installations nobody owns: a customer's shared charger is its
 * owner's to look after) that have ever booted, with their connection and faulted connectors.
 */
export async function networkChargers(db: Db) {
  const rows = await db
    .select({
      id: chargers.id,
      identity: chargers.identity,
      connected: chargers.connected,
      lastSeenAt: chargers.lastSeenAt,
      connectedAt: chargers.connectedAt,
    })
    .from(chargers)
    .innerJoin(installations, eq(installations.id, chargers.installationId))
    .where(
      and(
        isNull(installations.ownerId),
        isNotNull(chargers.lastBootAt),
        isNull(chargers.decommissionedAt),
      ),
    );
  const faulted =
    rows.length === 0
      ? []
      : await db
          .select({
            chargerId: chargerConnectors.chargerId,
            connectorId: chargerConnectors.connectorId,
            errorCode: chargerConnectors.errorCode,
          })
          .from(chargerConnectors)
          .where(
            and(
              eq(chargerConnectors.status, 'Faulted'),
              inArray(
                chargerConnectors.chargerId,
                rows.map((r) => r.id),
              ),
            ),
          );
  return { chargers: rows, faulted };
}

export interface Condition {
  key: string;
  kind: AlarmKind;
  severity: AlarmSeverity;
  stationId: number | null;
  subject: AlarmSubject;
}

/** A number from the lock space of the alarm sweep: one sweep at a time across processes. */
const SWEEP_LOCK = 7_310_777;
/** The setting that keeps when the snapshot of the last applied sweep was taken. */
const SWEPT_AT = 'alarms.sweptAt';

/**
 * Makes the open alarms match the conditions: new ones are raised, ended ones cleared, in one
 * transaction under a lock, so two processes sweeping at once never clear what the other raised.
 * Answers the stations (null: the network's) whose alarms changed.
 */
export async function applyConditions(
  db: Db,
  conditions: readonly Condition[],
  at: Date,
): Promise<(number | null)[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SWEEP_LOCK})`);
    // Sweeps are applied in the order their snapshots were taken: one that began before the
    // last applied one saw older facts, and would clear what that one raised.
    const [last] = await tx
      .select({ value: settings.value })
      .from(settings)
      .where(eq(settings.key, SWEPT_AT));
    if (typeof last?.value === 'string' && new Date(last.value).getTime() > at.getTime()) return [];
    await tx
      .insert(settings)
      .values({ key: SWEPT_AT, value: at.toISOString() })
      .onConflictDoUpdate({ target: settings.key, set: { value: at.toISOString() } });
    const keys = conditions.map((c) => c.key);
    const raised =
      conditions.length === 0
        ? []
        : await tx
            .insert(alarms)
            .values(
              conditions.map((c) => ({
                key: c.key,
                kind: c.kind,
                severity: c.severity,
                stationId: c.stationId,
                subject: c.subject,
                raisedAt: at,
              })),
            )
            .onConflictDoNothing({ target: alarms.key, where: sql`${alarms.clearedAt} is null` })
            .returning({ stationId: alarms.stationId });
    const ended = await tx
      .update(alarms)
      .set({ clearedAt: at })
      .where(
        and(
          isNull(alarms.clearedAt),
          keys.length === 0 ? undefined : sql`${alarms.key} not in ${keys}`,
        ),
      )
      .returning({ stationId: alarms.stationId });
    return [...new Set([...raised, ...ended].map((r) => r.stationId))];
  });
}

const inScope = (scope: StationScope): SQL | undefined =>
  scope === 'all'
    ? undefined
    : scope.length === 0
      ? sql`false`
      : inArray(alarms.stationId, [...scope]);

const acknowledger = sql<
  string | null
>`(select ${users.name} from ${users} where ${users.id} = ${alarms.acknowledgedBy})`;

const alarmColumns = {
  id: alarms.id,
  kind: alarms.kind,
  severity: alarms.severity,
  stationId: alarms.stationId,
  stationName: stations.name,
  subject: alarms.subject,
  raisedAt: alarms.raisedAt,
  clearedAt: alarms.clearedAt,
  acknowledgedAt: alarms.acknowledgedAt,
  acknowledgedBy: alarms.acknowledgedBy,
  acknowledgedByName: acknowledger,
  escalatedAt: alarms.escalatedAt,
};
export type AlarmRow = Awaited<ReturnType<typeof findAlarm>> & object;

/** Open alarms (or those cleared since `clearedSince`), faults first, newest first. */
export function listAlarms(
  db: Db,
  scope: StationScope,
  filter: { open: boolean; clearedSince: Date; stationId?: number | undefined },
  take: number,
) {
  return db
    .select(alarmColumns)
    .from(alarms)
    .leftJoin(stations, eq(stations.id, alarms.stationId))
    .where(
      and(
        inScope(scope),
        filter.stationId === undefined ? undefined : eq(alarms.stationId, filter.stationId),
        filter.open ? isNull(alarms.clearedAt) : gte(alarms.clearedAt, filter.clearedSince),
      ),
    )
    .orderBy(
      ...(filter.open ? [sql`${alarms.severity} = 'warning'`] : []),
      desc(filter.open ? alarms.raisedAt : alarms.clearedAt),
    )
    .limit(take);
}

/** Open alarms by station and severity, for the stations list and the counts. */
export async function openCounts(db: Db, scope: StationScope) {
  return db
    .select({
      stationId: alarms.stationId,
      severity: alarms.severity,
      count: sql<number>`count(*)::int`,
    })
    .from(alarms)
    .where(and(isNull(alarms.clearedAt), inScope(scope)))
    .groupBy(alarms.stationId, alarms.severity);
}

export async function findAlarm(db: Db, id: string, scope: StationScope) {
  const [row] = await db
    .select(alarmColumns)
    .from(alarms)
    .leftJoin(stations, eq(stations.id, alarms.stationId))
    .where(and(eq(alarms.id, id), inScope(scope)))
    .limit(1);
  return row;
}

/** Marks an open alarm acknowledged once; answers whether this call did. */
export async function acknowledge(db: Db, id: string, userId: string, at: Date) {
  const rows = await db
    .update(alarms)
    .set({ acknowledgedAt: at, acknowledgedBy: userId })
    .where(and(eq(alarms.id, id), isNull(alarms.clearedAt), isNull(alarms.acknowledgedAt)))
    .returning({ id: alarms.id });
  return rows.length > 0;
}

/** Faults open since before `before` that nobody acknowledged and nobody was told of. */
export function lastingFaults(db: Db, before: Date) {
  return db
    .select({ ...alarmColumns })
    .from(alarms)
    .leftJoin(stations, eq(stations.id, alarms.stationId))
    .where(
      and(
        isNull(alarms.clearedAt),
        isNull(alarms.acknowledgedAt),
        isNull(alarms.escalatedAt),
        eq(alarms.severity, 'fault'),
        lt(alarms.raisedAt, before),
      ),
    )
    .orderBy(alarms.raisedAt)
    .limit(100);
}

/** Claims an alarm's escalation once across processes; answers whether this call did. */
export async function markEscalated(db: Db, id: string, at: Date) {
  const rows = await db
    .update(alarms)
    .set({ escalatedAt: at })
    .where(
      and(
        eq(alarms.id, id),
        isNull(alarms.escalatedAt),
        isNull(alarms.acknowledgedAt),
        isNull(alarms.clearedAt),
      ),
    )
    .returning({ id: alarms.id });
  return rows.length > 0;
}

/**
 * Who hears of a lasting fault: the station's managers, or the operators when it has none or
 * the alarm is the network's (a charger). Disabled accounts hear nothing.
 */
export async function alarmRecipients(db: Db, stationId: number | null) {
  const active = and(isNull(users.disabledAt), isNull(users.deletedAt));
  if (stationId !== null) {
    const managers = await db
      .select({ email: users.email, name: users.name, locale: users.locale })
      .from(users)
      .innerJoin(userStations, eq(userStations.userId, users.id))
      .where(and(active, eq(users.role, 'station'), eq(userStations.stationId, stationId)));
    if (managers.length > 0) return managers;
  }
  return db
    .select({ email: users.email, name: users.name, locale: users.locale })
    .from(users)
    .where(and(active, eq(users.role, 'operator')));
}
