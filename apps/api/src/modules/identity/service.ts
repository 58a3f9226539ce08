import { randomBytes } from 'node:crypto';
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { ServiceContext } from '../../platform/context.ts';
import { identityVerifications } from '../../db/schema/index.ts';
import { MAX_CODE, MAX_STATE, MAX_URI, protocolParam } from '../../integrations/identity/params.ts';
import { IdentityError } from '../../integrations/identity/port.ts';
import { AppError } from '../../lib/errors.ts';

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
  const [row] = await ctx.db
    .insert(identityVerifications)
    .values({ userId, state, nonce, returnPath })
    .returning({ id: identityVerifications.id });
  return { id: row?.id ?? '', url };
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
  const [row] = await ctx.db
    .select()
    .from(identityVerifications)
    .where(
      and(
        eq(identityVerifications.state, state),
        eq(identityVerifications.status, 'pending'),
        gt(identityVerifications.createdAt, sql`now() - interval '30 minutes'`),
      ),
    );
  if (!row) return expired;
  const back = (outcome: string) =>
    `${ctx.config.publicUrl}${row.returnPath}?identity=${outcome}&verification=${row.id}`;
  if (!code || query.error !== undefined) {
    await ctx.db
      .update(identityVerifications)
      .set({ status: 'failed' })
      .where(eq(identityVerifications.id, row.id));
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
    await ctx.db
      .update(identityVerifications)
      .set({
        status: 'verified',
        subject: person.subject,
        name: person.name,
        verifiedAt: sql`now()`,
      })
      .where(eq(identityVerifications.id, row.id));
    return back('verified');
  } catch (error) {
    if (!(error instanceof IdentityError))
      ctx.log.error({ err: error }, 'identity exchange failed');
    await ctx.db
      .update(identityVerifications)
      .set({ status: 'failed' })
      .where(eq(identityVerifications.id, row.id));
    return back('failed');
  }
}

/** The user's latest successful verification, if it is recent enough to act on. */
export async function recentVerification(ctx: ServiceContext, userId: string) {
  const [row] = await ctx.db
    .select()
    .from(identityVerifications)
    .where(
      and(
        eq(identityVerifications.userId, userId),
        eq(identityVerifications.status, 'verified'),
        gt(identityVerifications.verifiedAt, new Date(Date.now() - VERIFICATION_VALID_MS)),
      ),
    )
    .orderBy(desc(identityVerifications.verifiedAt))
    .limit(1);
  return row;
}
