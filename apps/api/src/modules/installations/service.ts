import {
  monthOf,
  type InstallationCharge,
  type InstallationUser,
  type ShareLimitsPatch,
  type ShareLimitsView,
  type UserInstallation,
} from '@stod/domain';
import type { ServiceContext } from '../../platform/context.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { forbidden } from '../../plugins/roles.ts';
import * as charging from '../charging/index.ts';
import * as repo from './repo.ts';

/**
 * The installations a user owns or that are shared with them (spec §1, §6). Only the owner may
 * open an installation to the public, share it and set or remove a share: a shared user asking
 * gets 403, anyone else 404, so another user's installation is never revealed.
 */

const iso = (value: Date | null) => value?.toISOString() ?? null;

/** The installation, if the user owns it: 403 for a shared user, 404 for anyone else. */
export async function ownedInstallation(ctx: ServiceContext, userId: string, id: string) {
  const installation = await repo.findInstallation(ctx.db, id);
  if (!installation) throw notFound();
  if (installation.ownerId === userId) return installation;
  if (await repo.shareOf(ctx.db, id, userId)) throw forbidden();
  throw notFound();
}

async function limitsView(ctx: ServiceContext, share: repo.ShareRow): Promise<ShareLimitsView> {
  const standing = await charging.shareStanding(ctx, share);
  return {
    endsAt: iso(share.endsAt),
    monthlyKwhCap: share.monthlyKwhCap,
    pricePerKwh: share.pricePerKwh,
    usedThisMonthWh: standing.used,
    refusal: standing.refusal,
  };
}

async function userInstallations(
  ctx: ServiceContext,
  userId: string,
  rows: charging.InstallationRow[],
): Promise<UserInstallation[]> {
  const views = await charging.installationViews(ctx, userId, rows);
  const owners = await repo.userNames(
    ctx.db,
    rows.flatMap((r) => (r.ownerId && r.ownerId !== userId ? [r.ownerId] : [])),
  );
  const counts = new Map(
    (
      await repo.countShares(
        ctx.db,
        rows.filter((r) => r.ownerId === userId).map((r) => r.id),
      )
    ).map((c) => [c.installationId, c.n]),
  );
  return Promise.all(
    views.map(async (view) => {
      const own = view.ownerId === userId;
      const share = own ? null : await repo.shareOf(ctx.db, view.id, userId);
      return {
        ...view,
        role: own ? ('own' as const) : ('shared' as const),
        shareId: share?.id ?? null,
        limits: share ? await limitsView(ctx, share) : null,
        ownerName: own || !view.ownerId ? null : (owners.get(view.ownerId) ?? null),
        usersCount: counts.get(view.id) ?? 0,
      };
    }),
  );
}

export async function listUserInstallations(ctx: ServiceContext, userId: string) {
  const rows = await repo.ownedOrShared(ctx.db, userId);
  return { items: await userInstallations(ctx, userId, rows) };
}

/** One installation the user owns or that is shared with them. */
export async function getUserInstallation(ctx: ServiceContext, userId: string, id: string) {
  const row = await repo.findInstallation(ctx.db, id);
  if (!row) throw notFound();
  if (row.ownerId !== userId && !(await repo.shareOf(ctx.db, id, userId))) throw notFound();
  const [view] = await userInstallations(ctx, userId, [row]);
  if (!view) throw notFound();
  return view;
}

export async function togglePublic(ctx: ServiceContext, userId: string, id: string) {
  await ownedInstallation(ctx, userId, id);
  const row = await repo.togglePublic(ctx.db, id, userId);
  if (!row) throw notFound();
  ctx.log.info(
    { installationId: id, public: row.public },
    'an installation was made public or private',
  );
  return getUserInstallation(ctx, userId, id);
}

// ---------------------------------------------------------------------------------------------
// Users with access.

async function userView(
  ctx: ServiceContext,
  entry: { share: repo.ShareRow; name: string; email: string },
): Promise<InstallationUser> {
  return {
    id: entry.share.id,
    installationId: entry.share.installationId,
    userId: entry.share.userId,
    name: entry.name,
    email: entry.email,
    limits: await limitsView(ctx, entry.share),
    createdAt: entry.share.createdAt.toISOString(),
  };
}

