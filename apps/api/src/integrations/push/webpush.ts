import type { PushPayload } from '@stod/domain';
import webpush from 'web-push';
import { PushError, refusalOf, unreachable, type PushSender } from './port.ts';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/** The browsers' push services; a subscription elsewhere is refused (no requests to any host). */
const PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'push.services.mozilla.com',
  'notify.windows.com',
  'push.apple.com',
];

const base64urlBytes = (value: unknown) =>
  typeof value === 'string' && /^[A-Za-z0-9_-]+=*$/.test(value)
    ? Buffer.from(value, 'base64url').length
    : -1;

interface Subscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** The browser's PushSubscription as JSON, or null when it is not one. */
export function parseSubscription(token: string): Subscription | null {
  let value: unknown;
  try {
    value = JSON.parse(token);
  } catch {
    return null;
  }
  const s = value as Partial<Subscription> | null;
  if (!s || typeof s.endpoint !== 'string' || !s.keys) return null;
  // A P-256 public key, uncompressed (65 bytes), and a 16-byte authentication secret (RFC 8291).
  if (base64urlBytes(s.keys.p256dh) !== 65 || base64urlBytes(s.keys.auth) !== 16) return null;
  return { endpoint: s.endpoint, keys: { p256dh: s.keys.p256dh, auth: s.keys.auth } };
}

/**
 * Whether a subscription's endpoint is a browser push service, reached over HTTPS; outside
 * production, also the development push service of this API (`devEndpoint` prefix).
 */
export function endpointAllowed(endpoint: string, devEndpoint: string | null): boolean {
  if (devEndpoint && endpoint.startsWith(devEndpoint)) return true;
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username || url.password || url.port) return false;
  return PUSH_SERVICE_HOSTS.some(
    (host) => url.hostname === host || url.hostname.endsWith(`.${host}`),
  );
}

/**
 * Web Push (RFC 8030) with VAPID (RFC 8292) and the aes128gcm payload encryption (RFC 8291),
 * for the installed web app. The request is built by the web-push library and sent with fetch.
 */
export function webPushSender(options: {
  keys: () => Promise<VapidKeys>;
  devEndpoint: string | null;
  fetch?: typeof fetch;
  ttlSeconds?: number;
}): PushSender {
  const send = options.fetch ?? fetch;
  return {
    provider: 'webpush',
    async send(token: string, message: PushPayload) {
      const subscription = parseSubscription(token);
      if (!subscription || !endpointAllowed(subscription.endpoint, options.devEndpoint))
        throw new PushError('not a usable web push subscription', true, false);
      const keys = await options.keys();
      const request = webpush.generateRequestDetails(subscription, JSON.stringify(message), {
        vapidDetails: keys,
        TTL: options.ttlSeconds ?? 24 * 3600,
        contentEncoding: 'aes128gcm',
        urgency: message.kind === 'offers' ? 'low' : 'high',
        topic: message.tag.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 32),
      });
      let response: Response;
      try {
        response = await send(request.endpoint, {
          method: request.method,
          headers: request.headers as Record<string, string>,
          body: new Uint8Array(request.body),
          signal: AbortSignal.timeout(15_000),
        });
      } catch (error) {
        throw unreachable('web push service', error);
      }
      // 404 and 410: the subscription has expired or was withdrawn (RFC 8030 §7.3).
      const refusal = refusalOf(
        'web push service',
        response.status,
        await response.text(),
        [404, 410],
      );
      if (refusal) throw refusal;
    },
  };
}

export const generateVapidKeys = (): { publicKey: string; privateKey: string } =>
  webpush.generateVAPIDKeys();
