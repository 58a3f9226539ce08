import {
  pushKindDefaults,
  pushKinds,
  type DeviceTokenInput,
  type Locale,
  type PushDevice,
  type PushKind,
  type PushPreferences,
  type PushPreferencesPatch,
} from '@stod/domain';
import type { Db } from '../../db/client.ts';
import { PushError } from '../../integrations/push/index.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { ServiceContext } from '../../platform/context.ts';
import type { DelayedJob, Jobs } from '../../platform/jobs.ts';
import * as repo from './repo.ts';

/** Sends are tried this often, 30 s apart and doubling, before the message counts as failed. */
export const SEND_ATTEMPTS = 6;

interface SendJob {
  messageId: string;
}
const sendJobs = new WeakMap<Jobs<ServiceContext>, DelayedJob<SendJob>>();

export function defineNotifications(jobs: Jobs<ServiceContext>) {
  sendJobs.set(
    jobs,
    jobs.define<SendJob>('push.send', (ctx, { messageId }) => sendMessage(ctx, messageId), {
      retrySeconds: 30,
      maxAttempts: SEND_ATTEMPTS,
    }),
  );
  // A message written by a process that died before it scheduled the send is sent all the same.
  jobs.every('push.sweep', 60, (ctx) => sendStranded(ctx));
}

/** A message still waiting this long after it was written has lost its send, or is retrying. */
const STRANDED_MS = 60_000;

/**
 * Schedules the send of every message still pending a minute after it was written. A send that
 * is waiting for its retry keeps its time (the job is keyed by the message), so nothing is sent
 * twice; only a message whose send was never scheduled goes now.
 */
export async function sendStranded(ctx: ServiceContext) {
  const job = sendJobs.get(ctx.jobs);
  const before = new Date(ctx.clock.now().getTime() - STRANDED_MS);
  const stranded = await repo.pendingBefore(ctx.db, before);
  for (const { id } of stranded) await job?.at(ctx.clock.now(), { messageId: id }, id);
  return stranded.length;
}

// ---------------------------------------------------------------------------------------------
// Devices.

const deviceView = (row: repo.TokenRow): PushDevice => ({
  id: row.id,
  deviceId: row.deviceId,
  platform: row.platform,
  name: row.name,
  model: row.model,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** Registers the device's token for the signed-in session; a repeat replaces the token. */
export async function registerToken(
  ctx: ServiceContext,
  auth: { userId: string; sessionId: string },
  input: DeviceTokenInput,
) {
  if (!ctx.push.acceptsToken(input.deviceMeta.platform, input.token))
    throw new AppError(400, 'VALIDATION', 'validation.form', { token: 'validation.invalid' });
  return deviceView(await repo.upsertToken(ctx.db, auth.userId, auth.sessionId, input));
}

export async function removeToken(ctx: ServiceContext, userId: string, id: string) {
  if (!(await repo.deleteOwnedToken(ctx.db, userId, id))) throw notFound();
}

export async function devicesOf(ctx: ServiceContext, userId: string) {
  return (await repo.tokensOfUser(ctx.db, userId)).map(deviceView);
}

/** Signing out stops the pushes to the device that signed out. */
export async function forgetSession(db: Db, sessionId: string) {
  await repo.deleteTokensOfSession(db, sessionId);
}

/** A deleted account keeps no devices. */
export async function forgetUser(db: Db, userId: string) {
  await repo.deleteTokensOfUser(db, userId);
}

// ---------------------------------------------------------------------------------------------
// The user's switches.

async function preferencesFor(db: Db, userId: string): Promise<PushPreferences> {
  const chosen = new Map((await repo.preferencesOf(db, userId)).map((r) => [r.kind, r.enabled]));
  return Object.fromEntries(
    pushKinds.map((kind) => [kind, chosen.get(kind) ?? pushKindDefaults[kind]]),
  ) as PushPreferences;
}

export const getPreferences = (ctx: ServiceContext, userId: string) =>
  preferencesFor(ctx.db, userId);

export async function setPreferences(
  ctx: ServiceContext,
  userId: string,
  patch: PushPreferencesPatch,
) {
  const changes = pushKinds.flatMap((kind): [PushKind, boolean][] => {
    const value = patch[kind];
    return value === undefined ? [] : [[kind, value]];
  });
  await repo.setPreferences(ctx.db, userId, changes);
  return preferencesFor(ctx.db, userId);
}

// ---------------------------------------------------------------------------------------------
// Sending.

export interface PushEvent {
  userId: string;
  kind: PushKind;
  /** Names the event: announced again under the same key, it sends nothing more. */
  key: string;
  /** The screen a tap opens. */
  url: string;
  texts: (locale: Locale) => { title: string; body: string };
}

/**
 * Tells the user's signed-in devices of an event, if the user has its kind switched on. The
 * messages are written, then sent by a job with retries; nothing here can fail the business
 * action that announced the event, so errors are only logged.
 */
export async function notify(ctx: ServiceContext, event: PushEvent): Promise<number> {
  try {
    const preferences = await preferencesFor(ctx.db, event.userId);
    if (!preferences[event.kind]) return 0;
    let queued = 0;
    for (const { token, locale } of await repo.liveTokensOfUser(ctx.db, event.userId)) {
      const texts = event.texts(locale);
      const row = await repo.insertMessage(ctx.db, {
        key: `${event.key}:${token.id}`,
        userId: event.userId,
        tokenId: token.id,
        platform: token.platform,
        kind: event.kind,
        title: texts.title,
        body: texts.body,
        url: event.url,
        provider: ctx.push.senderFor(token.platform).provider,
      });
      if (!row) continue;
      queued += 1;
      await sendJobs.get(ctx.jobs)?.at(ctx.clock.now(), { messageId: row.id }, row.id);
    }
    return queued;
  } catch (error) {
    ctx.log.warn({ err: error, push: event.key }, 'push notification not queued');
    return 0;
  }
}

/**
 * Sends one message. A dead token is removed and its message marked dead; a refusal that a retry
 * cannot mend fails the message; anything else is thrown for the job to retry with back-off,
 * until the last attempt marks it failed.
 */
export async function sendMessage(ctx: ServiceContext, id: string) {
  const message = await repo.findMessage(ctx.db, id);
  if (message?.state !== 'pending') return;
  const token = message.tokenId ? await repo.findToken(ctx.db, message.tokenId) : undefined;
  if (!token) {
    await repo.patchMessage(ctx.db, id, { state: 'dead', error: 'the device was removed' });
    return;
  }
  const sender = ctx.push.senderFor(token.platform);
  const attempts = message.attempts + 1;
  try {
    await sender.send(token.token, {
      title: message.title,
      body: message.body,
      url: message.url,
      tag: `${message.kind}:${message.key.split(':')[1] ?? message.id}`,
      kind: message.kind as PushKind,
    });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    if (error instanceof PushError && error.dead) {
      await repo.deleteToken(ctx.db, token.id);
      await repo.patchMessage(ctx.db, id, { state: 'dead', attempts, error: reason });
      return;
    }
    const retry = !(error instanceof PushError) || error.retry;
    if (!retry || attempts >= SEND_ATTEMPTS) {
      await repo.patchMessage(ctx.db, id, { state: 'failed', attempts, error: reason });
      ctx.log.warn({ messageId: id, err: error }, 'push message failed');
      return;
    }
    await repo.patchMessage(ctx.db, id, { attempts, error: reason });
    throw error;
  }
  await repo.patchMessage(ctx.db, id, {
    state: 'sent',
    attempts,
    provider: sender.provider,
    sentAt: ctx.clock.now(),
    error: null,
  });
}
