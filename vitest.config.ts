import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest keeps a core for itself (cores - 1 workers), which on a two-core machine runs every
    // file one after another. Most files wait on a database, a child process or a timer, not on
    // the processor, so two at once take about 60 % of the time (decision 0063).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      { test: { name: 'domain', include: ['packages/domain/src/**/*.test.ts'] } },
      {
        test: {
          name: 'api',
          include: ['apps/api/src/**/*.test.ts'],
          // Each file builds its own app and database; argon2 and PGlite start-up need room.
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          // Logic tests (*.test.ts) run in Node. Component tests (*.test.tsx, Testing Library)
          // start with `// @vitest-environment happy-dom`: vitest picks the environment per file
          // only by such a comment, and one project keeps `--project web` running both.
          setupFiles: ['apps/web/src/test/setup.ts'],
        },
      },
      {
        test: {
          name: 'console',
          include: ['apps/console/src/**/*.test.{ts,tsx}'],
          setupFiles: ['apps/console/src/test/setup.ts'],
        },
      },
      // The repository's own scripts (scripts/*.mjs), such as the build stamp of `npm start`.
      { test: { name: 'scripts', include: ['scripts/**/*.test.mjs'] } },
      // The import boundaries of eslint.config.js; the first lint parses the imported files.
      { test: { name: 'lint', include: ['eslint.config.test.ts'], testTimeout: 30_000 } },
    ],
  },
});
