import {
  EMAIL_CODE_LENGTH,
  type CurrentUser,
  type Locale,
  type ProfileUpdateInput,
} from '@stod/domain';
import type { ServiceContext } from '../../platform/context.ts';
import { AppError, isUniqueViolation, unauthorized } from '../../lib/errors.ts';
import { hashPassword, newNumericCode, safeEqual, sha256 } from '../../lib/secrets.ts';
import {
  announceRevoked,
  confirmPassword,
  createSession,
  rateLimited,
  revokeUserSessions,
} from '../auth/index.ts';
import { usable as usableSubscriptions, userWithUsable } from '../subscriptions/index.ts';
import { forgetUser } from '../notifications/index.ts';
import * as repo from '../users/index.ts';
import { emailTexts } from './emails.ts';

const EMAIL_CODE_TTL_MS = 15 * 60 * 1000;
/** Wrong codes an account may enter in a day, over all its codes: the change then ends. */
const EMAIL_CODE_MAX_ATTEMPTS = 5;
const EMAIL_CODE_TRIES_WINDOW_SECONDS = 24 * 3600;
const EMAIL_CODE_REQUESTS_PER_ACCOUNT = 5;
const EMAIL_CODE_REQUESTS_PER_ADDRESS = 5;
const EMAIL_CODE_REQUESTS_WINDOW_SECONDS = 3600;
const codeTriesKey = (userId: string) => `emailcode:tries:${userId}`;

const emailTaken = () =>
  new AppError(409, 'EMAIL_TAKEN', 'error.emailTaken', { email: 'error.emailTaken' });

/** The user as GET /user/v2 answers it, with the subscriptions they can use. */
export async function currentUser(
  ctx: ServiceContext,
  row: repo.UserRow,
  locale: Locale,
): Promise<CurrentUser> {
  return {
    ...toCurrentUser(row),
    userSubscriptions: await usableSubscriptions(ctx, row.id, locale),
  };
}

/** GET /api/user/v2: the user and their subscriptions (in the request's language), one query. */
export async function currentUserById(
  ctx: ServiceContext,
  userId: string,
  locale: Locale,
): Promise<CurrentUser> {
  const found = await userWithUsable(ctx, userId, locale);
  if (!found) throw unauthorized();
  return { ...toCurrentUser(found.user), userSubscriptions: found.subscriptions };
}

function toCurrentUser(row: repo.UserRow): CurrentUser {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    address: row.address,
    postCode: row.postCode,
    city: row.city,
    mobile: row.mobile,
    accountType: row.accountType,
    pNumber: row.accountType === 'business' ? row.pNumber : null,
    vNumber: row.accountType === 'business' ? row.vNumber : null,
    locale: row.locale,
    emailVerified: row.emailVerified,
    createdAt: row.createdAt.toISOString(),
    userSubscriptions: [],
  };
}

export async function getUser(ctx: ServiceContext, userId: string) {
  const row = await repo.findUserById(ctx.db, userId);
  if (!row) throw unauthorized();
  return row;
}

