// `npm run cluster`: Støð as it runs in production, on one machine. Two API processes on one
// PostgreSQL (DATABASE_URL) and one Redis (REDIS_URL), HAProxy in front of them on PORT with the
// configuration in deploy/haproxy.cfg (Debian's package, installed when missing and this runs as
// root), and the station process, whose sites and chargers dial the balancer as real ones would.
// Without HAProxy a small built-in balancer stands in (each new connection to the next process
// that takes it), and says so. One Ctrl-C stops them all; if one ends, so do the rest.
// CLUSTER_FRESH_DATABASE=true empties the named database first (never in production).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect, createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const env = process.env;
const production = env.NODE_ENV === 'production';
for (const name of ['DATABASE_URL', 'REDIS_URL'])
  if (!env[name]) {
    console.error(`cluster: ${name} must be set; the processes share PostgreSQL and Redis.`);
    process.exit(2);
  }
const api = fileURLToPath(new URL('../apps/api', import.meta.url));
const host = env.HOST ?? '127.0.0.1';
const port = Number(env.PORT ?? '3000');
const backends = [port + 10, port + 11];
const secret = env.SITE_SECRET ?? (production ? null : 'stod-development-site-secret');
if (!secret) {
  console.error('cluster: SITE_SECRET must be set in production.');
  process.exit(2);
}

