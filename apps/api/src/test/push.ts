import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { bearer } from './app.ts';

/** A browser's PushSubscription as JSON, with real keys, for an endpoint under `base`. */
export function webSubscription(base: string, id: string = randomUUID()) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return JSON.stringify({
    endpoint: `${base}/api/dev/push-service/${id}`,
    expirationTime: null,
    keys: {
      p256dh: ecdh.getPublicKey().toString('base64url'),
      auth: randomBytes(16).toString('base64url'),
    },
  });
}

export const deviceMeta = (platform: 'web' | 'ios' | 'android' = 'android') => ({
  name: 'Sámal sín telefon',
  platform,
  osVersion: '15',
  model: 'Pixel 8',
  isVirtual: false,
});

/** Registers a device for the user; answers its id. */
export async function registerDevice(
  app: FastifyInstance,
  token: string,
  body: { token?: string; deviceId?: string; deviceMeta?: Record<string, unknown> } = {},
) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/push-notifications/tokens',
    headers: bearer(token),
    payload: {
      token: body.token ?? `fcm:${randomBytes(16).toString('hex')}`,
      deviceId: body.deviceId ?? randomUUID(),
      deviceMeta: body.deviceMeta ?? deviceMeta(),
    },
  });
  if (res.statusCode !== 201) throw new Error(`device not registered: ${res.body}`);
  return res.json<{ id: string }>().id;
}

export interface OutboxMessage {
  kind: string;
  title: string;
  body: string;
  url: string;
  state: string;
  provider: string | null;
  platform: string;
}

/** The push outbox's messages to a user, newest first. */
export async function pushesTo(app: FastifyInstance, email: string): Promise<OutboxMessage[]> {
  const res = await app.inject({
    url: `/api/dev/push-outbox?to=${encodeURIComponent(email)}&take=50`,
  });
  return res.json<{ items: OutboxMessage[] }>().items;
}

/** Sends what is queued, as the jobs would. */
export async function sendQueued(app: FastifyInstance) {
  while ((await app.ctx.jobs.runDue()) > 0);
}
