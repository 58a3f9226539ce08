import { isStationBound, type StaffAccount, type StaffPatch } from '@stod/domain';
import { AppError, notFound } from '../../lib/errors.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { announceRevoked, mailStaffInvitation, revokeUserSessions } from '../auth/index.ts';
import { insertStaffUser, replaceStations } from './repo.ts';
import type { StaffRole } from './repo.ts';
import * as repo from './staff-repo.ts';

const stationsInvalid = (key: 'validation.staffStations' | 'validation.invalid') =>
  new AppError(400, 'VALIDATION', 'validation.form', { stationIds: key });

const iso = (value: Date | string | null) =>
  value === null ? null : new Date(value).toISOString();

type AccountRow = NonNullable<Awaited<ReturnType<typeof repo.findStaffAccount>>>;

function accountOf(row: AccountRow): StaffAccount {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role as StaffRole,
    stationIds: row.stationIds.map(Number),
    disabledAt: iso(row.disabledAt),
    passwordSet: row.passwordSet,
    lastActiveAt: iso(row.lastActiveAt),
    createdAt: iso(row.createdAt) ?? '',
  };
}

export async function listStaff(
  ctx: ServiceContext,
  filter: repo.StaffFilter,
  offset: number,
  take: number,
) {
  const page = await repo.listStaff(ctx.db, filter, offset, take);
  return { total: page.total, items: page.items.map(accountOf) };
}

export async function staffAccount(ctx: ServiceContext, id: string) {
  const row = await repo.findStaffAccount(ctx.db, id);
  if (!row) throw notFound();
  return accountOf(row);
}

/** Every station given must exist: an unknown one is named on the field, not a 500. */
async function checkStations(ctx: ServiceContext, ids: readonly number[]) {
  const found = await repo.existingStationIds(ctx.db, ids);
  if (found.length !== new Set(ids).size) throw stationsInvalid('validation.invalid');
}

async function invite(ctx: ServiceContext, account: StaffAccount, locale: 'fo' | 'en') {
  try {
    await mailStaffInvitation(ctx, { ...account, locale });
  } catch (error) {
    // The account stands; the operator sends the invitation again from its row.
    ctx.log.error({ err: error, staffId: account.id }, 'staff invitation mail failed');
  }
}

/**
 * A new staff account with no password: the new member is mailed a link to choose one. An
 * address that has an account already, customer or staff, is refused.
 */
export async function createStaff(
  ctx: ServiceContext,
  input: {
    email: string;
    name: string;
    role: StaffRole;
    stationIds: number[];
    locale: 'fo' | 'en';
  },
) {
  const bound = isStationBound(input.role);
  if (!bound && input.stationIds.length > 0) throw stationsInvalid('validation.invalid');
  await checkStations(ctx, input.stationIds);
  const taken = () =>
    new AppError(409, 'EMAIL_TAKEN', 'error.emailTaken', { email: 'error.emailTaken' });
  if (await repo.accountWithEmail(ctx.db, input.email)) throw taken();
  const id = await ctx.db.transaction(async (tx) => {
    const inserted = await insertStaffUser(tx, {
      email: input.email,
      passwordHash: null,
      name: input.name,
      role: input.role,
      locale: input.locale,
    });
    if (!inserted) return undefined;
    await replaceStations(tx, inserted, input.stationIds);
    return inserted;
  });
  if (!id) throw taken();
  const account = await staffAccount(ctx, id);
  await invite(ctx, account, input.locale);
  return account;
}

/** Sends a new invitation to an account whose member has not yet chosen a password. */
export async function reinvite(ctx: ServiceContext, id: string) {
  const row = await repo.findStaffAccount(ctx.db, id);
  if (!row) throw notFound();
  if (row.passwordSet || row.disabledAt) throw new AppError(409, 'CONFLICT', 'error.conflict');
  await mailStaffInvitation(ctx, row);
  return accountOf(row);
}

/**
 * Changes a staff member's role, stations or access. Disabling ends every session of theirs at
 * once, on every process; a new role or new stations are heard by every process's session cache
 * and close their sockets, which join the new role's rooms on reconnecting. An operator cannot
 * disable themselves or give up their own role, so the network never loses its last operator
 * by a slip.
 */
export async function patchStaff(
  ctx: ServiceContext,
  callerId: string,
  id: string,
  patch: StaffPatch,
) {
  const before = await staffAccount(ctx, id);
  const role = patch.role ?? before.role;
  if (id === callerId && (patch.disabled === true || role !== before.role))
    throw new AppError(409, 'STAFF_SELF', 'error.staffSelf');
  const bound = isStationBound(role);
  let stationIds = patch.stationIds ?? (bound ? before.stationIds : []);
  if (!bound && patch.stationIds && patch.stationIds.length > 0)
    throw stationsInvalid('validation.invalid');
  if (bound && stationIds.length === 0) throw stationsInvalid('validation.staffStations');
  stationIds = [...new Set(stationIds)].sort((a, b) => a - b);
  await checkStations(ctx, stationIds);

  const roleChanged = role !== before.role || stationIds.join(',') !== before.stationIds.join(',');
  await ctx.db.transaction(async (tx) => {
    await repo.updateStaff(tx, id, {
      ...(roleChanged ? { role } : {}),
      ...(patch.disabled === undefined ? {} : { disabled: patch.disabled }),
    });
    if (roleChanged) await replaceStations(tx, id, stationIds);
    if (patch.disabled === true) await revokeUserSessions(tx, id);
  });
  if (patch.disabled === true) await announceRevoked(ctx, id);
  if (roleChanged) await ctx.bus.publish('user.roleChanged', { userId: id });
  return staffAccount(ctx, id);
}
