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
  CONSOLE_DIST: z.string().optional(),
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
  /** A session unused this long ends; each use moves it on. */
  SESSION_IDLE_DAYS: z.coerce.number().int().min(1).max(3650).default(60),
  /** A session ends this long after sign-in, however often it is used. */
  SESSION_MAX_DAYS: z.coerce.number().int().min(1).max(3650).default(365),
  /**
   * How long a process keeps a session it read, so signed-in requests skip that query; an ended
   * session is announced on the bus and dropped at once. 0 reads it on every request.
   */
  SESSION_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).default(10),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(1200),
  TRUST_PROXY: z.string().optional(),
  SIMULATORS: z.string().optional(),
  /** Receiving a whole request, body included; a client trickling its body is cut off. */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(30_000),
  HEADERS_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(10_000),
  /** Idle time between requests on a kept-alive connection; above a load balancer's usual 60 s. */
  KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(65_000),
  /** A socket that sends and receives nothing this long is closed. */
  CONNECTION_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(60_000),
  PDF_WORKERS: z.coerce
    .number()
    .int()
    .min(1)
    .max(16)
    .default(Math.max(1, Math.min(2, availableParallelism() - 1))),
  PDF_QUEUE_MAX: z.coerce.number().int().min(1).max(10_000).default(50),
  PDF_PER_USER: z.coerce.number().int().min(1).max(100).default(2),
  PDF_CACHE_MB: z.coerce.number().min(0).max(1024).default(16),
  PROVIDER_STATIONS_LATENCY_MS: z.coerce.number().int().min(0).max(60_000).default(150),
  PROVIDER_STATIONS_FAILURE_RATE: z.coerce.number().min(0).max(1).default(0),
  /** The simulated ERP's delay and failures when a station's menu is read. */
  MENU_LATENCY_MS: z.coerce.number().int().min(0).max(60_000).default(120),
  MENU_FAILURE_RATE: z.coerce.number().min(0).max(1).default(0),
  /** A food order the kitchen has not accepted after this long expires, and its hold is voided. */
  FOOD_ACCEPT_TIMEOUT_SECONDS: z.coerce.number().int().min(10).max(3600).default(300),
  /** How often unanswered food orders are expired (0: never, for tests that drive it). */
  FOOD_EXPIRE_EVERY_SECONDS: z.coerce.number().int().min(0).default(15),
  /** How often ended months of owners' earnings are closed into payouts (0: never). */
  EARNINGS_CLOSE_EVERY_SECONDS: z.coerce.number().int().min(0).default(3600),
  /**
   * Where no kitchen display has been seen for three minutes, a simulated kitchen accepts orders after
   * KITCHEN_SIM_ACCEPT_SECONDS and readies them by their ready-by time (divided by SIM_SPEED).
   */
  KITCHEN_SIM: z.enum(['true', 'false']).optional(),
  KITCHEN_SIM_ACCEPT_SECONDS: z.coerce.number().int().min(1).max(600).default(20),
  /** How long a coffee machine's QR code stays valid. */
  BEVERAGE_HASH_TTL_SECONDS: z.coerce.number().int().min(10).max(3600).default(120),
  PROVIDER_CARDS_LATENCY_MS: z.coerce.number().int().min(0).max(60_000).default(150),
  PROVIDER_CARDS_FAILURE_RATE: z.coerce.number().min(0).max(1).default(0),
  GATEWAY_LATENCY_MS: z.coerce.number().int().min(0).max(60_000).default(200),
  GATEWAY_FAILURE_RATE: z.coerce.number().min(0).max(1).default(0),
  GATEWAY_WEBHOOK_SECRET: z.string().min(16).default(DEV_SECRETS.GATEWAY_WEBHOOK_SECRET),
  BRAND_NAME: z.string().default('Støð'),
  BRAND_LEGAL_NAME: z.string().default('Støð P/F'),
  BRAND_ADDRESS: z.string().default('Havnarvegur 1, 100 Tórshavn'),
  BRAND_PHONE: z.string().default('+298 30 00 00'),
  BRAND_EMAIL: z.string().default('hjalp@stod.example'),
  BRAND_VAT_NUMBER: z.string().default('V-tal 123456'),
  /** The operator's own terms, terms of purchase and privacy pages; else the built-in ones. */
  TERMS_URL: z.url().optional(),
  PURCHASE_TERMS_URL: z.url().optional(),
  PRIVACY_URL: z.url().optional(),
  IDENTITY_ISSUER_URL: z.url().optional(),
  IDENTITY_CLIENT_ID: z.string().default('stod-app'),
  IDENTITY_CLIENT_SECRET: z.string().min(16).default(DEV_SECRETS.IDENTITY_CLIENT_SECRET),
  RECONCILE_EVERY_SECONDS: z.coerce.number().int().min(0).default(60),
  RENEW_EVERY_SECONDS: z.coerce.number().int().min(0).default(300),
  RECONCILE_UNSTARTED_MINUTES: z.coerce.number().int().min(1).default(30),
  /** Multiplies the pace of every simulated device: pumps, wash bays, chargers. */
  SIM_SPEED: z.coerce.number().min(0.1).max(1000).default(1),
  /** The simulated customer lifts the nozzle after an authorisation and fills up by itself. */
  SIM_AUTO_CUSTOMER: z.enum(['true', 'false']).default('true'),
  /** An authorised pump whose nozzle stays in place this long is withdrawn and its hold voided. */
  FUEL_NOZZLE_TIMEOUT_SECONDS: z.coerce.number().int().min(10).max(3600).default(120),
  /** A loaded wash programme not started this long is unloaded and its hold voided. */
  CARWASH_START_TIMEOUT_SECONDS: z.coerce.number().int().min(10).max(3600).default(600),
  /** How long staff can resume a stopped wash before it is closed. */
  CARWASH_RESUME_MINUTES: z.coerce.number().int().min(1).max(1440).default(30),
  /** How often open station transactions are checked against their controllers and payments. */
  STATION_RECONCILE_EVERY_SECONDS: z.coerce.number().int().min(0).default(30),
  /** The Heartbeat interval the OCPP endpoint gives chargers at their BootNotification. */
  OCPP_HEARTBEAT_SECONDS: z.coerce.number().int().min(10).max(86_400).default(300),
  /** WebSocket pings to chargers (0: none; some chargers drop on server pings). */
  OCPP_PING_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  /** How long a command to a charger waits for its answer. */
  OCPP_CALL_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(300).default(20),
  /** The hold placed for a charge at a public or shared installation, in kroner. */
  CHARGE_HOLD_KR: z.coerce.number().int().min(1).max(10_000).default(300),
  /** A charge whose charger stays offline this long is closed at its last meter reading. */
  CHARGER_OFFLINE_CLOSE_MINUTES: z.coerce.number().int().min(1).max(10_080).default(60),
  /** How often open charges are checked against their chargers and payments. */
  CHARGE_RECONCILE_EVERY_SECONDS: z.coerce.number().int().min(0).default(30),
  /** The seeded installations' chargers connect to this app's /ocpp as simulated chargers. */
  SIM_CHARGERS: z.enum(['true', 'false']).optional(),
  /**
   * Web Push (VAPID) keys for the installed web app, base64url, as web-push generates them.
   * Outside production they are generated once and kept in the database when not set.
   */
  VAPID_PUBLIC_KEY: z.string().optional(),
  VAPID_PRIVATE_KEY: z.string().optional(),
  /** Who the push services may contact about our pushes: a mailto: or https: URL. */
  VAPID_SUBJECT: z.string().optional(),
  /** Firebase Cloud Messaging (HTTP v1) for the Android shell: a service account's fields. */
  FCM_PROJECT_ID: z.string().optional(),
  FCM_CLIENT_EMAIL: z.string().optional(),
  FCM_PRIVATE_KEY: z.string().optional(),
  /** Apple Push Notification service for the iOS shell: the team's .p8 key and its ids. */
  APNS_KEY_ID: z.string().optional(),
  APNS_TEAM_ID: z.string().optional(),
  APNS_PRIVATE_KEY: z.string().optional(),
  APNS_BUNDLE_ID: z.string().default('fo.stod.app'),
  /** APNs' production service; otherwise the sandbox, for development builds of the shell. */
  APNS_PRODUCTION: bool,
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
