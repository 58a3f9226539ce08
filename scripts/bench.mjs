// `npm run bench`: API figures relative to a bare Fastify route, realtime at 500 fills relative to a
// bare Socket.IO server, 5,000 OCPP chargers relative to a bare WebSocket echo, receipt PDFs, and
// the web bundle against its budget.
import { spawnSync } from 'node:child_process';

for (const file of [
  'bench/api.ts',
  'bench/fills.ts',
  'bench/charging.ts',
  'bench/pdf.ts',
  'bench/bundle.ts',
]) {
  const result = spawnSync('npx', ['tsx', file], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
