// Start-up: from spawning a process to /api/health answering 200.
//  (a) the API server alone (`node src/server.ts`, as `npm run start --workspace=apps/api` runs
//      it) on an empty embedded database in a fresh temporary data directory, a few runs;
//  (b) `npm start` in all, with the web and console builds already up to date.
// Baselines measured in the same run, spawned and polled the same way: a bare `node -e` HTTP
// server, and a bare Fastify server as a TypeScript file. Every child runs in its own process group and
// the whole group is ended after each run, and on any failure or interrupt.
// BENCH_START_RUNS (5) server-alone runs; BENCH_NPM_START_RUNS (3) `npm start` runs.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { sleep } from './figures.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const apiDir = join(root, 'apps/api');
const RUNS = Number(process.env.BENCH_START_RUNS ?? 5);
const NPM_RUNS = Number(process.env.BENCH_NPM_START_RUNS ?? 3);
const TARGET_S = 1.5;
/** A start that takes longer than this is a failure, not a figure. */
const RUN_TIMEOUT_MS = 90_000;

const children = new Set<ChildProcess>();
const scratch = mkdtempSync(join(tmpdir(), 'stod-bench-start-'));

/** Ends the child's whole process group (npm → sh → node → server). */
function killGroup(child: ChildProcess, signal: NodeJS.Signals = 'SIGKILL') {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

async function stop(child: ChildProcess) {
  if (child.exitCode === null && child.signalCode === null) {
    killGroup(child, 'SIGTERM');
    const exited = new Promise((resolve) => child.once('exit', resolve));
    await Promise.race([exited, sleep(3000)]);
  }
  // Whatever of the group outlived its leader.
  killGroup(child, 'SIGKILL');
  children.delete(child);
}

function cleanUp() {
  for (const child of children) killGroup(child, 'SIGKILL');
  children.clear();
  rmSync(scratch, { recursive: true, force: true });
}
process.on('exit', cleanUp);
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    cleanUp();
    process.exit(130);
  });

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function healthy(port: number): Promise<boolean> {
  try {
    const res = await fetch(`http://127.0.0.1:${String(port)}/api/health`, {
      signal: AbortSignal.timeout(1000),
    });
    await res.arrayBuffer();
    return res.status === 200;
  } catch {
    return false;
  }
}

interface Run {
  seconds: number;
  output: string;
}

