import type { ServiceContext } from '../../platform/context.ts';
import { AppError } from '../../lib/errors.ts';
import {
  dummyPasswordHash,
  hashPassword,
  newToken,
  sha256,
  verifyPassword,
} from '../../lib/secrets.ts';
import * as users from '../users/index.ts';
import { inBackground } from './background.ts';
import { emailTexts } from './emails.ts';
import * as repo from './repo.ts';
import { forgetSession } from '../notifications/index.ts';

const RESET_LINK_TTL_MS = 60 * 60 * 1000;
const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
const RESET_WINDOW_SECONDS = 3600;
const RESET_MAX_PER_ADDRESS = 5;
const RESET_MAX_PER_IP = 20;
const DAY_MS = 24 * 60 * 60 * 1000;
/** How stale lastUsedAt may get before a request writes it again; small against the idle days. */
export const TOUCH_EVERY_MINUTES = 5;

export async function createSession(ctx: ServiceContext, userId: string, userAgent: string | null) {
  const token = newToken();
  await repo.insertSession(ctx.db, userId, sha256(token), userAgent);
  return token;
}

export function rateLimited(retryAfterSeconds: number) {
  return new AppError(429, 'RATE_LIMITED', 'error.rateLimited', undefined, {
    'retry-after': String(retryAfterSeconds),
  });
}

/** Sign-in, password change and account deletion share one count of password tries. */
const passwordTriesKey = (email: string) => `signin:account:${email}`;

/**
 * Counts a password try before the slow check, in one atomic step, so tries sent in
 * parallel cannot all pass a limit that is only read; the count restarts after a right one.
 */
async function countPasswordTry(ctx: ServiceContext, email: string) {
  const { counter, config } = ctx;
  const hit = await counter.hit(
    passwordTriesKey(email),
    config.SIGNIN_MAX_PER_ACCOUNT,
    config.SIGNIN_WINDOW_SECONDS,
  );
  if (!hit.allowed) throw rateLimited(hit.retryAfterSeconds);
}

/**
 * Checks the password and opens a session. Every attempt counts against the caller's
 * address and against the account.
 */
export async function signIn(
  ctx: ServiceContext,
  input: { email: string; password: string },
  meta: { ip: string; userAgent: string | null },
) {
  const { counter, config } = ctx;
  const ipHit = await counter.hit(
    `signin:ip:${meta.ip}`,
    config.SIGNIN_MAX_PER_IP,
    config.SIGNIN_WINDOW_SECONDS,
  );
  if (!ipHit.allowed) throw rateLimited(ipHit.retryAfterSeconds);
  await countPasswordTry(ctx, input.email);

  const user = await users.findUserByEmail(ctx.db, input.email);
  const ok = await verifyPassword(
    user?.passwordHash ?? (await dummyPasswordHash()),
    input.password,
  );
  if (!user || !ok) throw new AppError(401, 'INVALID_CREDENTIALS', 'error.invalidCredentials');
  await counter.reset(passwordTriesKey(input.email));
  // Said only to the one who knows the password: to anyone else the account answers as any.
  if (user.disabledAt) throw new AppError(403, 'ACCOUNT_DISABLED', 'error.accountDisabled');
  return createSession(ctx, user.id, meta.userAgent);
}

/**
 * Asks a signed-in user for their password again, limited as sign-in is, so that a stolen
 * token is no unlimited way to guess it. A wrong one is a 422 on `field`.
 */
export async function confirmPassword(
  ctx: ServiceContext,
  user: { email: string; passwordHash: string | null },
  password: string,
  field: string,
) {
  await countPasswordTry(ctx, user.email);
  if (!(await verifyPassword(user.passwordHash, password))) {
    throw new AppError(422, 'WRONG_PASSWORD', 'error.wrongPassword', {
      [field]: 'error.wrongPassword',
    });
  }
  await ctx.counter.reset(passwordTriesKey(user.email));
}

/**
 * Resolves a bearer token to its live session, or null. A session ends when it has not been
 * used for SESSION_IDLE_DAYS, or SESSION_MAX_DAYS after sign-in however often it is used.
 */
