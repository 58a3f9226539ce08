// Charging under load: CHARGERS simulated chargers (most at their owners' homes, started with the
// owner's card at the charger; PUBLICS at public installations, started from the app) connect to
// one API process over OCPP and send meter values every 10 s, while PUBLICS app sockets follow
// their charges. Reported: the time for the fleet to connect and boot, the API process's memory
// per charger, and the time from a MeterValues frame leaving the charger to the Socket.IO event at
// the app, as a ratio to a bare WebSocket echo server in its own process, measured in the same run.
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { openSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import type { Charge } from '@stod/domain';
import type { SimChargerSpec } from '../apps/api/src/integrations/ocpp-sim/index.ts';
import type { FromApi, ToApi } from './charging-api.ts';
import { fmt, inParallel, latency, loopWatch, ms, sleep, type Latency } from './figures.ts';
import { now, startClients } from './socket-clients.ts';

const HOMES = Number(process.env.BENCH_HOMES ?? 4500);
const PUBLICS = Number(process.env.BENCH_PUBLICS ?? 500);
const CHARGERS = HOMES + PUBLICS;
const METER_S = 10;
const MEASURE_MS = Number(process.env.BENCH_CHARGING_SECONDS ?? 20) * 1000;
const DRAIN_MS = 3_000;
const CONNECT_CONCURRENCY = 100;
const CARDS_AT_ONCE = 50;
const TARGET_P99_MS = 50;
const TARGET_KB_PER_CHARGER = 40;
const KIND = 'charge.changed';
/** Progress on stderr while the bench runs: it takes a few minutes. */
const step = (text: string) => process.stderr.write(`bench/charging: ${text}\n`);

const apiLog = process.env.BENCH_API_LOG;
const script = fileURLToPath(new URL('./charging-api.ts', import.meta.url));

/** The API (or the echo server) in a process of its own, spoken to over IPC. */
async function child(mode: 'api' | 'echo', env: Record<string, string> = {}) {
  const proc: ChildProcess = fork(script, [mode], {
    execArgv: ['--import', 'tsx', '--expose-gc'],
    // BENCH_API_LOG=file: the API's own log (level info) goes there, for a look at what it did.
    env: { ...process.env, ...env, LOG_LEVEL: apiLog ? 'info' : 'silent' },
    stdio: ['ignore', apiLog ? openSync(apiLog, 'a') : 'inherit', 'inherit', 'ipc'],
  });
  const waiting: ((message: FromApi) => void)[] = [];
  proc.on('message', (message: FromApi) => {
    if (message.type === 'failed') {
      console.error(`bench/charging: the ${mode} process failed: ${message.message}`);
      process.exit(1);
    }
    waiting.shift()?.(message);
  });
  const next = () => new Promise<FromApi>((resolve) => waiting.push(resolve));
  const ask = async <T extends FromApi['type']>(message: ToApi, type: T) => {
    const answer = next();
    proc.send(message);
    const got = await answer;
    if (got.type !== type) throw new Error(`asked for ${type}, got ${got.type}`);
    return got as Extract<FromApi, { type: T }>;
  };
  const ready = await next();
  if (ready.type !== 'ready') throw new Error(`the ${mode} process did not start`);
  return {
    ready,
    ask,
    close: () =>
      new Promise<void>((resolve) => {
        proc.once('exit', () => resolve());
        proc.send({ type: 'close' } satisfies ToApi);
        setTimeout(() => proc.kill('SIGKILL'), 5_000).unref();
      }),
  };
}

/** The register a 1.6 MeterValues or a 2.0.1 TransactionEvent carries, in Wh. */
function registerOf(params: Record<string, unknown>) {
  const values = (params.meterValue as { sampledValue: Record<string, unknown>[] }[] | undefined)
    ?.at(-1)
    ?.sampledValue.find((v) => v.measurand === 'Energy.Active.Import.Register');
  return values === undefined ? null : Number(values.value);
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

async function appRun(lines: string[]) {
  const password = randomBytes(12).toString('hex');
  const api = await child('api', {
    BENCH_HOMES: String(HOMES),
    BENCH_PUBLICS: String(PUBLICS),
    BENCH_CHARGER_PASSWORD: password,
  });
  const { ready } = api;
  const base = `http://127.0.0.1:${String(ready.port)}`;
  const { startChargerFleet } = await import('../apps/api/src/integrations/ocpp-sim/index.ts');
  const before = await api.ask({ type: 'memory' }, 'memory');
  step(`API ready; connecting ${String(CHARGERS)} chargers`);

  // Every frame a followed charger sends is stamped as it leaves: its energy so far is the key.
  const followed = new Set(ready.publics.map((p) => p.identity));
  const meterStart = new Map<string, number>();
  const sent = new Map<string, number>();
  let measuring = false;
  let framesInWindow = 0;
  const tap = (identity: string, method: string, params: Record<string, unknown>) => {
    const register = registerOf(params);
    if (method === 'StartTransaction') meterStart.set(identity, params.meterStart as number);
    else if (method === 'TransactionEvent' && params.eventType === 'Started' && register !== null)
      meterStart.set(identity, register);
    if (!measuring || register === null) return;
    if (
      method !== 'MeterValues' &&
      !(method === 'TransactionEvent' && params.eventType === 'Updated')
    )
      return;
    framesInWindow += 1;
    const start = meterStart.get(identity);
    if (!followed.has(identity) || start === undefined) return;
    const key = `${identity}:${String(register - start)}`;
    if (!sent.has(key)) sent.set(key, now());
  };

  const specs: SimChargerSpec[] = [
    ...ready.homes.map((h, i) => ({
      identity: h.identity,
      password,
      protocol: i % 5 === 4 ? ('ocpp2.0.1' as const) : ('ocpp1.6' as const),
      connectors: 1,
      maxPowerKw: 11,
    })),
    ...ready.publics.map((p, i) => ({
      identity: p.identity,
      password,
      protocol: i % 5 === 4 ? ('ocpp2.0.1' as const) : ('ocpp1.6' as const),
      connectors: 2,
      maxPowerKw: 22,
    })),
  ];
  const connectBegan = now();
  const fleet = startChargerFleet({
    url: `ws://127.0.0.1:${String(ready.port)}/ocpp`,
    chargers: specs,
    speed: 1,
    autoPlug: true,
    meterIntervalSeconds: METER_S,
    connectConcurrency: CONNECT_CONCURRENCY,
    tap,
  });
  try {
    await fleet.ready(180_000);
    const connectMs = now() - connectBegan;
    const connected = await api.ask({ type: 'memory' }, 'memory');
    step('connected; starting the charges');

    // The owners plug in and show their cards; the customers open and start charges in the app.
    /** Polls the API until `enough` charges run, for at most `ms`. */
    const charging = async (enough: number, limitMs: number) => {
      let count = await api.ask({ type: 'count' }, 'count');
      for (const until = Date.now() + limitMs; count.charging < enough && Date.now() < until;) {
        await sleep(1_000);
        count = await api.ask({ type: 'count' }, 'count');
      }
      return count.charging;
    };
    const refused = new Map<string, number>();
    const refuse = (what: string) => refused.set(what, (refused.get(what) ?? 0) + 1);
    const cardsBegan = now();
    // Owners come in a steady stream, not all in one second: at most CARDS_AT_ONCE chargers wait
    // for their start to be answered at any time (the backend's pace decides the rate).
    await inParallel(ready.homes, CARDS_AT_ONCE, async (h) => {
      await fleet.act(h.identity, 1, 'plug');
      await fleet.act(h.identity, 1, 'tag', h.idTag);
      for (const until = Date.now() + 60_000; Date.now() < until; await sleep(50))
        if (fleet.stateOf(h.identity).connectors[0]?.transactionId) return;
      refuse('card start not answered in 60 s');
    });
    const byCard = await charging(HOMES, 60_000 + 50 * HOMES);
    const cardsMs = now() - cardsBegan;
    step(`${String(byCard)} charges started with cards; the app's next`);

    const appBegan = now();
    const chargeOf = new Map<string, string>();
    /** A request that did not get through is sent again with the same key, as the app would. */
    const post = async (path: string, token: string, key?: string, body?: unknown) => {
      for (let attempt = 1; ; attempt += 1) {
        try {
          return await fetch(`${base}/api${path}`, {
            method: 'POST',
            headers: {
              authorization: `Bearer ${token}`,
              ...(key ? { 'idempotency-key': key } : {}),
              ...(body ? { 'content-type': 'application/json' } : {}),
            },
            ...(body ? { body: JSON.stringify(body) } : {}),
          });
        } catch (error) {
          if (attempt === 3) throw error;
          refuse('network, sent again');
        }
      }
    };
    await inParallel(ready.publics, 16, async (p) => {
      const opened = await post('/charges', p.token, randomUUID(), {
        installationId: p.installationId,
        chargerId: p.chargerId,
        connectorId: 1,
        paymentMethodId: p.cardId,
      });
      if (opened.status !== 201) {
        const { code } = (await opened.json().catch(() => ({}))) as { code?: string };
        refuse(`POST /charges ${String(opened.status)} ${code ?? ''}`);
        return;
      }
      const charge = (await opened.json()) as Charge;
      const started = await post(`/charges/${charge.id}/start`, p.token);
      if (started.status !== 200) {
        const { code } = (await started.json().catch(() => ({}))) as { code?: string };
        refuse(`POST /start ${String(started.status)} ${code ?? ''}`);
      } else chargeOf.set(charge.id, p.identity);
    });
    // The cars are plugged in 2–5 s after the remote starts; every charge then runs.
    const running = await charging(CHARGERS, 60_000);
    const appMs = now() - appBegan;
    step(`${String(running)} charging; measuring`);

    const clients = await startClients({
      url: base,
      tokens: ready.publics.map((p) => p.token),
      kind: KIND,
      field: 'kwh',
    });
    // A full meter period for every charger to send its first reading, then the window.
    await sleep(METER_S * 1000 + 2_000);
    measuring = true;
    await api.ask({ type: 'window', open: true }, 'window');
    const loop = loopWatch();
    await sleep(MEASURE_MS);
    measuring = false;
    const simLoop = loop();
    const apiLine = (await api.ask({ type: 'window', open: false }, 'window')).line;
    await sleep(DRAIN_MS);
    const heardByCharge = await clients.report();
    const busy = await api.ask({ type: 'memory' }, 'memory');
    step('measured; closing');
    await clients.close();

    // The clients heard `${chargeId}:${Wh}`; the chargers sent `${identity}:${Wh}`.
    const heard = new Map<string, number>();
    for (const [key, at] of heardByCharge) {
      const [id, wh] = key.split(':');
      const identity = chargeOf.get(id ?? '');
      if (identity) heard.set(`${identity}:${wh ?? ''}`, at);
    }
    const result = latency(sent.keys(), sent, heard);
    const rssPerCharger = (connected.rss - before.rss) / CHARGERS;
    const dbPerCharger = (connected.wasm - before.wasm) / CHARGERS;
    const heapPerCharger = (connected.heapUsed - before.heapUsed) / CHARGERS;
    const heldPerCharger = heapPerCharger + (connected.external - before.external) / CHARGERS;
    // The target is the API's: the embedded database's pages are the database's, and live in
    // PostgreSQL's own processes in production. RSS can grow less than what the chargers hold
    // (the setup's freed pages are used again), so the larger of the two is compared.
    const perCharger = Math.max(rssPerCharger - dbPerCharger, heldPerCharger);
    const share = (field: 'heapTotal' | 'external') =>
      kb((connected[field] - before[field]) / CHARGERS);
    lines.push(
      `setup: ${String(HOMES)} home chargers (owners' cards registered as id tags) and ${String(PUBLICS)} public chargers with a customer each, registered through POST /api/admin/chargers in ${(ready.setupMs / 1000).toFixed(1)} s`,
      `connect: ${String(CHARGERS)} chargers (4 in 5 OCPP 1.6J, 1 in 5 2.0.1; HTTP Basic) connected and booted in ${(connectMs / 1000).toFixed(1)} s, ${String(CONNECT_CONCURRENCY)} dialling at once`,
      `memory of the API process after GC: ${mb(before.rss)} RSS before, ${mb(connected.rss)} with the chargers connected (${kb(rssPerCharger)} RSS per charger, of which the embedded database's pages ${kb(dbPerCharger)}; held: heap ${kb(heapPerCharger)} used of ${share('heapTotal')} committed, external ${share('external')}; counted: ${kb(perCharger)}), ${mb(busy.rss)} with every charge running`,
      `starts: ${String(byCard)} of ${String(HOMES)} cards shown at the chargers charging in ${(cardsMs / 1000).toFixed(1)} s (${(byCard / (cardsMs / 1000)).toFixed(0)}/s: Authorize, StartTransaction, the charge opened), then ${String(chargeOf.size)} app charges (POST /charges + /start, the car in 2–5 s later) to ${String(running)} charging in ${(appMs / 1000).toFixed(1)} s${refused.size > 0 ? `; ${JSON.stringify(Object.fromEntries(refused))}` : ''}; ${String(PUBLICS)} app sockets connected in ${(clients.connectMs / 1000).toFixed(1)} s`,
      `window: ${String(framesInWindow)} meter frames in ${String(MEASURE_MS / 1000)} s (${(framesInWindow / (MEASURE_MS / 1000)).toFixed(0)}/s); API ${apiLine}; chargers' process ${simLoop}`,
    );
    return { result, perCharger };
  } finally {
    await fleet.close();
    await api.close();
  }
}

/** The baseline: as many plain WebSockets, each sending a frame of the same size every 10 s. */
async function echoRun(sample: string) {
  const echo = await child('echo');
  const url = `ws://127.0.0.1:${String(echo.ready.port)}`;
  const sockets: WebSocket[] = [];
  const sent = new Map<string, number>();
  const heard = new Map<string, number>();
  let measuring = false;
  const connectBegan = now();
  await inParallel(
    Array.from({ length: CHARGERS }, (_, i) => i),
    CONNECT_CONCURRENCY,
    (i) =>
      new Promise<void>((resolve, reject) => {
        const socket = new WebSocket(url);
        socket.once('open', () => resolve());
        socket.once('error', reject);
        socket.on('message', (data: Buffer) => {
          const key = data.toString('utf8', 0, 24);
          if (sent.has(key) && !heard.has(key)) heard.set(key, now());
        });
        sockets[i] = socket;
      }),
  );
  const connectMs = now() - connectBegan;
  let round = 0;
  const timers = sockets.map((socket, i) =>
    setTimeout(
      () => {
        const beat = () => {
          round += 1;
          const key = `${String(i).padStart(8, '0')}:${String(round).padStart(15, '0')}`;
          if (measuring && i < PUBLICS) sent.set(key, now());
          socket.send(`${key}${sample}`);
        };
        beat();
        timers[i] = setInterval(beat, METER_S * 1000);
      },
      (i / CHARGERS) * METER_S * 1000,
    ),
  );
  await sleep(METER_S * 1000 + 2_000);
  measuring = true;
  await sleep(MEASURE_MS);
  measuring = false;
  await sleep(DRAIN_MS);
  for (const timer of timers) clearInterval(timer);
  for (const socket of sockets) socket.terminate();
  await echo.close();
  return { result: latency(sent.keys(), sent, heard), connectMs };
}

async function main() {
  const watchdog = setTimeout(() => {
    console.error('bench/charging: gave up after 600 s');
    process.exit(1);
  }, 600_000);
  watchdog.unref();
  const where = process.env.TEST_DATABASE_URL
    ? `PostgreSQL${process.env.TEST_REDIS_URL ? ' + Redis' : ''}`
    : 'PGlite in a folder';
  const lines: string[] = [];
  const app = await appRun(lines);
  // A 1.6 MeterValues frame as the simulated chargers send it, for the echo's frame size.
  const sample = JSON.stringify([
    2,
    randomUUID(),
    'MeterValues',
    {
      connectorId: 1,
      transactionId: 12345,
      meterValue: [
        {
          timestamp: new Date().toISOString(),
          sampledValue: [
            {
              value: '1234567',
              context: 'Sample.Periodic',
              measurand: 'Energy.Active.Import.Register',
              unit: 'Wh',
            },
            {
              value: '11000',
              context: 'Sample.Periodic',
              measurand: 'Power.Active.Import',
              unit: 'W',
            },
          ],
        },
      ],
    },
  ]);
  step('the baseline');
  const base = await echoRun(sample);

  const verdict = (ok: boolean) => (ok ? 'within' : 'OVER');
  console.log(
    `Charging, ${String(CHARGERS)} chargers on one API process (${where}): MeterValues frame at the charger → Socket.IO event at the app, ${String(MEASURE_MS / 1000)} s window`,
  );
  for (const line of lines) console.log(line);
  const b: Latency = base.result;
  const a: Latency = app.result;
  console.log(
    `baseline bare WebSocket echo (own process), ${String(CHARGERS)} sockets connected in ${(base.connectMs / 1000).toFixed(1)} s, a ${String(sample.length + 24)}-byte frame every ${String(METER_S)} s each: ${fmt(b)}, max ${ms(b.max)} (${String(b.n)} samples, ${String(b.missing)} not echoed)`,
  );
  console.log(
    `${'meter value → app'.padEnd(28)} p50 ×${(a.p50 / b.p50).toFixed(2)}  p99 ×${(a.p99 / b.p99).toFixed(2)}  (${fmt(a)}, max ${ms(a.max)}; ${String(a.n)} samples, ${String(a.missing)} not received within ${String(DRAIN_MS / 1000)} s)`,
  );
  console.log(
    `targets: p99 ${ms(a.p99)} ${verdict(a.p99 < TARGET_P99_MS)} ${String(TARGET_P99_MS)} ms; ${kb(app.perCharger)} per charger ${verdict(app.perCharger < TARGET_KB_PER_CHARGER * 1024)} ${String(TARGET_KB_PER_CHARGER)} KB`,
  );
}

await main();
