// `npm run bench`: API figures relative to a bare Fastify route (a database read also to the same
// SQL on a bare route), realtime at 500 fills relative to a bare Socket.IO server, 5,000 OCPP
// chargers relative to a bare WebSocket echo, receipt PDFs, the web bundle against its budget,
// Lighthouse's mobile profile on the first screens, and the time from `npm start` to a healthy API.
import { spawnSync } from 'node:child_process';

// The web build the bundle and Lighthouse figures read, rebuilt only when its inputs changed.
const build = spawnSync('node', ['scripts/build.mjs', '--if-changed'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

for (const file of [
  'bench/api.ts',
  'bench/fills.ts',
  'bench/charging.ts',
  'bench/pdf.ts',
  'bench/bundle.ts',
  'bench/lighthouse.ts',
  'bench/start.ts',
]) {
  const result = spawnSync('npx', ['tsx', file], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
