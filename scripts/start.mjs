// `npm start`: the API and, beside it, the station process that plays every demo station's
// pumps and wash bays over the site protocol. One Ctrl-C (or SIGTERM) stops both; if either
// ends, the other is stopped too and the exit code is the first one's.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const api = fileURLToPath(new URL('../apps/api', import.meta.url));
const production = process.env.NODE_ENV === 'production';
// The development secret (config/fields.ts) is the station process's default too; production
// names its own, and refuses this one.
const env = {
  ...process.env,
  ...(production || process.env.SITE_SECRET ? {} : { SITE_SECRET: 'stod-development-site-secret' }),
};
const withStations = process.env.START_STATIONS !== 'false' && Boolean(env.SITE_SECRET);

const children = [
  spawn(process.execPath, ['src/server.ts'], { cwd: api, env, stdio: 'inherit' }),
  ...(withStations
    ? [spawn(process.execPath, ['src/cli/stations.ts'], { cwd: api, env, stdio: 'inherit' })]
    : []),
];

let code = null;
const stopAll = (signal) => {
  for (const child of children) if (child.exitCode === null) child.kill(signal);
};
for (const child of children)
  child.once('exit', (exitCode, signal) => {
    code ??= exitCode ?? (signal ? 1 : 0);
    stopAll('SIGTERM');
    if (children.every((c) => c.exitCode !== null || c.signalCode !== null)) process.exit(code);
  });
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    stopAll(signal);
  });
