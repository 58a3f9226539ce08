import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((value) => value === 'true' || value === '1');

/** Secrets with a default for development; production must set its own. */
const DEV_SECRETS = {
  GATEWAY_WEBHOOK_SECRET: 'dev-webhook-secret-change-me',
  IDENTITY_CLIENT_SECRET: 'dev-identity-secret-change-me',
} as const;

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: z.url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATA_DIR: z.string().default('.data'),
  DATABASE_URL: z.string().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  REDIS_URL: z.string().optional(),
  REDIS_KEY_PREFIX: z.string().default('stod:'),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Støð <noreply@stod.example>'),
  OWN_CARD_SLUG: z
    .string()
    .regex(/^[a-z][a-z0-9-]{1,30}$/)
    .default('stodkort'),
  PRODUCT_SLUG: z
    .string()
    .regex(/^[a-z][a-z0-9-]{1,30}$/)
    .default('stod'),
  WEB_DIST: z.string().optional(),
  /** Bearer token for the operator routes (/api/admin/…); they exist only when it is set. */
  ADMIN_TOKEN: z.string().min(32, 'must be at least 32 characters').optional(),
  SEED_DEMO: z.enum(['auto', 'true', 'false']).default('auto'),
  MIN_VERSION_IOS: z.string().default('0.0.0'),
  MIN_VERSION_ANDROID: z.string().default('0.0.0'),
  MIN_VERSION_WEB: z.string().default('0.0.0'),
  STORE_URL_IOS: z.string().default('https://apps.apple.com/app/stod'),
  STORE_URL_ANDROID: z
    .string()
    .default('https://play.google.com/store/apps/details?id=fo.stod.app'),
  UPDATE_LOCKED: bool,
  MAINTENANCE: bool,
  MAINTENANCE_MESSAGE: z.string().optional(),
  SIGNIN_MAX_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
  SIGNIN_MAX_PER_IP: z.coerce.number().int().min(1).default(100),
  SIGNIN_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(1200),
  TRUST_PROXY: bool,
  PROVIDER_STATIONS_LATENCY_MS: z.coerce.number().int().min(0).max(60_000).default(150),
  PROVIDER_STATIONS_FAILURE_RATE: z.coerce.number().min(0).max(1).default(0),
  GATEWAY_LATENCY_MS: z.coerce.number().int().min(0).max(60_000).default(200),
  GATEWAY_FAILURE_RATE: z.coerce.number().min(0).max(1).default(0),
  GATEWAY_WEBHOOK_SECRET: z.string().min(16).default(DEV_SECRETS.GATEWAY_WEBHOOK_SECRET),
  BRAND_NAME: z.string().default('Støð'),
  BRAND_LEGAL_NAME: z.string().default('Støð P/F'),
  BRAND_ADDRESS: z.string().default('Havnarvegur 1, 100 Tórshavn'),
  BRAND_PHONE: z.string().default('+298 30 00 00'),
  BRAND_EMAIL: z.string().default('hjalp@stod.example'),
  BRAND_VAT_NUMBER: z.string().default('V-tal 123456'),
  IDENTITY_ISSUER_URL: z.url().optional(),
  IDENTITY_CLIENT_ID: z.string().default('stod-app'),
  IDENTITY_CLIENT_SECRET: z.string().min(16).default(DEV_SECRETS.IDENTITY_CLIENT_SECRET),
  RECONCILE_EVERY_SECONDS: z.coerce.number().int().min(0).default(60),
  RENEW_EVERY_SECONDS: z.coerce.number().int().min(0).default(300),
  RECONCILE_UNSTARTED_MINUTES: z.coerce.number().int().min(1).default(30),
});

export type Config = z.infer<typeof envSchema> & { isProduction: boolean; publicUrl: string };

/** Reads every environment variable once; a bad value stops the start with a clear message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  if (c.NODE_ENV === 'production') {
    const unset = (Object.keys(DEV_SECRETS) as (keyof typeof DEV_SECRETS)[]).filter(
      (name) => c[name] === DEV_SECRETS[name],
    );
    if (unset.length > 0)
      throw new Error(
        `Invalid environment:\n${unset.map((n) => `  ${n}: must be set in production`).join('\n')}`,
      );
  }
  return {
    ...c,
    isProduction: c.NODE_ENV === 'production',
    publicUrl: (c.PUBLIC_URL ?? `http://localhost:${String(c.PORT)}`).replace(/\/$/, ''),
  };
}

/** A config for tests: in-memory database, quiet logs, nothing seeded. */
export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: ':memory:',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    PORT: '0',
    PROVIDER_STATIONS_LATENCY_MS: '0',
    GATEWAY_LATENCY_MS: '0',
    ...overrides,
  });
}
