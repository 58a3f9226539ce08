import { isIP } from 'node:net';
import { z } from 'zod';
import { DEV_SECRETS, DEVELOPMENT_SITE_SECRET } from './config/fields.ts';
import { appEnv } from './config/app.ts';
import { providersEnv } from './config/providers.ts';
import { serverEnv } from './config/server.ts';
import { stationsEnv } from './config/stations.ts';

/**
 * Every environment variable, in four groups (`config/`), each with its meaning (`.describe()`),
 * from which `docs/configuration.md` is generated (`npm run docs:config`; a test holds the two
 * together).
 */
export const envGroups = [
  { title: 'The server', schema: serverEnv },
  { title: 'The app and its accounts', schema: appEnv },
  { title: 'Providers and the money jobs', schema: providersEnv },
  { title: 'Stations and their devices', schema: stationsEnv },
] as const;

export const envSchema = z.object({
  ...serverEnv.shape,
  ...appEnv.shape,
  ...providersEnv.shape,
  ...stationsEnv.shape,
});

/** Variables that only work together: all of a group are set, or none. */
const TOGETHER = [
  ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY'],
  ['FCM_PROJECT_ID', 'FCM_CLIENT_EMAIL', 'FCM_PRIVATE_KEY'],
  ['APNS_KEY_ID', 'APNS_TEAM_ID', 'APNS_PRIVATE_KEY'],
  ['OCPP_TLS_CERT', 'OCPP_TLS_KEY'],
  ['OCPP_CA_CERT', 'OCPP_CA_KEY'],
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
  forecourt: { realConfig: 'SITE_SECRET', inProduction: true },
  carwash: { realConfig: 'SITE_SECRET', inProduction: true },
  menu: { realConfig: null, inProduction: true },
  'beverage-machines': { realConfig: 'SITE_SECRET', inProduction: true },
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
  /** Whether every answer is also written by zod and compared (CHECK_RESPONSES). */
  checkResponses: boolean;
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
    if (c.SITE_SECRET === DEVELOPMENT_SITE_SECRET)
      problems.push('SITE_SECRET: the development secret is public; set your own in production');
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
    // The station process plays the chargers when the sites connect from outside (SITE_SECRET).
    simChargers:
      (c.SIM_CHARGERS ?? (c.NODE_ENV === 'production' || c.SITE_SECRET ? 'false' : 'true')) ===
      'true',
    checkResponses: (c.CHECK_RESPONSES ?? (c.NODE_ENV === 'test' ? 'true' : 'false')) === 'true',
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
