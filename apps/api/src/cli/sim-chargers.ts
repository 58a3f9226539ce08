/**
 * A load generator: registers simulated chargers with a running API, then connects them all to its
 * OCPP endpoint over real WebSockets, as a fleet of real chargers would:
 *
 *   npm run sim:chargers -- --url ws://127.0.0.1:3000/ocpp --count 5000
 *
 * Exit codes: 0 done, 1 the API refused or failed, 2 bad arguments.
 */
import { parseArgs } from 'node:util';
import { chargerKind, chargerPasswordField, type ChargerRegistration } from '@stod/domain';
import { startChargerFleet, type SimChargerSpec } from '../integrations/ocpp-sim/index.ts';

const USAGE = `Usage: npm run sim:chargers -- --url ws://127.0.0.1:3000/ocpp --count 5000 [options]
  --url <ws url>              the OCPP endpoint, without the identity (required)
  --count <n>                 how many chargers (required)
  --api <http url>            the API that registers them; from --url unless given
  --email, --password         an operator's sign-in (or OPERATOR_EMAIL, OPERATOR_PASSWORD)
  --prefix <text>             identities are <prefix>00001 …; LOAD- unless given
  --dc-share <0..1>           the share of DC chargers (50 or 150 kW); 0.2 unless given
  --protocol-2-share <0..1>   the share speaking OCPP 2.0.1; 0.2 unless given
  --speed <n>                 SIM_SPEED of the chargers and cars; 1 unless given
  --concurrency <n>           chargers dialling at once; 100 unless given
  --charger-password <text>   security profile 1 for every charger (16-40 characters)
  --skip-register             connect only: the chargers are registered already
  --duration-seconds <n>      stop after this long; otherwise on Ctrl-C
Chargers come 10 to an installation named "Load <n>"; identities already registered are kept.`;

/** The API registers at most this many chargers a request here. */
const BATCH = 1000;
const PER_INSTALLATION = 10;
/** How long the generator waits for every charger to boot before it says how many did not. */
const READY_TIMEOUT_MS = 10 * 60_000;

function fail(code: 1 | 2, lines: string[]): never {
  process.stderr.write(`${lines.join('\n')}\n`);
  process.exit(code);
}

function readArgs() {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        url: { type: 'string' },
        count: { type: 'string' },
        api: { type: 'string' },
        email: { type: 'string' },
        password: { type: 'string' },
        prefix: { type: 'string', default: 'LOAD-' },
        'dc-share': { type: 'string', default: '0.2' },
        'protocol-2-share': { type: 'string', default: '0.2' },
        speed: { type: 'string', default: '1' },
        concurrency: { type: 'string', default: '100' },
        'charger-password': { type: 'string' },
        'skip-register': { type: 'boolean', default: false },
        'duration-seconds': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    fail(2, [error instanceof Error ? error.message : String(error), USAGE]);
  }
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    process.exit(0);
  }
  const number = (name: string, text: string | undefined, min: number, max: number) => {
    const value = Number(text);
    if (text === undefined || !Number.isFinite(value) || value < min || value > max)
      fail(2, [`--${name} must be a number from ${String(min)} to ${String(max)}`, USAGE]);
    return value;
  };
  if (!values.url || !/^wss?:\/\//.test(values.url)) fail(2, ['--url must be a ws:// URL', USAGE]);
  const url = values.url.replace(/\/+$/, '');
  const chargerPassword = values['charger-password'];
  if (chargerPassword !== undefined && !chargerPasswordField.safeParse(chargerPassword).success)
    fail(2, ['--charger-password must have 16 to 40 characters']);
  const endpoint = new URL(url);
  return {
    url,
    count: Math.floor(number('count', values.count, 1, 1_000_000)),
    api: (
      values.api ?? `${endpoint.protocol === 'wss:' ? 'https:' : 'http:'}//${endpoint.host}`
    ).replace(/\/+$/, ''),
    email: values.email ?? process.env.OPERATOR_EMAIL,
    password: values.password ?? process.env.OPERATOR_PASSWORD,
    prefix: values.prefix,
    dcShare: number('dc-share', values['dc-share'], 0, 1),
    protocol2Share: number('protocol-2-share', values['protocol-2-share'], 0, 1),
    speed: number('speed', values.speed, 0.1, 1000),
    concurrency: Math.floor(number('concurrency', values.concurrency, 1, 10_000)),
    chargerPassword,
    register: !values['skip-register'],
    durationSeconds:
      values['duration-seconds'] === undefined
        ? null
        : number('duration-seconds', values['duration-seconds'], 1, 31_536_000),
  };
}

