import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { pushMessages, pushTokens } from '../../db/schema/index.ts';
import { PushError } from '../../integrations/push/index.ts';
import { freePort } from '../../test/api-child.ts';
import { createTestApp, registerUser, type TestApp } from '../../test/app.ts';
import {
  deviceMeta,
  pushesTo,
  registerDevice,
  sendQueued,
  webSubscription,
} from '../../test/push.ts';
import { notify, SEND_ATTEMPTS, sendMessage, sendStranded } from './service.ts';

let t: TestApp;
let base: string;

beforeAll(async () => {
  // The app listens for real: Web Push goes out over HTTP to the development push service.
  const port = await freePort();
  base = `http://127.0.0.1:${String(port)}`;
  t = await createTestApp({ PUBLIC_URL: base, PORT: String(port) });
  await t.app.listen({ port, host: '127.0.0.1' });
});
afterAll(() => t.close());

const userIdOf = async (token: string) =>
  (
    await t.app.inject({ url: '/api/user/v2', headers: { authorization: `Bearer ${token}` } })
  ).json<{
    id: string;
  }>().id;

const event = (userId: string, key: string) => ({
  userId,
  kind: 'foodReady' as const,
  key,
  url: '/food-order/order?id=1',
  texts: (locale: string) =>
    locale === 'en'
      ? { title: 'Your food is ready', body: 'Order 7' }
      : { title: 'Maturin er klárur', body: 'Bíleging 7' },
});

const received = async () =>
  (await t.app.inject({ url: '/api/dev/push-service' })).json<{
    items: { endpoint: string; bytes: number; encoding: string | null }[];
  }>().items;

describe('sending', () => {
  it('sends a real Web Push request, encrypted and signed, to the subscription’s push service', async () => {
    const user = await registerUser(t.app);
    await registerDevice(t.app, user.token, {
      token: webSubscription(base, 'browser-1'),
      deviceMeta: deviceMeta('web'),
    });
    expect(await notify(t.app.ctx, event(await userIdOf(user.token), 'web:1'))).toBe(1);
    // Announced again under the same key: nothing more is queued.
    expect(await notify(t.app.ctx, event(await userIdOf(user.token), 'web:1'))).toBe(0);
    await sendQueued(t.app);
    const [message] = await pushesTo(t.app, user.email);
    expect(message).toMatchObject({
      state: 'sent',
      provider: 'webpush',
      platform: 'web',
      title: 'Maturin er klárur',
    });
    const got = (await received()).find((r) => r.endpoint === 'browser-1');
    expect(got?.encoding).toBe('aes128gcm');
    // The record size header, the key id and the ciphertext: more than the plain text alone.
    expect(got?.bytes).toBeGreaterThan(86);
  });

  it('removes a token the push service says is gone, and marks its message dead', async () => {
    const user = await registerUser(t.app);
    const id = await registerDevice(t.app, user.token, {
      token: webSubscription(base, 'gone-browser'),
      deviceMeta: deviceMeta('web'),
    });
    await notify(t.app.ctx, event(await userIdOf(user.token), 'gone:1'));
    await sendQueued(t.app);
    expect((await pushesTo(t.app, user.email))[0]).toMatchObject({ state: 'dead' });
    expect(await t.app.ctx.db.select().from(pushTokens).where(eq(pushTokens.id, id))).toEqual([]);
  });

  it('retries a provider that does not answer, and gives up after the last attempt', async () => {
    const user = await registerUser(t.app);
    await registerDevice(t.app, user.token, { deviceMeta: deviceMeta('android') });
    const sender = t.app.ctx.push.senderFor('android');
    const send = vi
      .spyOn(sender, 'send')
      .mockRejectedValue(new PushError('FCM answered 503', false, true, 503));
    try {
      await notify(t.app.ctx, event(await userIdOf(user.token), 'retry:1'));
      const [row] = await t.app.ctx.db
        .select()
        .from(pushMessages)
        .where(eq(pushMessages.userId, await userIdOf(user.token)));
      expect(row?.state).toBe('pending');
      for (let attempt = 1; attempt < SEND_ATTEMPTS; attempt++)
        await expect(sendMessage(t.app.ctx, row?.id ?? '')).rejects.toThrow('503');
      await sendMessage(t.app.ctx, row?.id ?? '');
      const [after] = await t.app.ctx.db
        .select()
        .from(pushMessages)
        .where(eq(pushMessages.id, row?.id ?? ''));
      expect(after).toMatchObject({ state: 'failed', attempts: SEND_ATTEMPTS });
      expect(send).toHaveBeenCalledTimes(SEND_ATTEMPTS);
    } finally {
      send.mockRestore();
    }
  });

  it('fails at once a message the provider refuses for good, and keeps the token', async () => {
    const user = await registerUser(t.app);
    const id = await registerDevice(t.app, user.token, { deviceMeta: deviceMeta('android') });
    const send = vi
      .spyOn(t.app.ctx.push.senderFor('android'), 'send')
      .mockRejectedValue(new PushError('FCM answered 400', false, false, 400));
    try {
      await notify(t.app.ctx, event(await userIdOf(user.token), 'refused:1'));
      await sendQueued(t.app);
      expect((await pushesTo(t.app, user.email))[0]).toMatchObject({ state: 'failed' });
      expect(send).toHaveBeenCalledTimes(1);
      expect(
        await t.app.ctx.db.select().from(pushTokens).where(eq(pushTokens.id, id)),
      ).toHaveLength(1);
    } finally {
      send.mockRestore();
    }
  });

  it('sends a message whose send was never scheduled (its process died), once', async () => {
    const user = await registerUser(t.app);
    await registerDevice(t.app, user.token, { deviceMeta: deviceMeta('android') });
    const userId = await userIdOf(user.token);
    // Written as notify writes it, but no send scheduled, and a few minutes old.
    const [token] = await t.app.ctx.db
      .select()
      .from(pushTokens)
      .where(eq(pushTokens.userId, userId));
    await t.app.ctx.db.insert(pushMessages).values({
      key: `stranded:1:${token?.id ?? ''}`,
      userId,
      tokenId: token?.id ?? null,
      platform: 'android',
      kind: 'foodReady',
      title: 'Maturin er klárur',
      body: 'Bíleging 7',
      url: '/food-order/order?id=1',
      createdAt: sql`now() - interval '5 minutes'`,
    });
    expect(await sendStranded(t.app.ctx)).toBeGreaterThanOrEqual(1);
    await sendQueued(t.app);
    expect((await pushesTo(t.app, user.email))[0]).toMatchObject({ state: 'sent' });
    await sendStranded(t.app.ctx);
    await sendQueued(t.app);
    expect(await pushesTo(t.app, user.email)).toHaveLength(1);
  });

  it('writes each device’s message in the user’s language, and none to a signed-out session', async () => {
    const user = await registerUser(t.app);
    await t.app.inject({
      method: 'PUT',
      url: '/api/user/locale',
      headers: { authorization: `Bearer ${user.token}` },
      payload: { locale: 'en' },
    });
    await registerDevice(t.app, user.token);
    const userId = await userIdOf(user.token);
    await notify(t.app.ctx, event(userId, 'lang:1'));
    expect((await pushesTo(t.app, user.email))[0]?.title).toBe('Your food is ready');
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/signOut',
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(await notify(t.app.ctx, event(userId, 'lang:2'))).toBe(0);
  });
});
