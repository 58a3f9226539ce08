import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  PENDING_INVITATIONS_MAX,
  isLocale,
  translateServer,
  type Invitation,
  type InvitationCreate,
  type Locale,
} from '@stod/domain';
import type { ServiceContext } from '../../platform/context.ts';
import { AppError, isUniqueViolation, notFound } from '../../lib/errors.ts';
import { announce } from '../notifications/index.ts';
import * as repo from './repo.ts';
import { grantShare, ownedInstallation } from './service.ts';

/**
 * Invitations by e-mail. The invited address sees the invitation once signed in with it. The
 * e-mail's link carries a token: an account whose address is not verified must present it to
 * accept (it proves the mailbox), and doing so verifies the address. An address without an
 * account registers through the same link and then accepts.
 */

const hashOf = (token: string) => createHash('sha256').update(token).digest('base64url');

function tokenMatches(token: string | undefined, hash: string) {
  if (!token) return false;
  const given = Buffer.from(hashOf(token));
  const kept = Buffer.from(hash);
  return given.length === kept.length && timingSafeEqual(given, kept);
}

export function invitationLink(ctx: ServiceContext, id: string, token: string) {
  const query = new URLSearchParams({ invitation: id, token });
  return `${ctx.config.publicUrl}/profile/installations?${query.toString()}`;
}

export async function invite(
  ctx: ServiceContext,
  userId: string,
  input: InvitationCreate,
  locale: Locale,
) {
  const installation = await ownedInstallation(ctx, userId, input.installationId);
  const owner = await repo.userById(ctx.db, userId);
  if (!owner) throw notFound();
  const email = input.email.toLowerCase();
  if (owner.email.toLowerCase() === email)
    throw new AppError(422, 'INVITE_SELF', 'error.inviteSelf', { email: 'error.inviteSelf' });
  const invitee = await repo.userByEmail(ctx.db, email);
  if (invitee && (await repo.shareOf(ctx.db, installation.id, invitee.id)))
    throw new AppError(409, 'ALREADY_SHARED', 'error.alreadyShared', {
      email: 'error.alreadyShared',
    });
  if ((await repo.pendingCount(ctx.db, installation.id)) >= PENDING_INVITATIONS_MAX)
    throw new AppError(422, 'INVITATIONS_MAX', 'error.invitationsMax');
  const token = randomBytes(24).toString('base64url');
  let row: repo.InvitationRow | null;
  try {
    row = await repo.insertInvitation(ctx.db, {
      installationId: installation.id,
      email,
      invitedBy: userId,
      tokenHash: hashOf(token),
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    throw new AppError(409, 'INVITATION_EXISTS', 'error.invitationExists', {
      email: 'error.invitationExists',
    });
  }
  if (!row) throw notFound();
  const mailLocale = invitee ? await localeOf(ctx, invitee.id, locale) : locale;
  const vars = {
    owner: owner.name,
    installation: installation.name,
    link: invitationLink(ctx, row.id, token),
  };
  // The invitation stands even if the mail is slow or fails: the invitee sees it once signed in.
  try {
    await ctx.mailer.send({
      to: email,
      subject: translateServer('mail.invitation.subject', mailLocale, vars),
      text: translateServer('mail.invitation.text', mailLocale, vars),
    });
  } catch (error) {
    ctx.log.warn({ err: error, invitationId: row.id }, 'the invitation e-mail was not sent');
  }
  if (invitee)
    await announce.invitation(ctx, {
      id: row.id,
      userId: invitee.id,
      owner: owner.name,
      installation: installation.name,
    });
  return view(row, installation.name, userId, owner.name);
}

async function localeOf(ctx: ServiceContext, userId: string, fallback: Locale) {
  const locale = await repo.localeOf(ctx.db, userId);
  return isLocale(locale) ? locale : fallback;
}

function view(
  row: repo.InvitationRow,
  installationName: string,
  userId: string,
  invitedBy: string,
): Invitation {
  return {
    id: row.id,
    installationId: row.installationId,
    installationName,
    email: row.email,
    state: row.state,
    direction: row.invitedBy === userId ? 'sent' : 'received',
    invitedBy,
    createdAt: row.createdAt.toISOString(),
    respondedAt: row.respondedAt?.toISOString() ?? null,
  };
}

export async function listInvitations(ctx: ServiceContext, userId: string) {
  const user = await repo.userById(ctx.db, userId);
  if (!user) throw notFound();
  const rows = await repo.invitationsOf(ctx.db, userId, user.email);
  const names = await repo.userNames(ctx.db, [...new Set(rows.map((r) => r.invitation.invitedBy))]);
  return {
    items: rows.map((r) =>
      view(r.invitation, r.installationName, userId, names.get(r.invitation.invitedBy) ?? ''),
    ),
  };
}

/** An invitation addressed to this user: 404 for anyone else. */
async function received(ctx: ServiceContext, userId: string, id: string) {
  const user = await repo.userById(ctx.db, userId);
  const row = await repo.findInvitation(ctx.db, id);
  if (!user || !row || row.email !== user.email.toLowerCase()) throw notFound();
  return { user, row };
}

const notPending = () => new AppError(409, 'ILLEGAL_STATE', 'error.conflict');

export async function accept(ctx: ServiceContext, userId: string, id: string, token?: string) {
  const { user, row } = await received(ctx, userId, id);
  if (row.state === 'accepted') return settled(ctx, userId, row);
  if (row.state !== 'pending') throw notPending();
  const proven = tokenMatches(token, row.tokenHash);
  if (!user.verified && !proven)
    throw new AppError(403, 'INVITATION_TOKEN', 'error.invitationToken');
  const installation = await repo.findInstallation(ctx.db, row.installationId);
  if (!installation) throw notFound();
  if (installation.ownerId === userId) throw notPending();
  await ctx.db.transaction(async (tx) => {
    const answered = await repo.answerInvitation(tx, row.id, 'accepted', ctx.clock.now());
    if (!answered) throw notPending();
    await grantShare({ ...ctx, db: tx }, row.installationId, userId, row.id);
    if (proven && !user.verified) await repo.markEmailVerified(tx, userId);
  });
  ctx.log.info(
    { invitationId: id, installationId: row.installationId },
    'an invitation was accepted',
  );
  return settled(ctx, userId, (await repo.findInvitation(ctx.db, id)) ?? row);
}

export async function decline(ctx: ServiceContext, userId: string, id: string) {
  const { row } = await received(ctx, userId, id);
  if (row.state === 'declined') return settled(ctx, userId, row);
  const answered = await repo.answerInvitation(ctx.db, row.id, 'declined', ctx.clock.now());
  if (!answered) throw notPending();
  return settled(ctx, userId, answered);
}

/** The owner withdraws a pending invitation. */
export async function withdraw(ctx: ServiceContext, userId: string, id: string) {
  const row = await repo.findInvitation(ctx.db, id);
  if (!row) throw notFound();
  await ownedInstallation(ctx, userId, row.installationId);
  if (row.state === 'withdrawn') return;
  const answered = await repo.answerInvitation(ctx.db, row.id, 'withdrawn', ctx.clock.now());
  if (!answered) throw notPending();
}

async function settled(ctx: ServiceContext, userId: string, row: repo.InvitationRow) {
  const installation = await repo.findInstallation(ctx.db, row.installationId);
  const names = await repo.userNames(ctx.db, [row.invitedBy]);
  return view(row, installation?.name ?? '', userId, names.get(row.invitedBy) ?? '');
}