type Args = ReturnType<typeof readArgs>;

/** Whether the i-th charger is among `share` of them, spread evenly; `phase` staggers two shares. */
const takes = (i: number, share: number, phase = 0) =>
  Math.floor((i + 1) * share + phase) > Math.floor(i * share + phase);

function fleetSpecs(args: Args): SimChargerSpec[] {
  const width = Math.max(5, String(args.count).length);
  let dc = 0;
  return Array.from({ length: args.count }, (_, i) => {
    const maxPowerKw = takes(i, args.dcShare) ? (dc++ % 2 === 0 ? 150 : 50) : 22;
    return {
      identity: `${args.prefix}${String(i + 1).padStart(width, '0')}`,
      ...(args.chargerPassword === undefined ? {} : { password: args.chargerPassword }),
      protocol: takes(i, args.protocol2Share, 0.5) ? 'ocpp2.0.1' : 'ocpp1.6',
      connectors: 2,
      maxPowerKw,
    };
  });
}

async function api(args: Args, path: string, body: unknown, token?: string) {
  const res = await fetch(`${args.api}/api${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    // Not JSON: the text is shown if the status is not one we expect.
  }
  return { status: res.status, json, text };
}

interface Group {
  number: number;
  specs: SimChargerSpec[];
  installationId: string | null;
}

/** A group's charger as the registration takes it: the first one founds the installation. */
function registration(group: Group, spec: SimChargerSpec): ChargerRegistration {
  const kind = chargerKind(spec.maxPowerKw);
  const where = group.number * 0.618_034;
  return {
    identity: spec.identity,
    ...(spec.password === undefined ? {} : { password: spec.password }),
    ...(group.installationId
      ? { installationId: group.installationId }
      : {
          installation: {
            name: `Load ${String(group.number)}`,
            lat: 61.4 + (where % 1),
            lng: -7.7 + ((where * 7) % 1.4),
            public: true,
          },
        }),
    connectors: spec.connectors,
    maxPowerKw: spec.maxPowerKw,
    tariff: { type: 'kWh', price: kind === 'DC' ? 450 : 300 },
  };
}

/**
 * Registers the chargers, BATCH at a time. A new installation's id comes back with its first
 * charger, so each batch goes in rounds: the groups' founders, then the rest. An identity the API
 * already has (409 CHARGER_TAKEN) is left out and the round tried again without it.
 */
async function register(args: Args, specs: SimChargerSpec[]) {
  if (!args.email || !args.password)
    fail(2, [
      'Operator credentials are needed: --email and --password, or OPERATOR_EMAIL and OPERATOR_PASSWORD.',
    ]);
  const signIn = await api(args, '/auth/signIn', { email: args.email, password: args.password });
  const token = (signIn.json as { access_token?: string } | null)?.access_token;
  if (signIn.status !== 200 || !token)
    fail(1, [`Sign-in failed (${String(signIn.status)}): ${signIn.text}`]);
  let registered = 0;
  let taken = 0;
  for (let from = 0; from < specs.length; from += BATCH) {
    const groups: Group[] = [];
    for (let i = from; i < Math.min(from + BATCH, specs.length); i += PER_INSTALLATION)
      groups.push({
        number: i / PER_INSTALLATION + 1,
        specs: specs.slice(i, Math.min(i + PER_INSTALLATION, from + BATCH, specs.length)),
        installationId: null,
      });
    for (;;) {
      const round = groups.flatMap((g) =>
        (g.installationId ? g.specs : g.specs.slice(0, 1)).map((spec) => ({ g, spec })),
      );
      if (round.length === 0) break;
      const res = await api(
        args,
        '/admin/chargers',
        { chargers: round.map(({ g, spec }) => registration(g, spec)) },
        token,
      );
      if (res.status === 409 && (res.json as { code?: string } | null)?.code === 'CHARGER_TAKEN') {
        const named = new Set(
          ((res.json as { chargers?: { identity: string }[] }).chargers ?? []).map(
            (c) => c.identity,
          ),
        );
        const namedHere = round.filter(({ spec }) => named.has(spec.identity));
        // An answer that names none of this round's identities counts the whole round as taken.
        const out = namedHere.length > 0 ? namedHere : round;
        for (const { g, spec } of out) g.specs.splice(g.specs.indexOf(spec), 1);
        taken += out.length;
        continue;
      }
      if (res.status !== 201) fail(1, [`Registration failed (${String(res.status)}): ${res.text}`]);
      const made = (res.json as { chargers: { identity: string; installationId: string }[] })
        .chargers;
      const installationOf = new Map(made.map((c) => [c.identity, c.installationId]));
      for (const { g, spec } of round) {
        g.installationId ??= installationOf.get(spec.identity) ?? null;
        g.specs.splice(g.specs.indexOf(spec), 1);
      }
      registered += round.length;
    }
    process.stdout.write(`registered ${String(registered)}, already there ${String(taken)}\n`);
  }
}

/** The fleet's warnings, the first few in full and then only counted. */
function quietLog() {
  let warnings = 0;
  return {
    info: (...args: unknown[]) => process.stdout.write(`${String(args.at(-1))}\n`),
    warn: (...args: unknown[]) => {
      warnings += 1;
      if (warnings > 10) return;
      const context = args[0] as { identity?: string; err?: unknown };
      const detail = context.err instanceof Error ? `: ${context.err.message}` : '';
      process.stderr.write(`${context.identity ?? ''} ${String(args.at(-1))}${detail}\n`);
      if (warnings === 10) process.stderr.write('(further warnings are only counted)\n');
    },
    get warnings() {
      return warnings;
    },
  };
}

const args = readArgs();
const specs = fleetSpecs(args);
if (args.register) await register(args, specs);

const log = quietLog();
const began = performance.now();
const seconds = () => ((performance.now() - began) / 1000).toFixed(1);
const fleet = startChargerFleet({
  url: args.url,
  chargers: specs,
  speed: args.speed,
  autoPlug: true,
  connectConcurrency: args.concurrency,
  log,
});
const connected = () => fleet.state().filter((c) => c.connected).length;
const progress = setInterval(() => {
  process.stdout.write(
    `${seconds()} s: ${String(connected())}/${String(specs.length)} connected\n`,
  );
}, 2_000);
fleet.ready(READY_TIMEOUT_MS).then(
  () => {
    clearInterval(progress);
    process.stdout.write(
      `all ${String(specs.length)} chargers connected and booted in ${seconds()} s\n`,
    );
  },
  (error: unknown) =>
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`),
);

async function stop(why: string) {
  clearInterval(progress);
  const count = connected();
  await fleet.close();
  process.stdout.write(
    `${why}: ${String(count)}/${String(specs.length)} were connected after ${seconds()} s; ${String(log.warnings)} warnings\n`,
  );
  process.exit(0);
}
process.once('SIGINT', () => void stop('stopped'));
process.once('SIGTERM', () => void stop('stopped'));
if (args.durationSeconds !== null) setTimeout(() => void stop('done'), args.durationSeconds * 1000);
