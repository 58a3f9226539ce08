import { randomBytes } from 'node:crypto';
import type { ServiceContext } from '../../platform/context.ts';
import { MAX_CODE, MAX_STATE, MAX_URI, protocolParam } from '../../integrations/identity/params.ts';
import { IdentityError } from '../../integrations/identity/port.ts';
import { AppError } from '../../lib/errors.ts';
import * as repo from './repo.ts';

/** A verification counts for actions taken this soon after it. */
export const VERIFICATION_VALID_MS = 30 * 60 * 1000;

const callbackUrl = (ctx: ServiceContext) => `${ctx.config.publicUrl}/api/identity/callback`;

/** Starts a national identity sign-in and answers the URL to open. */
export async function start(ctx: ServiceContext, userId: string, returnPath: string) {
  const state = randomBytes(24).toString('base64url');
  const nonce = randomBytes(24).toString('base64url');
  let url: string;
  try {
    url = await ctx.identity.authorizationUrl({ state, nonce, redirectUri: callbackUrl(ctx) });
  } catch {
    throw new AppError(503, 'IDENTITY_UNAVAILABLE', 'error.tryAgain');
  }
  const id = await repo.insertVerification(ctx.db, { userId, state, nonce, returnPath });
  return { id: id ?? '', url };
}

/**
 * The identity provider sends the browser back here. Answers where to send it on:
 * the app path it came from, with the verification's outcome. Anything odd in the
 * query (repeated, over-long, control characters) reads as absent, so it never
 * reaches the database or the Location header.
 */
export async function callback(ctx: ServiceContext, query: Record<string, unknown>) {
  const state = protocolParam(query.state, MAX_STATE);
  const code = protocolParam(query.code, MAX_CODE);
  const iss = protocolParam(query.iss, MAX_URI);
  const expired = `${ctx.config.publicUrl}/?identity=expired`;
  if (!state) return expired;
  const row = await repo.findPendingVerification(ctx.db, state);
  if (!row) return expired;
  const back = (outcome: string) =>
    `${ctx.config.publicUrl}${row.returnPath}?identity=${outcome}&verification=${row.id}`;
  if (!code || query.error !== undefined) {
    await repo.markVerificationFailed(ctx.db, row.id);
    return back('cancelled');
  }
  try {
    const person = await ctx.identity.exchange({
      code,
      state,
      ...(iss === undefined ? {} : { iss }),
      nonce: row.nonce,
      redirectUri: callbackUrl(ctx),
    });
    await repo.markVerified(ctx.db, row.id, person);
    return back('verified');
  } catch (error) {
    if (!(error instanceof IdentityError))
      ctx.log.error({ err: error }, 'identity exchange failed');
    await repo.markVerificationFailed(ctx.db, row.id);
    return back('failed');
  }
}

/** The user's latest successful verification, if it is recent enough to act on. */
export function recentVerification(ctx: ServiceContext, userId: string) {
  return repo.latestVerification(ctx.db, userId, new Date(Date.now() - VERIFICATION_VALID_MS));
}