export async function listUsers(ctx: ServiceContext, userId: string, id: string) {
  await ownedInstallation(ctx, userId, id);
  const rows = await repo.sharesOf(ctx.db, id);
  return { items: await Promise.all(rows.map((row) => userView(ctx, row))) };
}

/** A share the user may change: the owner's. Its own user may only remove it (leave). */
async function shareFor(ctx: ServiceContext, userId: string, shareId: string, leaving = false) {
  const share = await repo.findShare(ctx.db, shareId);
  if (!share) throw notFound();
  if (leaving && share.userId === userId) return share;
  await ownedInstallation(ctx, userId, share.installationId);
  return share;
}

export async function patchShare(
  ctx: ServiceContext,
  userId: string,
  shareId: string,
  patch: ShareLimitsPatch,
) {
  const share = await shareFor(ctx, userId, shareId);
  const updated = await repo.patchShare(ctx.db, share.id, {
    ...(patch.endsAt !== undefined
      ? { endsAt: patch.endsAt === null ? null : new Date(patch.endsAt) }
      : {}),
    ...(patch.monthlyKwhCap !== undefined ? { monthlyKwhCap: patch.monthlyKwhCap } : {}),
    ...(patch.pricePerKwh !== undefined ? { pricePerKwh: patch.pricePerKwh } : {}),
  });
  if (!updated) throw notFound();
  const user = await repo.userById(ctx.db, updated.userId);
  return userView(ctx, { share: updated, name: user?.name ?? '', email: user?.email ?? '' });
}

/**
 * Removes a user's access: the owner, or the user leaving. A charge the user is running
 * finishes under the terms it opened with; nothing new starts.
 */
export async function removeShare(ctx: ServiceContext, userId: string, shareId: string) {
  const share = await shareFor(ctx, userId, shareId, true);
  await repo.deleteShare(ctx.db, share.id);
  ctx.log.info({ installationId: share.installationId, shareId }, 'a share was removed');
}

/** A share made from an accepted invitation: free and without limits until the owner sets some. */
export async function grantShare(
  ctx: ServiceContext,
  installationId: string,
  userId: string,
  invitationId: string,
) {
  await repo.insertShare(ctx.db, {
    installationId,
    userId,
    invitationId,
    endsAt: null,
    monthlyKwhCap: null,
    pricePerKwh: 0,
  });
}

// ---------------------------------------------------------------------------------------------
// Charges at an installation.

/**
 * The owner reads any user's charges there, and every user's when asking with their own id; a
 * shared (or public) user reads only their own.
 */
export async function listCharges(
  ctx: ServiceContext,
  userId: string,
  id: string,
  whose: string,
  offset: number,
  take: number,
) {
  const installation = await repo.findInstallation(ctx.db, id);
  if (!installation) throw notFound();
  const owner = installation.ownerId === userId;
  if (!owner) {
    const allowed =
      whose === userId && (installation.public || (await repo.shareOf(ctx.db, id, userId)));
    if (!allowed) throw notFound();
  }
  const page = await repo.chargesAt(
    ctx.db,
    id,
    owner && whose === userId ? null : whose,
    offset,
    take,
  );
  const items: InstallationCharge[] = page.items.map(({ charge, userName, identity, credit }) => ({
    id: charge.id,
    userId: charge.userId,
    userName,
    chargerIdentity: identity,
    connectorId: charge.connectorId,
    state: charge.state,
    startedAt: iso(charge.startedAt),
    stoppedAt: iso(charge.stoppedAt),
    createdAt: charge.createdAt.toISOString(),
    energyWh: Math.round(charge.energyWh),
    amount: charge.amount,
    ownerCredit: owner ? (credit ?? 0) : 0,
    finishedAt: iso(charge.finishedAt),
  }));
  return { items, total: page.total };
}

export const currentMonth = (ctx: ServiceContext) => monthOf(ctx.clock.now());

export const invalidMonth = () =>
  new AppError(400, 'VALIDATION', 'validation.form', { month: 'validation.invalid' });
