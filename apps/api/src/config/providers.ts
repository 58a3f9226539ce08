import { z } from 'zod';
import { bool, DEV_SECRETS } from './fields.ts';

/** Providers: the card gateway, national identity, the provider's lists and cards, push, and the money jobs. */
export const providersEnv = z.object({
  GATEWAY_LATENCY_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(60_000)
    .default(200)
    .describe("the card gateway simulator's delay"),
  GATEWAY_FAILURE_RATE: z.coerce
    .number()
    .min(0)
    .max(1)
    .default(0)
    .describe('share (0–1) of gateway calls that fail with 503'),
  GATEWAY_WEBHOOK_SECRET: z
    .string()
    .min(16)
    .default(DEV_SECRETS.GATEWAY_WEBHOOK_SECRET)
    .describe("HMAC key of the gateway's webhooks; must be set in production"),
  IDENTITY_ISSUER_URL: z
    .url()
    .optional()
    .describe(
      'the national identity provider (OpenID Connect, https, PKCE S256, an asymmetric id_token algorithm); without it the built-in simulator, never in production',
    ),
  IDENTITY_CLIENT_ID: z
    .string()
    .default('stod-app')
    .describe("this app's client id at the identity provider"),
  IDENTITY_CLIENT_SECRET: z
    .string()
    .min(16)
    .default(DEV_SECRETS.IDENTITY_CLIENT_SECRET)
    .describe(
      "this app's client secret; must be set in production; changing it ends sign-ins under way",
    ),
  PROVIDER_STATIONS_LATENCY_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(60_000)
    .default(150)
    .describe("the payment provider simulator's delay"),
  PROVIDER_STATIONS_FAILURE_RATE: z.coerce
    .number()
    .min(0)
    .max(1)
    .default(0)
    .describe('share (0–1) of provider calls that fail'),
  PROVIDER_CARDS_LATENCY_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(60_000)
    .default(150)
    .describe("the card issuer simulator's delay"),
  PROVIDER_CARDS_FAILURE_RATE: z.coerce
    .number()
    .min(0)
    .max(1)
    .default(0)
    .describe('share (0–1) of card issuer calls that fail'),
  RECONCILE_EVERY_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .default(60)
    .describe('how often the payments reconciliation job runs; `0` turns it off'),
  RECONCILE_UNSTARTED_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .default(30)
    .describe(
      'holds whose service has not started, and money requests nobody finished, are undone by the reconciliation after this long',
    ),
  RENEW_EVERY_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .default(300)
    .describe('how often due subscriptions are renewed; `0` turns it off'),
  VAPID_PUBLIC_KEY: z
    .string()
    .optional()
    .describe(
      "Web Push keys for the installed web app (base64url, as `npx web-push generate-vapid-keys` prints them); without them in production the web's pushes stay in the push outbox",
    ),
  VAPID_PRIVATE_KEY: z
    .string()
    .optional()
    .describe(
      "Web Push keys for the installed web app (base64url, as `npx web-push generate-vapid-keys` prints them); without them in production the web's pushes stay in the push outbox",
    ),
  VAPID_SUBJECT: z
    .string()
    .optional()
    .describe("who the browsers' push services may contact about our pushes"),
  FCM_PROJECT_ID: z
    .string()
    .optional()
    .describe(
      "Firebase Cloud Messaging (HTTP v1) for the Android shell: a service account's project, e-mail and PEM key (`\\n` for newlines); all three or none; without them Android pushes stay in the push outbox",
    ),
  FCM_CLIENT_EMAIL: z
    .string()
    .optional()
    .describe(
      "Firebase Cloud Messaging (HTTP v1) for the Android shell: a service account's project, e-mail and PEM key (`\\n` for newlines); all three or none; without them Android pushes stay in the push outbox",
    ),
  FCM_PRIVATE_KEY: z
    .string()
    .optional()
    .describe(
      "Firebase Cloud Messaging (HTTP v1) for the Android shell: a service account's project, e-mail and PEM key (`\\n` for newlines); all three or none; without them Android pushes stay in the push outbox",
    ),
  APNS_KEY_ID: z
    .string()
    .optional()
    .describe(
      "Apple Push Notification service for the iOS shell: the .p8 key's id, the team and the key's PEM; all three or none; without them iOS pushes stay in the push outbox",
    ),
  APNS_TEAM_ID: z
    .string()
    .optional()
    .describe(
      "Apple Push Notification service for the iOS shell: the .p8 key's id, the team and the key's PEM; all three or none; without them iOS pushes stay in the push outbox",
    ),
  APNS_PRIVATE_KEY: z
    .string()
    .optional()
    .describe(
      "Apple Push Notification service for the iOS shell: the .p8 key's id, the team and the key's PEM; all three or none; without them iOS pushes stay in the push outbox",
    ),
  APNS_BUNDLE_ID: z
    .string()
    .default('fo.stod.app')
    .describe("the iOS app's bundle id (the `apns-topic`)"),
  APNS_PRODUCTION: bool.describe(
    "APNs' production service; otherwise the sandbox, for development builds of the shell",
  ),
});
