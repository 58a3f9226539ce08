import { z } from 'zod';
import { bool } from './fields.ts';

/** The app and its accounts: mail, sign-in and sessions, the app's versions and switches, the brand. */
export const appEnv = z.object({
  SMTP_URL: z
    .string()
    .optional()
    .describe('`smtp://user:pass@host:587`: send mail; without it mail goes to the dev outbox'),
  MAIL_FROM: z.string().default('Støð <noreply@stod.example>').describe('sender of e-mail'),
  OWN_CARD_SLUG: z
    .string()
    .regex(/^[a-z][a-z0-9-]{1,30}$/)
    .default('stodkort')
    .describe('the `{own-card}` route segment; must match `VITE_OWN_CARD_SLUG`'),
  PRODUCT_SLUG: z
    .string()
    .regex(/^[a-z][a-z0-9-]{1,30}$/)
    .default('stod')
    .describe('the `{product}` of `/api/stations/{product}` and the device key `{product}_locale`'),
  MIN_VERSION_IOS: z
    .string()
    .default('0.0.0')
    .describe('older apps are asked to update (database rows override)'),
  MIN_VERSION_ANDROID: z
    .string()
    .default('0.0.0')
    .describe('older apps are asked to update (database rows override)'),
  MIN_VERSION_WEB: z
    .string()
    .default('0.0.0')
    .describe('older apps are asked to update (database rows override)'),
  STORE_URL_IOS: z
    .string()
    .default('https://apps.apple.com/app/stod')
    .describe('where the update modal sends users'),
  STORE_URL_ANDROID: z
    .string()
    .default('https://play.google.com/store/apps/details?id=fo.stod.app')
    .describe('where the update modal sends users'),
  UPDATE_LOCKED: bool.describe('the update modal cannot be postponed'),
  MAINTENANCE: bool.describe('start in maintenance mode (a database switch overrides)'),
  MAINTENANCE_MESSAGE: z
    .string()
    .optional()
    .describe('start in maintenance mode (a database switch overrides)'),
  SIGNIN_MAX_PER_ACCOUNT: z.coerce
    .number()
    .int()
    .min(1)
    .default(10)
    .describe('failed sign-ins per account per window'),
  SIGNIN_MAX_PER_IP: z.coerce
    .number()
    .int()
    .min(1)
    .default(100)
    .describe('sign-in attempts per address per window'),
  SIGNIN_WINDOW_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .default(900)
    .describe('the sign-in rate-limit window'),
  SESSION_IDLE_DAYS: z.coerce
    .number()
    .int()
    .min(1)
    .max(3650)
    .default(60)
    .describe('a session unused this long ends'),
  SESSION_MAX_DAYS: z.coerce
    .number()
    .int()
    .min(1)
    .max(3650)
    .default(365)
    .describe('a session ends this long after sign-in, however often it is used'),
  SESSION_CACHE_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .max(300)
    .default(10)
    .describe(
      'how long a process keeps a session it has read, so signed-in requests skip that query; sign-out, password change or reset, deletion and role changes are announced on the bus and drop it at once in every process; `0` reads the session on every request',
    ),
  BRAND_NAME: z.string().default('Støð').describe('the company on receipts and e-mail'),
  BRAND_LEGAL_NAME: z.string().default('Støð P/F').describe('the company on receipts and e-mail'),
  BRAND_ADDRESS: z.string().default('Havnarvegur 1, 100 Tórshavn').describe('the receipt footer'),
  BRAND_PHONE: z.string().default('+298 30 00 00').describe('the receipt footer'),
  BRAND_EMAIL: z.string().default('hjalp@stod.example').describe('the receipt footer'),
  BRAND_VAT_NUMBER: z
    .string()
    .default('V-tal 123456')
    .describe('the VAT number in the receipt footer'),
  TERMS_URL: z
    .url()
    .optional()
    .describe(
      'the terms page the app opens in the in-app browser; without it `/api/legal/terms` (Faroese, English with `?lang=en`)',
    ),
  PURCHASE_TERMS_URL: z
    .url()
    .optional()
    .describe('the terms of purchase page; without it `/api/legal/purchase-terms`'),
  PRIVACY_URL: z
    .url()
    .optional()
    .describe(
      'the privacy page; without it `/api/legal/privacy`. The three addresses reach the app in `GET /api/company`',
    ),
});
