// `npm run fuzz`: the API's OpenAPI-driven fuzz test with many more requests than `npm test` sends.
// FUZZ_RUNS (requests per operation, default 250) and FUZZ_SEED (a number) may be set.
import { spawnSync } from 'node:child_process';

const env = { ...process.env, FUZZ_RUNS: process.env.FUZZ_RUNS ?? '250' };
const result = spawnSync(
  'npx',
  ['vitest', 'run', '--project', 'api', 'apps/api/src/test/fuzz.test.ts'],
  { stdio: 'inherit', env },
);
process.exit(result.status ?? 1);