export async function register(
  ctx: ServiceContext,
  input: ProfileUpdateInput & { email: string; password: string },
  meta: { userAgent: string | null; locale: Locale },
) {
  if (await repo.findUserByEmail(ctx.db, input.email)) throw emailTaken();
  const passwordHash = await hashPassword(input.password);
  try {
    const user = await repo.insertUser(ctx.db, {
      name: input.name,
      address: input.address,
      postCode: input.postCode,
      city: input.city,
      mobile: input.mobile,
      email: input.email,
      passwordHash,
      locale: meta.locale,
    });
    return await createSession(ctx, user.id, meta.userAgent);
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}

export async function updateProfile(
  ctx: ServiceContext,
  userId: string,
  input: ProfileUpdateInput,
) {
  const row = await repo.updateUser(ctx.db, userId, input);
  if (!row) throw unauthorized();
  return row;
}

export async function setLocale(ctx: ServiceContext, userId: string, locale: Locale) {
  await repo.updateUser(ctx.db, userId, { locale });
}

export async function changePassword(
  ctx: ServiceContext,
  auth: { userId: string; sessionId: string },
  input: { oldPassword: string; password: string },
) {
  const user = await getUser(ctx, auth.userId);
  await confirmPassword(ctx, user, input.oldPassword, 'oldPassword');
  const passwordHash = await hashPassword(input.password);
  await ctx.db.transaction(async (tx) => {
    await repo.updateUser(tx, auth.userId, { passwordHash });
    await revokeUserSessions(tx, auth.userId, auth.sessionId);
  });
  await announceRevoked(ctx, auth.userId, auth.sessionId);
}

/**
 * Mails a code to the new address. Requests are limited per account and per address, so
 * neither can be flooded with mail nor used to draw fresh codes without end.
 */
export async function requestEmailChange(ctx: ServiceContext, userId: string, email: string) {
  const { counter } = ctx;
  const tries = await counter.peek(codeTriesKey(userId));
  if (tries >= EMAIL_CODE_MAX_ATTEMPTS) throw rateLimited(EMAIL_CODE_TRIES_WINDOW_SECONDS);
  for (const [key, limit] of [
    [`emailcode:account:${userId}`, EMAIL_CODE_REQUESTS_PER_ACCOUNT],
    [`emailcode:address:${email}`, EMAIL_CODE_REQUESTS_PER_ADDRESS],
  ] as const) {
    const hit = await counter.hit(key, limit, EMAIL_CODE_REQUESTS_WINDOW_SECONDS);
    if (!hit.allowed) throw rateLimited(hit.retryAfterSeconds);
  }
  const user = await getUser(ctx, userId);
  const owner = await repo.findUserByEmail(ctx.db, email);
  if (owner && owner.id !== userId) throw emailTaken();
  const code = newNumericCode(EMAIL_CODE_LENGTH);
  await repo.insertCode(ctx.db, {
    userId,
    purpose: 'email_change',
    codeHash: sha256(code),
    targetEmail: email,
    expiresAt: new Date(Date.now() + EMAIL_CODE_TTL_MS),
  });
  await ctx.mailer.send({ to: email, ...emailTexts.emailChangeCode(user.locale, code) });
}

export async function confirmEmailChange(
  ctx: ServiceContext,
  userId: string,
  input: { email: string; token: string },
) {
  const invalid = new AppError(422, 'INVALID_CODE', 'error.invalidCode', {
    token: 'error.invalidCode',
  });
  // Every try is counted before the code is compared, in one atomic step, and the count
  // spans every code of the day: asking for a new code gives no fresh tries.
  const tries = await ctx.counter.hit(
    codeTriesKey(userId),
    EMAIL_CODE_MAX_ATTEMPTS,
    EMAIL_CODE_TRIES_WINDOW_SECONDS,
  );
  if (!tries.allowed) {
    await repo.retireCodes(ctx.db, userId, 'email_change');
    throw rateLimited(tries.retryAfterSeconds);
  }
  const code = await repo.claimCodeTry(ctx.db, userId, 'email_change', EMAIL_CODE_MAX_ATTEMPTS);
  if (
    code?.targetEmail !== input.email ||
    !safeEqual(code.codeHash, sha256(input.token.toUpperCase()))
  ) {
    // The last allowed try was wrong: the change ends here.
    if (tries.count >= EMAIL_CODE_MAX_ATTEMPTS)
      await repo.retireCodes(ctx.db, userId, 'email_change');
    throw invalid;
  }
  await ctx.counter.reset(codeTriesKey(userId));
  try {
    return await ctx.db.transaction(async (tx) => {
      if (!(await repo.consumeCodeById(tx, code.id))) throw invalid;
      const row = await repo.updateUser(tx, userId, { email: input.email, emailVerified: true });
      if (!row) throw unauthorized();
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}

/** Asks for the password again: a token alone, lost with a phone, cannot delete the account. */
export async function deleteAccount(ctx: ServiceContext, userId: string, password: string) {
  const user = await getUser(ctx, userId);
  await confirmPassword(ctx, user, password, 'password');
  await ctx.db.transaction(async (tx) => {
    await revokeUserSessions(tx, userId);
    await forgetUser(tx, userId);
    await repo.anonymiseUser(tx, userId);
  });
  await announceRevoked(ctx, userId);
}
