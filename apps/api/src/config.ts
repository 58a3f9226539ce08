import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
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

/**
 * Every environment variable, each with its meaning (`.describe()`), from which
 * `docs/configuration.md` is generated (`npm run docs:config`; a test holds the two together).
 */
export const envSchema = z.object({
  NODE_ENV: z
    .enum(['development', 'production', 'test'])
    .default('development')
    .describe('`production` removes the dev outbox and the `/api/dev/*` switches'),
  HOST: z.string().default('0.0.0.0').describe('listen address'),
  PORT: z.coerce
    .number()
    .int()
    .min(0)
    .max(65535)
    .default(3000)
    .describe('HTTP port of the one process (API, web app, docs)'),
  PUBLIC_URL: z.url().optional().describe('the address users reach; used in e-mailed links'),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
    .default('info')
    .describe('pino level, or `silent`'),
  DATA_DIR: z
    .string()
    .default('.data')
    .describe('where the embedded database lives; `:memory:` keeps nothing'),
  DATABASE_URL: z
    .string()
    .optional()
    .describe('`postgres://…`: use this PostgreSQL server instead of PGlite'),
  DATABASE_POOL_SIZE: z.coerce
    .number()
    .int()
    .min(1)
    .max(200)
    .default(10)
    .describe('connections per process to PostgreSQL'),
  REDIS_URL: z
    .string()
    .optional()
    .describe(
      '`redis://…`: rate-limit counters, the event bus and the realtime adapter shared by every API process',
    ),
  REDIS_KEY_PREFIX: z.string().default('stod:').describe('prefix of every Redis key'),
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
  WEB_DIST: z.string().optional().describe('the built web app to serve'),
  CONSOLE_DIST: z.string().optional().describe('the built staff console to serve at `/console`'),
  SEED_DEMO: z
    .enum(['auto', 'true', 'false'])
    .default('auto')
    .describe('`auto` seeds an empty database, `true` always, `false` never'),
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
  RATE_LIMIT_PER_MINUTE: z.coerce
    .number()
    .int()
    .min(1)
    .default(1200)
    .describe('requests per address per minute, all routes'),
  TRUST_PROXY: z
    .string()
    .optional()
    .describe(
      'the load balancers whose `X-Forwarded-For` counts: addresses or CIDRs, comma-separated, or `loopback`, `linklocal`, `uniquelocal`; `true` and hop counts are refused',
    ),
  SIMULATORS: z
    .string()
    .optional()
    .describe(
      'which adapters run simulated: `all`, `none`, or a list of `gateway`, `provider-stations`, `provider-cards`, `forecourt`, `carwash`, `menu`, `beverage-machines`, `identity`; a real adapter that is configured always wins; in production only for a staging installation (logged), and never `identity`',
    ),
  REQUEST_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .max(600_000)
    .default(30_000)
    .describe('the time to receive a whole request'),
  HEADERS_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .max(600_000)
    .default(10_000)
    .describe('the time to receive the headers; at most `REQUEST_TIMEOUT_MS`'),
  KEEP_ALIVE_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .max(600_000)
    .default(65_000)
    .describe("idle keep-alive connections close after this; keep it above the load balancer's"),
  CONNECTION_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .max(600_000)
    .default(60_000)
    .describe('an idle socket closes after this'),
  PDF_WORKERS: z.coerce
    .number()
    .int()
    .min(1)
    .max(16)
    .default(Math.max(1, Math.min(2, availableParallelism() - 1)))
    .describe('worker threads that render receipt PDFs'),
  PDF_QUEUE_MAX: z.coerce
    .number()
    .int()
    .min(1)
    .max(10_000)
    .default(50)
    .describe('PDFs waiting for a worker; beyond it 503 with `Retry-After`'),
  PDF_PER_USER: z.coerce
    .number()
    .int()
    .min(1)
    .max(100)
    .default(2)
    .describe("one user's PDFs rendering at once; beyond it 429"),
  PDF_CACHE_MB: z.coerce
    .number()
    .min(0)
    .max(1024)
    .default(16)
    .describe('memory for rendered receipts (a receipt never changes)'),
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
  MENU_LATENCY_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(60_000)
    .default(120)
    .describe("the simulated ERP's delay when a station's menu is read"),
  MENU_FAILURE_RATE: z.coerce
    .number()
    .min(0)
    .max(1)
    .default(0)
    .describe(
      'share (0–1) of menu reads that fail; the last menu read stands in for an hour, else 503',
    ),
  FOOD_ACCEPT_TIMEOUT_SECONDS: z.coerce
    .number()
    .int()
    .min(10)
    .max(3600)
    .default(300)
    .describe('a food order the kitchen has not accepted by then expires and its hold is voided'),
  FOOD_EXPIRE_EVERY_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .default(15)
    .describe('how often unanswered food orders are expired; `0` turns the job off'),
  EARNINGS_CLOSE_EVERY_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .default(3600)
    .describe(
      "how often ended months of the owners' earnings are closed into payouts; `0` turns the job off",
    ),
  KITCHEN_SIM: z
    .enum(['true', 'false'])
    .optional()
    .describe(
      'stations whose kitchen display nobody has opened for three minutes get a simulated kitchen that accepts, readies and hands over orders',
    ),
  KITCHEN_SIM_ACCEPT_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(600)
    .default(20)
    .describe(
      'how long the simulated kitchen waits before it accepts an order (divided by `SIM_SPEED`, as its cooking time is)',
    ),
  BEVERAGE_HASH_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(10)
    .max(3600)
    .default(120)
    .describe("how long a coffee machine's QR code stays valid"),
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
  RECONCILE_EVERY_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .default(60)
    .describe('how often the payments reconciliation job runs; `0` turns it off'),
  RENEW_EVERY_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .default(300)
    .describe('how often due subscriptions are renewed; `0` turns it off'),
  RECONCILE_UNSTARTED_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .default(30)
    .describe(
      'holds whose service has not started, and money requests nobody finished, are undone by the reconciliation after this long',
    ),
  SIM_SPEED: z.coerce
    .number()
    .min(0.1)
    .max(1000)
    .default(1)
    .describe(
      'multiplies the pace of every simulated device (pumps, wash bays, chargers); `20` makes a demo fill take seconds',
    ),
  SIM_AUTO_CUSTOMER: z
    .enum(['true', 'false'])
    .default('true')
    .describe(
      'the simulated customer lifts the nozzle after an authorisation and fills by itself; `false` waits for the simulator page or `POST /api/dev/sim/pumps`',
    ),
  FUEL_NOZZLE_TIMEOUT_SECONDS: z.coerce
    .number()
    .int()
    .min(10)
    .max(3600)
    .default(120)
    .describe(
      'an authorised pump whose nozzle is not lifted this long is withdrawn and its hold voided ("You did not remove the pump in time")',
    ),
  CARWASH_START_TIMEOUT_SECONDS: z.coerce
    .number()
    .int()
    .min(10)
    .max(3600)
    .default(600)
    .describe('a loaded wash programme not started this long is unloaded and its hold voided'),
  CARWASH_RESUME_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(1440)
    .default(30)
    .describe('how long staff can resume a stopped wash before it is closed'),
  STATION_RECONCILE_EVERY_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .default(30)
    .describe(
      'how often open refuellings and washes are checked against their controllers and payments; `0` turns it off',
    ),
  OCPP_HEARTBEAT_SECONDS: z.coerce
    .number()
    .int()
    .min(10)
    .max(86_400)
    .default(300)
    .describe('the Heartbeat interval chargers are given at their BootNotification'),
  OCPP_PING_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .max(3600)
    .default(60)
    .describe(
      'WebSocket pings to chargers while they are quiet; `0` sends none (some chargers drop on server pings)',
    ),
  OCPP_CALL_TIMEOUT_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(300)
    .default(20)
    .describe('how long a command to a charger (remote start, stop, trigger) waits for its answer'),
  CHARGE_HOLD_KR: z.coerce
    .number()
    .int()
    .min(1)
    .max(10_000)
    .default(300)
    .describe('the hold placed for a charge at a public installation'),
  CHARGER_OFFLINE_CLOSE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(10_080)
    .default(60)
    .describe(
      'a charge whose charger stays offline this long is closed at its last meter reading and settled',
    ),
  CHARGE_RECONCILE_EVERY_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .default(30)
    .describe(
      'how often open charges are checked against their chargers and payments; `0` turns it off',
    ),
  SIM_CHARGERS: z
    .enum(['true', 'false'])
    .optional()
    .describe(
      "the seeded installations' chargers connect to this app's `/ocpp` as simulated chargers",
    ),
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

/** Variables that only work together: all of a group are set, or none. */
const TOGETHER = [
  ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY'],
  ['FCM_PROJECT_ID', 'FCM_CLIENT_EMAIL', 'FCM_PRIVATE_KEY'],
  ['APNS_KEY_ID', 'APNS_TEAM_ID', 'APNS_PRIVATE_KEY'],
] as const;

type Env = z.infer<typeof envSchema>;

/**
 * Every adapter that has a built-in simulator, with the variable that configures its real
 * implementation (null while none exists). A configured real adapter always wins; otherwise the
 * simulator runs only when SIMULATORS names it (`all` by default outside production, none in
 * production), and without either the start fails. The identity simulator verifies anyone as a
 * test person, so it never runs in production, whatever SIMULATORS says.
 */
export const SIMULATED_ADAPTERS = {
  identity: { realConfig: 'IDENTITY_ISSUER_URL', inProduction: false },
  gateway: { realConfig: null, inProduction: true },
  'provider-stations': { realConfig: null, inProduction: true },
  'provider-cards': { realConfig: null, inProduction: true },
  forecourt: { realConfig: null, inProduction: true },
  carwash: { realConfig: null, inProduction: true },
  menu: { realConfig: null, inProduction: true },
  'beverage-machines': { realConfig: null, inProduction: true },
} as const satisfies Record<string, { realConfig: keyof Env | null; inProduction: boolean }>;

export type SimulatorName = keyof typeof SIMULATED_ADAPTERS;
const SIMULATOR_NAMES = Object.keys(SIMULATED_ADAPTERS) as SimulatorName[];

/** The simulators this start runs, or the lines that say why it cannot start. */
function simulatorsOf(c: Env): { running: SimulatorName[]; problems: string[] } {
  const production = c.NODE_ENV === 'production';
  const raw = (c.SIMULATORS ?? (production ? 'none' : 'all')).trim();
  const listed =
    raw === 'all' ? SIMULATOR_NAMES : raw === 'none' || raw === '' ? [] : raw.split(/\s*,\s*/);
  const problems = listed
    .filter((name) => !SIMULATOR_NAMES.includes(name as SimulatorName))
    .map(
      (name) => `SIMULATORS: unknown "${name}"; known: all, none, ${SIMULATOR_NAMES.join(', ')}`,
    );
  const running: SimulatorName[] = [];
  for (const name of SIMULATOR_NAMES) {
    const { realConfig, inProduction } = SIMULATED_ADAPTERS[name];
    if (realConfig !== null && c[realConfig] !== undefined) continue;
    const where = production ? ' in production' : '';
    if (!listed.includes(name)) {
      problems.push(
        realConfig === null
          ? `SIMULATORS: ${name} has no real adapter yet; name it in SIMULATORS to run its simulator${where}`
          : `${realConfig}: must be set${where} (the ${name} simulator is off)`,
      );
    } else if (production && !inProduction) {
      problems.push(`${realConfig}: must be set in production (no ${name} simulator there)`);
    } else running.push(name);
  }
  return { running, problems };
}

/** What Fastify's trustProxy takes: trust none, or these proxies' addresses and CIDRs. */
export type TrustProxy = false | string[];

const PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'];
const isAddressOrCidr = (entry: string) => {
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  const n = Number(bits);
  return /^\d+$/.test(bits) && n <= (family === 4 ? 32 : 128);
};

function trustProxyOf(raw: string | undefined): TrustProxy | { problem: string } {
  const value = (raw ?? '').trim();
  if (value === '' || value === 'false' || value === '0') return false;
  if (value === 'true')
    return {
      problem:
        'TRUST_PROXY: true would trust any X-Forwarded-For a client sends; name the proxies instead: their addresses or CIDRs, e.g. 10.0.0.0/8,127.0.0.1',
    };
  // Fastify trusts nobody for a hop count: it cannot tell a proxy from a client connecting directly.
  if (/^\d+$/.test(value))
    return {
      problem: `TRUST_PROXY: a hop count (${value}) cannot tell a proxy from a direct client; name the proxies' addresses or CIDRs`,
    };
  const entries = value.split(/\s*,\s*/);
  const bad = entries.filter((e) => !PROXY_NAMES.includes(e) && !isAddressOrCidr(e));
  return bad.length > 0
    ? { problem: `TRUST_PROXY: not an address or CIDR: ${bad.join(', ')}` }
    : entries;
}

export type Config = Omit<Env, 'TRUST_PROXY' | 'SIMULATORS'> & {
  TRUST_PROXY: TrustProxy;
  /** The simulators that run in place of real adapters. */
  simulators: SimulatorName[];
  isProduction: boolean;
  /** Whether this process runs the simulated chargers of the seeded installations. */
  simChargers: boolean;
  publicUrl: string;
};

/** Reads every environment variable once; a bad value stops the start with a clear message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  const problems: string[] = [];
  if (c.NODE_ENV === 'production') {
    for (const name of Object.keys(DEV_SECRETS) as (keyof typeof DEV_SECRETS)[])
      if (c[name] === DEV_SECRETS[name]) problems.push(`${name}: must be set in production`);
  }
  const simulators = simulatorsOf(c);
  problems.push(...simulators.problems);
  const trustProxy = trustProxyOf(c.TRUST_PROXY);
  if (typeof trustProxy === 'object' && 'problem' in trustProxy) problems.push(trustProxy.problem);
  for (const group of TOGETHER) {
    const set = group.filter((name) => c[name] !== undefined && c[name] !== '');
    if (set.length > 0 && set.length < group.length)
      problems.push(`${group.join(', ')}: set all of them or none (only ${set.join(', ')} is set)`);
  }
  if (c.HEADERS_TIMEOUT_MS > c.REQUEST_TIMEOUT_MS)
    problems.push('HEADERS_TIMEOUT_MS: must not exceed REQUEST_TIMEOUT_MS');
  if (problems.length > 0)
    throw new Error(`Invalid environment:\n${problems.map((line) => `  ${line}`).join('\n')}`);
  return {
    ...c,
    TRUST_PROXY: trustProxy as TrustProxy,
    simulators: simulators.running,
    isProduction: c.NODE_ENV === 'production',
    simChargers: (c.SIM_CHARGERS ?? (c.NODE_ENV === 'production' ? 'false' : 'true')) === 'true',
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
    MENU_LATENCY_MS: '0',
    GATEWAY_LATENCY_MS: '0',
    PROVIDER_CARDS_LATENCY_MS: '0',
    SIM_AUTO_CUSTOMER: 'false',
    SIM_CHARGERS: 'false',
    KITCHEN_SIM: 'false',
    ...overrides,
  });
}