if (env.CLUSTER_FRESH_DATABASE === 'true') {
  if (production) {
    console.error('cluster: CLUSTER_FRESH_DATABASE is refused in production.');
    process.exit(2);
  }
  const url = new URL(env.DATABASE_URL);
  const name = decodeURIComponent(url.pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  const quoted = `"${name.replaceAll('"', '""')}"`;
  await client.query(`drop database if exists ${quoted} with (force)`);
  await client.query(`create database ${quoted}`);
  await client.end();
}

/** HAProxy's binary, installed from Debian's packages if it is missing and we may. */
function findHaproxy() {
  const known = ['/usr/sbin/haproxy', '/usr/local/sbin/haproxy'].find((path) => existsSync(path));
  if (known) return known;
  const which = spawnSync('sh', ['-c', 'command -v haproxy'], { encoding: 'utf8' });
  if (which.status === 0 && which.stdout.trim()) return which.stdout.trim();
  if (process.getuid?.() !== 0 || !existsSync('/usr/bin/apt-get')) return null;
  console.log('cluster: installing HAProxy (apt-get install haproxy)');
  const quiet = { stdio: 'ignore', env: { ...env, DEBIAN_FRONTEND: 'noninteractive' } };
  if (spawnSync('apt-get', ['install', '-y', '-qq', 'haproxy'], quiet).status !== 0) {
    spawnSync('apt-get', ['update', '-qq'], quiet);
    spawnSync('apt-get', ['install', '-y', '-qq', 'haproxy'], quiet);
  }
  return existsSync('/usr/sbin/haproxy') ? '/usr/sbin/haproxy' : null;
}

/** The stand-in: each new connection goes to the next process; one that refuses is passed over. */
async function builtInBalancer() {
  let next = 0;
  const server = createServer((incoming) => {
    incoming.on('error', () => undefined);
    const start = next;
    next = (next + 1) % backends.length;
    const tryAt = (tries) => {
      if (tries >= backends.length) {
        incoming.destroy();
        return;
      }
      const outgoing = connect(backends[(start + tries) % backends.length], '127.0.0.1');
      let joined = false;
      outgoing.once('connect', () => {
        joined = true;
        incoming.pipe(outgoing).pipe(incoming);
        incoming.once('close', () => outgoing.destroy());
        outgoing.once('close', () => incoming.destroy());
      });
      outgoing.once('error', () => {
        if (joined) incoming.destroy();
        else tryAt(tries + 1);
      });
    };
    tryAt(0);
  });
  await new Promise((resolve) => server.listen(port, host, resolve));
  return server;
}

const haproxy = env.CLUSTER_BALANCER === 'built-in' ? null : findHaproxy();
/** HAProxy's runtime API, a Unix socket only this user can open. */
const adminSocket = env.CLUSTER_ADMIN_SOCKET ?? join(tmpdir(), `stod-haproxy-${String(port)}.sock`);
const children = [];
let balancer = null;
if (haproxy) {
  children.push(
    spawn(
      haproxy,
      ['-db', '-f', fileURLToPath(new URL('../deploy/haproxy.cfg', import.meta.url))],
      {
        env: {
          ...env,
          STOD_BIND: `${host}:${port}`,
          STOD_API1: `127.0.0.1:${backends[0]}`,
          STOD_API2: `127.0.0.1:${backends[1]}`,
          STOD_ADMIN_SOCKET: adminSocket,
        },
        stdio: 'inherit',
      },
    ),
  );
} else {
  console.warn(
    'cluster: HAProxy is not installed; a built-in balancer without health checks stands in',
  );
  balancer = await builtInBalancer();
}

const publicUrl = env.PUBLIC_URL ?? `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`;
// The processes believe HAProxy's X-Forwarded-For; they drain for a few checks when stopped.
const shared = {
  ...env,
  SITE_SECRET: secret,
  PUBLIC_URL: publicUrl,
  TRUST_PROXY: env.TRUST_PROXY ?? 'loopback',
  SHUTDOWN_DRAIN_SECONDS: env.SHUTDOWN_DRAIN_SECONDS ?? '5',
};
/** One API process; the supervisor below starts it again when it dies, as systemd would. */
const apiProcess = (backendPort) =>
  spawn(process.execPath, ['src/server.ts'], {
    cwd: api,
    env: {
      ...shared,
      PORT: String(backendPort),
      HOST: '127.0.0.1',
      // Each process's figures on a port of its own: 3020 and 3021 beside 3010 and 3011.
      METRICS_PORT: String(backendPort + 10),
      SIM_CHARGERS: 'false',
    },
    stdio: 'inherit',
  });
children.push(
  spawn(process.execPath, ['src/cli/stations.ts'], {
    cwd: api,
    env: {
      ...shared,
      PORT: String(port),
      STATION_API_URL: `ws://127.0.0.1:${port}/site`,
      STATION_PAGE_PORT: env.STATION_PAGE_PORT ?? String(port + 1),
    },
    stdio: 'inherit',
  }),
);
const apis = backends.map(apiProcess);
console.log(
  `cluster: API processes on ${backends.join(' and ')} behind ${haproxy ? 'HAProxy' : 'the built-in balancer'} at http://${host}:${port}; the station process dials it`,
);
if (haproxy) console.log(`cluster: HAProxy's runtime API at ${adminSocket}`);

let code = null;
let stopping = false;
const running = () => [...children, ...apis];
const stopAll = (signal) => {
  stopping = true;
  for (const child of running())
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
};
const ended = (exitCode, signal) => {
  code ??= exitCode ?? (signal ? 1 : 0);
  stopAll('SIGTERM');
  if (running().every((c) => c.exitCode !== null || c.signalCode !== null)) {
    balancer?.close();
    process.exit(code);
  }
};
// The balancer or the station process ending ends the cluster; an API process that dies is
// started again a second later (the other serves meanwhile), until the cluster stops.
for (const child of children) child.once('exit', ended);
const supervise = (index) => {
  apis[index].once('exit', (exitCode, signal) => {
    if (stopping) {
      ended(exitCode, signal);
      return;
    }
    console.warn(
      `cluster: the API process on ${backends[index]} ended (${signal ?? `exit ${exitCode}`}); starting it again`,
    );
    setTimeout(
      () => {
        if (stopping) return;
        apis[index] = apiProcess(backends[index]);
        supervise(index);
      },
      Number(env.CLUSTER_RESTART_DELAY_SECONDS ?? '1') * 1000,
    );
  });
};
backends.forEach((_, index) => supervise(index));
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    stopAll(signal);
  });
