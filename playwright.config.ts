import { defineConfig, devices } from '@playwright/test';
import { LAUNCH_OPTIONS } from './e2e/launch.ts';

const port = Number(process.env.E2E_PORT ?? 3100);
/**
 * With E2E_CLUSTER_DATABASE_URL and E2E_CLUSTER_REDIS_URL the journeys run against the cluster
 * (`npm run cluster`): two API processes on that PostgreSQL (emptied first) and Redis behind
 * HAProxy, and the station process dialling it.
 */
const clusterDatabase = process.env.E2E_CLUSTER_DATABASE_URL;
const clusterRedis = process.env.E2E_CLUSTER_REDIS_URL;
const cluster = clusterDatabase && clusterRedis ? { clusterDatabase, clusterRedis } : null;

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  reporter: [['list']],
  // No campaign runs while the journeys run (e2e/campaign-fixtures.ts).
  globalSetup: './e2e/global-setup.ts',
  use: {
    baseURL: `http://127.0.0.1:${String(port)}`,
    ...devices['Pixel 7'],
    viewport: { width: 390, height: 844 },
    locale: 'fo-FO',
    timezoneId: 'Atlantic/Faroe',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: LAUNCH_OPTIONS,
    // The production build registers a service worker, which would answer requests before a
    // spec's page.route() sees them. A spec that needs it says `test.use({ serviceWorkers: 'allow' })`.
    serviceWorkers: 'block',
  },
  projects: [{ name: 'chromium' }],
  webServer: {
    // The API and the station process, as `npm start` runs them (the build is made before), or
    // the cluster as `npm run cluster` runs it.
    command: cluster ? 'node scripts/cluster.mjs' : 'node scripts/start.mjs',
    url: `http://127.0.0.1:${String(port)}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: ':memory:',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: `http://127.0.0.1:${String(port)}`,
      // The update-modal journey needs a web minimum above the build's version.
      MIN_VERSION_WEB: '0.0.0',
      // The global limiter also counts the app's static files (~30 per page load in a fresh
      // browser context); the suite loads pages faster than any person would.
      RATE_LIMIT_PER_MINUTE: '100000',
      // The specs play the customer at the pump; five times the real pace keeps a wash's
      // countdown long enough to see and a fill short.
      SIM_SPEED: '5',
      SIM_AUTO_CUSTOMER: 'false',
      ...(cluster
        ? {
            DATABASE_URL: cluster.clusterDatabase,
            CLUSTER_FRESH_DATABASE: 'true',
            REDIS_URL: cluster.clusterRedis,
            REDIS_KEY_PREFIX: `stod-e2e-${String(Date.now())}:`,
          }
        : {}),
    },
  },
});
