// Builds the web app and the console with Vite (`npm run build`), each into its dist/ with a
// stamp of what it was built from (build-stamp.mjs). With --if-changed (`npm start`), an app
// whose dist carries the stamp of its current inputs is not built again.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { clearStamp, inputsHash, isUpToDate, writeStamp } from './build-stamp.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const APPS = ['apps/web', 'apps/console'];
const ifChanged = process.argv.includes('--if-changed');

for (const app of APPS) {
  // Read before the build, so an edit made while it runs makes the next start build again.
  const hash = inputsHash(root, app);
  if (ifChanged && isUpToDate(root, app, hash)) {
    console.log(`${app}: up to date, not rebuilt (dist/.build-stamp)`);
    continue;
  }
  clearStamp(root, app);
  const result = spawnSync('npm', ['run', 'build', `--workspace=${app}`], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
  writeStamp(root, app, hash);
}