/** Spawns `command` in a group of its own and times it until /api/health answers 200. */
async function timeStart(
  command: string,
  args: string[],
  options: { cwd: string; env?: Record<string, string>; port: number },
): Promise<Run> {
  const started = performance.now();
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: { ...process.env, ...options.env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  try {
    for (;;) {
      if (await healthy(options.port))
        return { seconds: (performance.now() - started) / 1000, output };
      if (child.exitCode !== null || child.signalCode !== null)
        throw new Error(`exited before answering:\n${output.slice(-3000)}`);
      if (performance.now() - started > RUN_TIMEOUT_MS)
        throw new Error(
          `no answer after ${String(RUN_TIMEOUT_MS / 1000)} s:\n${output.slice(-3000)}`,
        );
      await sleep(20);
    }
  } finally {
    await stop(child);
  }
}

interface Figures {
  min: number;
  median: number;
  max: number;
  runs: number[];
}

const figuresOf = (runs: number[]): Figures => {
  const sorted = [...runs].sort((a, b) => a - b);
  return {
    min: sorted[0] ?? NaN,
    median: sorted[Math.floor(sorted.length / 2)] ?? NaN,
    max: sorted.at(-1) ?? NaN,
    runs,
  };
};

const s = (n: number) => `${n.toFixed(2)} s`;
const line = (f: Figures) =>
  `median ${s(f.median)} (min ${s(f.min)}, max ${s(f.max)}; ${String(f.runs.length)} runs)`;

async function repeat(times: number, run: () => Promise<Run>): Promise<Figures> {
  const seconds: number[] = [];
  for (let i = 0; i < times; i += 1) seconds.push((await run()).seconds);
  return figuresOf(seconds);
}

/** A fresh, empty data directory for one run. */
const dataDir = () => mkdtempSync(join(scratch, 'data-'));

// Variables of the caller that would point a start at another database or build.
const serverEnv = (port: number) => ({
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir(),
  DATABASE_URL: '',
  REDIS_URL: '',
  PUBLIC_URL: `http://127.0.0.1:${String(port)}`,
  NODE_ENV: 'development',
  SEED_DEMO: 'auto',
});

// Baseline 1: a bare Node HTTP server.
const bareNode = async () => {
  const port = await freePort();
  return timeStart(
    process.execPath,
    [
      '-e',
      `require('node:http').createServer((q, s) => s.end('ok')).listen(${String(port)}, '127.0.0.1')`,
    ],
    { cwd: root, port },
  );
};

// Baseline 2: a bare Fastify server with the health route, a TypeScript file run as the API is
// (Node strips the types itself).
const fastifyEntry = pathToFileURL(createRequire(join(apiDir, 'package.json')).resolve('fastify'));
const bareFastifyFile = join(scratch, 'bare-fastify.mts');
writeFileSync(
  bareFastifyFile,
  [
    `import Fastify from '${fastifyEntry.href}';`,
    'const app = Fastify();',
    "app.get('/api/health', async () => ({ status: 'ok' }));",
    "await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });",
  ].join('\n'),
);
const bareFastify = async () => {
  const port = await freePort();
  return timeStart(process.execPath, [bareFastifyFile], {
    cwd: apiDir,
    env: { PORT: String(port) },
    port,
  });
};

const serverAlone = async () => {
  const port = await freePort();
  return timeStart(process.execPath, ['src/server.ts'], {
    cwd: apiDir,
    env: serverEnv(port),
    port,
  });
};

const UP_TO_DATE = /up to date, not rebuilt/g;
/** `npm start` runs whose builds were up to date; one that rebuilt is counted apart. */
async function npmStarts(times: number): Promise<{ figures: Figures; rebuilt: number[] }> {
  const upToDate: number[] = [];
  const rebuilt: number[] = [];
  // Sources edited while the bench runs make a start rebuild: such a run is tried again, within bounds.
  while (upToDate.length < times && rebuilt.length < times * 2) {
    const port = await freePort();
    const run = await timeStart('npm', ['start'], { cwd: root, env: serverEnv(port), port });
    if ((run.output.match(UP_TO_DATE) ?? []).length >= 2) upToDate.push(run.seconds);
    else rebuilt.push(run.seconds);
  }
  return { figures: figuresOf(upToDate), rebuilt };
}

const cacheDir = join(root, 'node_modules/.cache/stod-api');
const templates = () =>
  existsSync(cacheDir) ? readdirSync(cacheDir).filter((name) => name.startsWith('pglite-')) : [];

try {
  console.log('Start-up: spawn → /api/health 200');
  const node = await repeat(RUNS, bareNode);
  console.log(`  baseline bare node -e http server:      ${line(node)}`);
  await bareFastify(); // the file system's cache, as the server's runs have it
  const fastify = await repeat(RUNS, bareFastify);
  console.log(`  baseline bare Fastify (.ts):            ${line(fastify)}`);

  // The first start after a change to the migrations makes the database template: shown apart.
  const hadTemplate = templates().length;
  const first = await serverAlone();
  const made = templates().length > hadTemplate;
  console.log(
    `  server alone, first run:                ${s(first.seconds)}${made ? ' (made the database template)' : ' (template already there)'}`,
  );
  const alone = await repeat(RUNS, serverAlone);
  console.log(
    `  (a) server alone, empty database:       ${line(alone)} = ${(alone.median / fastify.median).toFixed(1)}× bare Fastify, ${(alone.median / node.median).toFixed(1)}× bare node; ${alone.median < TARGET_S ? 'under' : 'OVER'} the ${String(TARGET_S)} s target`,
  );

  // The builds are brought up to date first, outside the timing.
  const build = spawnSync(process.execPath, ['scripts/build.mjs', '--if-changed'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (build.status !== 0) throw new Error('the web or console build failed');
  const { figures: all, rebuilt } = await npmStarts(NPM_RUNS);
  console.log(
    `  (b) npm start, builds up to date:       ${line(all)} = ${(all.median / fastify.median).toFixed(1)}× bare Fastify; ${all.median < TARGET_S ? 'under' : 'OVER'} the ${String(TARGET_S)} s target` +
      (rebuilt.length > 0
        ? `\n      (left out: ${String(rebuilt.length)} run(s) that rebuilt an app, its sources having changed meanwhile: ${rebuilt.map(s).join(', ')})`
        : ''),
  );
  console.log(
    `      npm, the Node check and the build check: ~${s(Math.max(0, all.median - alone.median))} (difference of the medians)`,
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  cleanUp();
}
