import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { settings } from '../../db/schema/index.ts';
import { apnsSender } from './apns.ts';
import { fcmSender } from './fcm.ts';
import { outboxSender } from './outbox.ts';
import type { PushPlatform, PushPort, PushSender } from './port.ts';
import {
  endpointAllowed,
  generateVapidKeys,
  parseSubscription,
  webPushSender,
  type VapidKeys,
} from './webpush.ts';

export type { PushPort, PushSender } from './port.ts';
export { PushError } from './port.ts';

/** Where the development push service listens, outside production. */
export const DEV_PUSH_SERVICE_PATH = '/api/dev/push-service/';
const VAPID_SETTING = 'push.vapid';

/**
 * The VAPID keys: configured, or (outside production) made once and kept in the database, so
 * every process signs with the same key and browsers' subscriptions survive a restart.
 */
function vapidKeysOf(config: Config, db: Db): (() => Promise<VapidKeys>) | null {
  const subject = config.VAPID_SUBJECT ?? `mailto:${config.BRAND_EMAIL}`;
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY) {
    const keys = {
      publicKey: config.VAPID_PUBLIC_KEY,
      privateKey: config.VAPID_PRIVATE_KEY,
      subject,
    };
    return () => Promise.resolve(keys);
  }
  if (config.isProduction) return null;
  let loaded: Promise<VapidKeys> | null = null;
  const load = async () => {
    await db
      .insert(settings)
      .values({ key: VAPID_SETTING, value: generateVapidKeys() })
      .onConflictDoNothing();
    const [row] = await db.select().from(settings).where(eq(settings.key, VAPID_SETTING));
    const value = row?.value as { publicKey: string; privateKey: string } | undefined;
    if (!value) throw new Error('no VAPID keys');
    return { ...value, subject };
  };
  return () => {
    loaded ??= load().catch((error: unknown) => {
      loaded = null;
      throw error;
    });
    return loaded;
  };
}

/**
 * Chooses each platform's push provider: Web Push for the web app (VAPID), FCM for Android, APNs
 * for iOS, each where it is configured; a platform without one writes to the development outbox.
 */
export function pushPort(
  config: Config,
  db: Db,
  log: Pick<FastifyBaseLogger, 'warn'>,
): PushPort & { close(): void } {
  const outbox = outboxSender();
  const devEndpoint = config.isProduction ? null : `${config.publicUrl}${DEV_PUSH_SERVICE_PATH}`;
  const vapid = vapidKeysOf(config, db);
  const web = vapid ? webPushSender({ keys: vapid, devEndpoint }) : outbox;
  const android =
    config.FCM_PROJECT_ID && config.FCM_CLIENT_EMAIL && config.FCM_PRIVATE_KEY
      ? fcmSender({
          projectId: config.FCM_PROJECT_ID,
          clientEmail: config.FCM_CLIENT_EMAIL,
          privateKey: config.FCM_PRIVATE_KEY,
        })
      : outbox;
  const apns =
    config.APNS_KEY_ID && config.APNS_TEAM_ID && config.APNS_PRIVATE_KEY
      ? apnsSender({
          keyId: config.APNS_KEY_ID,
          teamId: config.APNS_TEAM_ID,
          bundleId: config.APNS_BUNDLE_ID,
          privateKey: config.APNS_PRIVATE_KEY,
          production: config.APNS_PRODUCTION,
        })
      : null;
  const senders: Record<PushPlatform, PushSender> = { web, android, ios: apns ?? outbox };
  if (config.isProduction) {
    const missing = (Object.keys(senders) as PushPlatform[]).filter(
      (p) => senders[p].provider === 'outbox',
    );
    if (missing.length > 0)
      log.warn(
        { platforms: missing },
        'push: no provider configured for these platforms; their messages stay in the outbox',
      );
  }
  return {
    senderFor: (platform) => senders[platform],
    webPublicKey: async () => (vapid ? (await vapid()).publicKey : null),
    acceptsToken(platform, token) {
      if (platform !== 'web') return /^[\w:.-]{8,4096}$/.test(token);
      if (!vapid) return true;
      const subscription = parseSubscription(token);
      return !!subscription && endpointAllowed(subscription.endpoint, devEndpoint);
    },
    close: () => apns?.close(),
  };
}
