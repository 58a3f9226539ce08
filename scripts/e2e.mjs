// Runs the Playwright suite after checking that a browser is there to run it.
import { spawnSync } from 'node:child_process';
import { findChromium } from './browser.mjs';

const browser = findChromium();
if (!browser) {
  console.error(
    [
      'No Chromium found for the end-to-end tests.',
      'Install one and run again:',
      '  Debian/Ubuntu:  sudo apt-get install -y chromium',
      '  or set CHROME_PATH=/path/to/chromium',
      '  or, with internet access: npx playwright install chromium',
    ].join('\n'),
  );
  process.exit(1);
}
process.env.CHROME_PATH = browser;
const result = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: process.env,
});
process.exit(result.status ?? 1);
