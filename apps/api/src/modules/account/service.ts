import {
  EMAIL_CODE_LENGTH,
  type CurrentUser,
  type Locale,
  type ProfileUpdateInput,
} from '@stod/domain';
import type { FastifyInstance } from 'fastify';
import { AppError, unauthorized } from '../../lib/errors.ts';
import {
  hashPassword,
  newNumericCode,
  safeEqual,
  sha256,
  verifyPassword,
} from '../../lib/secrets.ts';
import { createSession } from '../auth/service.ts';
import { revokeUserSessions } from '../auth/repo.ts';
import { usable as usableSubscriptions } from '../subscriptions/service.ts';
import { emailTexts } from './emails.ts';
import * as repo from './repo.ts';

const EMAIL_CODE_TTL_MS = 15 * 60 * 1000;
const EMAIL_CODE_MAX_ATTEMPTS = 5;

const emailTaken = () =>
  new AppError(409, 'EMAIL_TAKEN', 'error.emailTaken', { email: 'error.emailTaken' });

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e.code === '23505' || e.cause?.code === '23505';
}

/** The user as GET /user/v2 answers it, with the subscriptions they can use. */
export async function currentUser(app: FastifyInstance, row: repo.UserRow): Promise<CurrentUser> {
  return { ...toCurrentUser(row), userSubscriptions: await usableSubscriptions(app, row.id) };
}

/** GET /api/user/v2: the user and their subscriptions, read side by side. */
export async function currentUserById(app: FastifyInstance, userId: string): Promise<CurrentUser> {
  const [row, userSubscriptions] = await Promise.all([
    getUser(app, userId),
    usableSubscriptions(app, userId),
  ]);
  return { ...toCurrentUser(row), userSubscriptions };
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

export async function getUser(app: FastifyInstance, userId: string) {
  const row = await repo.findUserById(app.db, userId);
  if (!row) throw unauthorized();
  return row;
}

export async function register(
  app: FastifyInstance,
  input: ProfileUpdateInput & { email: string; password: string },
  meta: { userAgent: string | null; locale: Locale },
) {
  if (await repo.findUserByEmail(app.db, input.email)) throw emailTaken();
  const passwordHash = await hashPassword(input.password);
  try {
    const user = await repo.insertUser(app.db, {
      name: input.name,
      address: input.address,
      postCode: input.postCode,
      city: input.city,
      mobile: input.mobile,
      email: input.email,
      passwordHash,
      locale: meta.locale,
    });
    return await createSession(app, user.id, meta.userAgent);
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}

export async function updateProfile(
  app: FastifyInstance,
  userId: string,
  input: ProfileUpdateInput,
) {
  const row = await repo.updateUser(app.db, userId, input);
  if (!row) throw unauthorized();
  return row;
}

export async function setLocale(app: FastifyInstance, userId: string, locale: Locale) {
  await repo.updateUser(app.db, userId, { locale });
}

export async function changePassword(
  app: FastifyInstance,
  auth: { userId: string; sessionId: string },
  input: { oldPassword: string; password: string },
) {
  const user = await getUser(app, auth.userId);
  if (!(await verifyPassword(user.passwordHash, input.oldPassword))) {
    throw new AppError(422, 'WRONG_PASSWORD', 'error.wrongPassword', {
      oldPassword: 'error.wrongPassword',
    });
  }
  const passwordHash = await hashPassword(input.password);
  await app.db.transaction(async (tx) => {
    await repo.updateUser(tx, auth.userId, { passwordHash });
    await revokeUserSessions(tx, auth.userId, auth.sessionId);
  });
}

export async function requestEmailChange(app: FastifyInstance, userId: string, email: string) {
  const user = await getUser(app, userId);
  const owner = await repo.findUserByEmail(app.db, email);
  if (owner && owner.id !== userId) throw emailTaken();
  const code = newNumericCode(EMAIL_CODE_LENGTH);
  await repo.insertCode(app.db, {
    userId,
    purpose: 'email_change',
    codeHash: sha256(code),
    targetEmail: email,
    expiresAt: new Date(Date.now() + EMAIL_CODE_TTL_MS),
  });
  await app.mailer.send({ to: email, ...emailTexts.emailChangeCode(user.locale, code) });
}

export async function confirmEmailChange(
  app: FastifyInstance,
  userId: string,
  input: { email: string; token: string },
) {
  const invalid = new AppError(422, 'INVALID_CODE', 'error.invalidCode', {
    token: 'error.invalidCode',
  });
  const code = await repo.findLiveCode(app.db, userId, 'email_change', EMAIL_CODE_MAX_ATTEMPTS);
  if (code?.targetEmail !== input.email) throw invalid;
  if (!safeEqual(code.codeHash, sha256(input.token.toUpperCase()))) {
    await repo.countCodeAttempt(app.db, code.id);
    throw invalid;
  }
  try {
    return await app.db.transaction(async (tx) => {
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

export async function deleteAccount(app: FastifyInstance, userId: string) {
  await app.db.transaction(async (tx) => {
    await revokeUserSessions(tx, userId);
    await repo.anonymiseUser(tx, userId);
  });
}
