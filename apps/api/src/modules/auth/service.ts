import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/errors.ts';
import {
  dummyPasswordHash,
  hashPassword,
  newToken,
  sha256,
  verifyPassword,
} from '../../lib/secrets.ts';
import { emailTexts } from '../account/emails.ts';
import * as accounts from '../account/repo.ts';
import * as repo from './repo.ts';

const RESET_LINK_TTL_MS = 60 * 60 * 1000;
const RESET_MAILS_PER_HOUR = 5;

export async function createSession(
  app: FastifyInstance,
  userId: string,
  userAgent: string | null,
) {
  const token = newToken();
  await repo.insertSession(app.db, userId, sha256(token), userAgent);
  return token;
}

function rateLimited(retryAfterSeconds: number) {
  return new AppError(429, 'RATE_LIMITED', 'error.rateLimited', undefined, {
    'retry-after': String(retryAfterSeconds),
  });
}

/**
 * Checks the password and opens a session. Every attempt counts against the
 * caller's address; failures also count against the account.
 */
export async function signIn(
  app: FastifyInstance,
  input: { email: string; password: string },
  meta: { ip: string; userAgent: string | null },
) {
  const { counter, config } = app;
  const window = config.SIGNIN_WINDOW_SECONDS;
  const accountKey = `signin:account:${input.email}`;
  const ipHit = await counter.hit(`signin:ip:${meta.ip}`, config.SIGNIN_MAX_PER_IP, window);
  if (!ipHit.allowed) throw rateLimited(ipHit.retryAfterSeconds);
  if ((await counter.peek(accountKey)) >= config.SIGNIN_MAX_PER_ACCOUNT) {
    throw rateLimited(window);
  }

  const user = await accounts.findUserByEmail(app.db, input.email);
  const ok = await verifyPassword(
    user?.passwordHash ?? (await dummyPasswordHash()),
    input.password,
  );
  if (!user || !ok) {
    await counter.hit(accountKey, config.SIGNIN_MAX_PER_ACCOUNT, window);
    throw new AppError(401, 'INVALID_CREDENTIALS', 'error.invalidCredentials');
  }
  await counter.reset(accountKey);
  return createSession(app, user.id, meta.userAgent);
}

const TOUCH_EVERY_MS = 60_000;

/** Resolves a bearer token to its live session, or null. */
export async function authenticate(app: FastifyInstance, token: string) {
  if (token.length < 20 || token.length > 200) return null;
  const session = await repo.findActiveSession(app.db, sha256(token));
  if (!session) return null;
  if (Date.now() - session.lastUsedAt.getTime() > TOUCH_EVERY_MS) {
    await repo.touchSession(app.db, session.sessionId);
  }
  return { userId: session.userId, sessionId: session.sessionId };
}

export function signOut(app: FastifyInstance, sessionId: string) {
  return repo.revokeSession(app.db, sessionId);
}

/** Always succeeds for the caller, so it never reveals whether an account exists. */
export async function requestPasswordReset(app: FastifyInstance, email: string) {
  const user = await accounts.findUserByEmail(app.db, email);
  if (!user) return;
  const hit = await app.counter.hit(`reset:${user.id}`, RESET_MAILS_PER_HOUR, 3600);
  if (!hit.allowed) return;
  const token = newToken();
  await accounts.insertCode(app.db, {
    userId: user.id,
    purpose: 'password_reset',
    codeHash: sha256(token),
    expiresAt: new Date(Date.now() + RESET_LINK_TTL_MS),
  });
  const link = `${app.config.publicUrl}/reset-password?token=${token}`;
  await app.mailer.send({ to: user.email, ...emailTexts.passwordReset(user.locale, link) });
}

export async function resetPassword(
  app: FastifyInstance,
  input: { token: string; password: string },
) {
  const passwordHash = await hashPassword(input.password);
  await app.db.transaction(async (tx) => {
    const code = await accounts.consumeCodeByHash(tx, 'password_reset', sha256(input.token));
    if (!code) throw new AppError(422, 'INVALID_RESET_LINK', 'error.invalidResetLink');
    await accounts.updateUser(tx, code.userId, { passwordHash });
    await repo.revokeUserSessions(tx, code.userId);
  });
}
