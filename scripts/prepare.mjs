// `npm install` ends here (the root package's `prepare`), so that `npm start` afterwards has
// nothing left to make: the web app and the console are built (scripts/build.mjs, skipped when
// up to date), and the API makes the caches of its first start (apps/api/src/cli/warm.ts).
// It is only a head start: when a step fails, `npm install` still succeeds, and `npm start`
// builds or makes what is missing, where the error shows again.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
// STOD_SKIP_PREPARE=1 skips it, for an install that only needs the packages.
if (process.env.STOD_SKIP_PREPARE === '1') process.exit(0);

const steps = [
  ['builds', 'node', ['scripts/build.mjs', '--if-changed']],
  // Run as the server is (Node strips the types itself), so V8's cache holds the same code.
  ['first-start caches', process.execPath, ['apps/api/src/cli/warm.ts']],
];
for (const [what, command, args] of steps) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.warn(`prepare: the ${what} failed; \`npm start\` will make them instead.`);
    break;
  }
}