export async function authenticate(ctx: ServiceContext, token: string) {
  if (token.length < 20 || token.length > 200) return null;
  const tokenHash = sha256(token);
  let session = ctx.sessions.get(tokenHash);
  if (!session) {
    const readSince = ctx.sessions.mark();
    const row = await repo.findActiveSession(ctx.db, tokenHash);
    if (!row) return null;
    session = {
      userId: row.userId,
      sessionId: row.sessionId,
      role: row.role,
      createdAt: row.createdAt.getTime(),
      lastUsedAt: row.lastUsedAt.getTime(),
    };
    ctx.sessions.set(tokenHash, session, readSince);
  }
  const now = Date.now();
  const idleMs = now - session.lastUsedAt;
  if (idleMs > ctx.config.SESSION_IDLE_DAYS * DAY_MS) return null;
  if (now - session.createdAt > ctx.config.SESSION_MAX_DAYS * DAY_MS) return null;
  if (idleMs > TOUCH_EVERY_MINUTES * 60_000) {
    await repo.touchSession(ctx.db, session.sessionId, TOUCH_EVERY_MINUTES);
    session.lastUsedAt = now;
  }
  return { userId: session.userId, sessionId: session.sessionId, role: session.role };
}

export async function signOut(ctx: ServiceContext, auth: { userId: string; sessionId: string }) {
  await repo.revokeSession(ctx.db, auth.sessionId);
  ctx.sessions.forget(auth);
  await forgetSession(ctx.db, auth.sessionId);
  await ctx.bus.publish('session.revoked', { userId: auth.userId, sessionId: auth.sessionId });
}

/** Tells every process that a user's sessions ended, so their open sockets close at once. */
export async function announceRevoked(ctx: ServiceContext, userId: string, keep?: string) {
  ctx.sessions.forget({ userId, keep: keep ?? null });
  await ctx.bus.publish('session.revoked', { userId, sessionId: null, keep: keep ?? null });
}

/**
 * Limits the requests per address and per caller, then answers at once: the lookup and the
 * mail happen after the answer, so a registered address takes no longer than an unknown one
 * and a slow or failing mailer shows nothing.
 */
export async function requestPasswordReset(ctx: ServiceContext, email: string, ip: string) {
  const ipHit = await ctx.counter.hit(`reset:ip:${ip}`, RESET_MAX_PER_IP, RESET_WINDOW_SECONDS);
  if (!ipHit.allowed) throw rateLimited(ipHit.retryAfterSeconds);
  const hit = await ctx.counter.hit(
    `reset:address:${email}`,
    RESET_MAX_PER_ADDRESS,
    RESET_WINDOW_SECONDS,
  );
  if (!hit.allowed) throw rateLimited(hit.retryAfterSeconds);
  inBackground(ctx, 'password reset mail', () => mailResetLink(ctx, email));
}

async function mailResetLink(ctx: ServiceContext, email: string) {
  const user = await users.findUserByEmail(ctx.db, email);
  if (!user || user.disabledAt) return;
  const link = await passwordLink(ctx, user.id, RESET_LINK_TTL_MS);
  await ctx.mailer.send({ to: user.email, ...emailTexts.passwordReset(user.locale, link) });
}

/** A one-time link to the page that sets a password, good for `ttlMs`. */
async function passwordLink(ctx: ServiceContext, userId: string, ttlMs: number) {
  const token = newToken();
  await users.insertCode(ctx.db, {
    userId,
    purpose: 'password_reset',
    codeHash: sha256(token),
    expiresAt: new Date(Date.now() + ttlMs),
  });
  return `${ctx.config.publicUrl}/reset-password?token=${token}`;
}

/**
 * Mails a new staff member a link to choose their password: the page and the one-time code a
 * password reset uses, good for a week, and the console's address to sign in at after.
 */
export async function mailStaffInvitation(
  ctx: ServiceContext,
  user: { id: string; email: string; name: string; locale: 'fo' | 'en' },
) {
  const link = await passwordLink(ctx, user.id, INVITATION_TTL_MS);
  await ctx.mailer.send({
    to: user.email,
    ...emailTexts.staffInvitation(user.locale, {
      name: user.name,
      link,
      console: `${ctx.config.publicUrl}/console/`,
    }),
  });
}

export async function resetPassword(
  ctx: ServiceContext,
  input: { token: string; password: string },
) {
  const passwordHash = await hashPassword(input.password);
  const userId = await ctx.db.transaction(async (tx) => {
    const code = await users.consumeCodeByHash(tx, 'password_reset', sha256(input.token));
    if (!code) throw new AppError(422, 'INVALID_RESET_LINK', 'error.invalidResetLink');
    await users.updateUser(tx, code.userId, { passwordHash });
    await repo.revokeUserSessions(tx, code.userId);
    return code.userId;
  });
  await announceRevoked(ctx, userId);
}
