import {
  isStationBound,
  type PointServiceState,
  type StationPointKind,
  type StationSettings,
} from '@stod/domain';
import type { ServiceContext } from '../../platform/context.ts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { setMachineOutOfService } from '../beverages/index.ts';
import { hashPassword } from '../../lib/secrets.ts';
import * as repo from './repo.ts';
import type { StaffRole } from './repo.ts';

export type { StationScope } from './repo.ts';

export interface StaffAccount {
  email: string;
  /** Needed for a new account; for an existing one, it replaces the password when given. */
  password?: string | undefined;
  name: string;
  role: StaffRole;
  /** The stations of a station-bound role; an operator has none. */
  stationIds?: readonly number[];
}

/**
 * Creates a staff account, or gives an existing account the role, so that a customer can be
 * made staff without a second address. Answers 'password-required' for a new account without one.
 */
export async function saveStaff(
  db: Db,
  account: StaffAccount,
): Promise<'created' | 'updated' | 'password-required'> {
  const passwordHash =
    account.password === undefined ? undefined : await hashPassword(account.password);
  const stationIds = account.role === 'operator' ? [] : (account.stationIds ?? []);
  return db.transaction(async (tx) => {
    const existing = await repo.findUserIdByEmail(tx, account.email);
    if (existing) {
      await repo.setRole(tx, existing, account.role, passwordHash);
      await repo.replaceStations(tx, existing, stationIds);
      return 'updated';
    }
    if (!passwordHash) return 'password-required';
    const id = await repo.insertStaffUser(tx, {
      email: account.email,
      passwordHash,
      name: account.name,
      role: account.role,
    });
    // A concurrent insert of the same address won the race; the account exists either way.
    if (!id) return 'updated';
    await repo.replaceStations(tx, id, stationIds);
    return 'created';
  });
}

/** Whether an account with this address exists, so that a seed can leave it as it is. */
export async function staffExists(db: Db, email: string) {
  return (await repo.findUserIdByEmail(db, email)) !== undefined;
}

/** Operators see every station; station-bound roles only their own. */
export async function stationScopeOf(
  db: Db,
  auth: { userId: string; role: StaffRole | null },
): Promise<repo.StationScope> {
  if (auth.role === 'operator') return 'all';
  if (auth.role === null) return [];
  return repo.boundStationIds(db, auth.userId);
}

export function listStations(db: Db, scope: repo.StationScope, offset: number, take: number) {
  return repo.listStations(db, scope, offset, take);
}

/** A station outside the caller's scope answers 404, as a missing one does. */
export async function getStation(db: Db, id: number, scope: repo.StationScope) {
  const station = await repo.findStation(db, id, scope);
  if (!station) throw notFound();
  return station;
}

/**
 * Who is signed in to the console, with their role and the stations it covers (an operator:
 * every station, `stationIds` null), so the console shows only what the role allows.
 */
export async function staffMember(db: Db, auth: { userId: string; role: StaffRole | null }) {
  const row = await repo.findStaffMember(db, auth.userId);
  if (!row?.role) throw notFound();
  const scope = await stationScopeOf(db, auth);
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    stationIds: scope === 'all' || !isStationBound(row.role) ? null : [...scope],
  };
}

/**
 * Changes a station's opening hours or services, for an operator or the station's own manager;
 * another station answers 404. Every process drops the station lists it keeps.
 */
export async function updateStation(
  ctx: ServiceContext,
  id: number,
  scope: repo.StationScope,
  settings: StationSettings,
) {
  await getStation(ctx.db, id, scope);
  const closed = [
    ...(settings.closedPumps ? [{ kind: 'pump' as const, numbers: settings.closedPumps }] : []),
    ...(settings.closedBays ? [{ kind: 'bay' as const, numbers: settings.closedBays }] : []),
  ];
  const values = {
    ...(settings.openingHours ? { openingHours: settings.openingHours } : {}),
    ...(settings.services ? { services: settings.services } : {}),
    ...(settings.kitchenPaused === undefined ? {} : { kitchenPaused: settings.kitchenPaused }),
    ...(settings.kitchenAutoAccept === undefined
      ? {}
      : { kitchenAutoAccept: settings.kitchenAutoAccept }),
    ...(settings.kitchenPrepMinutes === undefined
      ? {}
      : { kitchenPrepMinutes: settings.kitchenPrepMinutes }),
    closed,
  };
  if (!(await repo.updateStation(ctx.db, id, values))) throw notFound();
  await ctx.bus.publish('stations.changed', { stationId: id });
  return getStation(ctx.db, id, scope);
}

const POINT_NUMBER = /^[1-9]\d?$/;
const MACHINE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Takes one pump, bay or coffee machine out of service or back, for an operator or the
 * station's own manager; the station's other points stay as they are. Answers the point as it
 * was and as it is, for the audit log. A point the station does not have answers 404.
 */
export async function setPointService(
  ctx: ServiceContext,
  stationId: number,
  scope: repo.StationScope,
  kind: StationPointKind,
  point: string,
  out: boolean,
): Promise<{ before: PointServiceState; after: PointServiceState }> {
  await getStation(ctx.db, stationId, scope);
  const valid = kind === 'machine' ? MACHINE_ID.test(point) : POINT_NUMBER.test(point);
  if (!valid) throw notFound();
  const change =
    kind === 'machine'
      ? await setMachineOutOfService(ctx.db, stationId, point, out)
      : await repo.setPointOutOfService(ctx.db, stationId, kind, Number(point), out);
  if (!change) throw notFound();
  await ctx.bus.publish('stations.changed', { stationId });
  const state = (since: Date | null): PointServiceState => ({
    kind,
    point,
    outOfService: since !== null,
    since: since?.toISOString() ?? null,
  });
  return { before: state(change.before), after: state(change.after) };
}
