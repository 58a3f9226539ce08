// `npm run start:cluster`: Støð as it runs in production, on one machine. Several API processes
// (CLUSTER_NODES, default 2) on one PostgreSQL (DATABASE_URL) and one Redis (REDIS_URL), a
// balancer in front of them on PORT that hands each new connection to the next process in turn
// (a process that refuses connections is passed over), and the station process, whose sites and
// chargers dial the balancer as real ones would. One Ctrl-C stops them all; if one ends, so do
// the rest. CLUSTER_FRESH_DATABASE=true empties the named database first (never in production).
import { spawn } from 'node:child_process';
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
const count = Math.max(1, Number(env.CLUSTER_NODES ?? '2'));
const backends = Array.from({ length: count }, (_, i) => port + 10 + i);
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

// The balancer: each new connection goes to the next process; one that refuses is passed over.
let next = 0;
const balancer = createServer((incoming) => {
  incoming.on('error', () => undefined);
  const start = next;
  next = (next + 1) % backends.length;
  const tryAt = (tries) => {
    if (tries >= backends.length) {
      incoming.destroy();
      return;
    }
    const backend = backends[(start + tries) % backends.length];
    const outgoing = connect(backend, '127.0.0.1');
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
await new Promise((resolve) => balancer.listen(port, host, resolve));

const publicUrl = env.PUBLIC_URL ?? `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`;
const shared = { ...env, SITE_SECRET: secret, PUBLIC_URL: publicUrl };
const children = [
  ...backends.map((backendPort) =>
    spawn(process.execPath, ['src/server.ts'], {
      cwd: api,
      env: { ...shared, PORT: String(backendPort), HOST: '127.0.0.1', SIM_CHARGERS: 'false' },
      stdio: 'inherit',
    }),
  ),
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
];
console.log(
  `cluster: ${count} API processes on ${backends.join(', ')} behind http://${host}:${port}; the station process dials it`,
);

let code = null;
const stopAll = (signal) => {
  for (const child of children) if (child.exitCode === null) child.kill(signal);
};
for (const child of children)
  child.once('exit', (exitCode, signal) => {
    code ??= exitCode ?? (signal ? 1 : 0);
    stopAll('SIGTERM');
    if (children.every((c) => c.exitCode !== null || c.signalCode !== null)) {
      balancer.close();
      process.exit(code);
    }
  });
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    stopAll(signal);
  });
