import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;
const web = 'apps/web/src';
const api = 'apps/api/src';

/** The folders directly under `dir`, read at lint time so a new feature or module is covered. */
const foldersIn = (dir) =>
  readdirSync(`${root}/${dir}`, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();

const features = foldersIn(`${web}/features`);
const modules = foldersIn(`${api}/modules`);

/**
 * The web app's dependencies point one way: app → features → platform, lib, i18n, config and the
 * shared packages (@stod/ui, @stod/web-client, @stod/domain). A feature is a closed slice: it
 * never reaches into another one, so a feature can be changed or removed without reading the
 * others; what two features share moves down into lib, or into @stod/ui when the console needs
 * it too.
 */
const webZones = [
  {
    target: ['features', 'platform', 'lib', 'i18n', 'config.ts'].map((to) => `${web}/${to}`),
    from: `${web}/app`,
    message: 'Only app imports app: it is the top of the web app.',
  },
  ...features.map((feature) => ({
    target: `${web}/features/${feature}`,
    from: `${web}/features`,
    except: [`./${feature}`],
    message: 'A feature never imports another feature: move what both need into lib or @stod/ui.',
  })),
  {
    target: [`${web}/platform`, `${web}/lib`, `${web}/config.ts`],
    from: `${web}/features`,
    message: 'platform and lib sit below the features and never import them.',
  },
  {
    // The catalogue gathers each feature's own message bundles, and nothing else of a feature.
    target: `${web}/i18n`,
    from: [`${root}/${web}/features/**`],
    except: [`${root}/${web}/features/*/i18n/*.json`],
    message: 'i18n takes only the features’ message bundles (features/*/i18n/*.json).',
  },
];

/**
 * The API's modules (modules/<area>/) reach each other only through the other module's index.ts,
 * which names what the module offers: its service functions and types. Its repo.ts and the rest
 * stay private, so a module can change its tables without reading its callers.
 *
 * - app.ts is the composition root: it also mounts each module's routes.ts.
 * - services.ts is the composition root of the service context: it defines each module's jobs
 *   and gathers each module's realtime projections, so platform/realtime.ts imports no module.
 * - cli, seed, test helpers, plugins, platform and server.ts use a module through its index.ts.
 * - integrations, db, lib and config.ts are below the modules and never import them.
 * - bench/ measures a module's internals on purpose and stays outside these zones.
 */
const facades = modules.map((module) => `./${module}/index.ts`);
const modulesDir = `${api}/modules`;
const apiEntries = readdirSync(`${root}/${api}`).filter(
  (entry) => !['modules', 'app.ts', 'integrations', 'db', 'lib', 'config.ts'].includes(entry),
);
const apiZones = [
  ...modules.map((module) => ({
    target: `${modulesDir}/${module}`,
    from: modulesDir,
    except: [`./${module}`, ...facades],
    message: 'Another module is reached only through its index.ts.',
  })),
  {
    target: `${api}/app.ts`,
    from: modulesDir,
    except: [...facades, ...modules.map((module) => `./${module}/routes.ts`)],
    message: 'app.ts mounts a module’s routes.ts and otherwise uses its index.ts.',
  },
  {
    target: apiEntries.map((entry) => `${api}/${entry}`),
    from: modulesDir,
    except: facades,
    message: 'A module is reached only through its index.ts.',
  },
  {
    target: [`${api}/integrations`, `${api}/db`, `${api}/lib`, `${api}/config.ts`],
    from: modulesDir,
    message: 'integrations, db, lib and config sit below the modules and never import them.',
  },
];

/**
 * The API's floors, lowest first. A file imports its own floor and the floors below it, never one
 * above: the data and the tools at the bottom, then the devices and providers, the service
 * context, the HTTP plugins, the modules, the composition roots, the app, and what runs it. The
 * test helpers (src/test) stand apart: tests on every floor use them. The lint test builds its
 * matrix of forbidden and allowed imports from this same table.
 */
export const apiLayers = [
  ['db', 'lib', 'config', 'config.ts', 'compile-cache.ts'],
  ['integrations', 'static.ts'],
  ['platform'],
  ['plugins'],
  ['modules'],
  ['services.ts', 'seed'],
  ['app.ts'],
  ['server.ts', 'cli'],
];
const layerZones = apiLayers.slice(0, -1).map((floor, index) => ({
  target: floor.map((entry) => `${api}/${entry}`),
  from: apiLayers.slice(index + 1).flatMap((above) => above.map((entry) => `${api}/${entry}`)),
  message: `${floor.join(', ')} stand on floor ${String(index + 1)} of the API and import nothing above it (apiLayers).`,
}));

/**
 * The shared packages (@stod/domain, @stod/ui, @stod/web-client) know no app, and the two React
 * apps share only through them: the console adds nothing to the customer app and copies nothing.
 */
const domainZones = [
  { target: 'packages', from: 'apps', message: 'A shared package never imports an app.' },
  {
    target: 'apps/console',
    from: 'apps/web',
    message: 'The console shares with the customer app only through packages/.',
  },
  {
    target: 'apps/web',
    from: 'apps/console',
    message: 'The customer app shares with the console only through packages/.',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '.data/**',
      'e2e/artifacts/**',
      'test-results/**',
      'apps/api/src/db/migrations/**',
      '**/*.js',
      '**/*.mjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-confusing-void-expression': 'off',
    },
  },
  {
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      // Every relative import names its file with its extension, so the plain node resolution
      // finds it; no TypeScript resolver is needed.
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { basePath: root, zones: [...webZones, ...apiZones, ...domainZones] },
      ],
      // Type-only imports are erased at run time and do not count. A cycle between two modules
      // runs index → service → index → service: 4 steps; the bound of 10 finds such cycles across
      // several modules and keeps the walk from growing with the tree (the whole walk costs about
      // 1.5 s of lint today).
      'import-x/no-cycle': ['error', { maxDepth: 10, ignoreExternal: true }],
    },
  },
  {
    // The API's floors hold for its sources; tests stand above every floor and use them all.
    files: [`${api}/**/*.ts`],
    ignores: ['**/*.test.ts', `${api}/test/**`, `${api}/**/*.fixture.ts`],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { basePath: root, zones: [...webZones, ...apiZones, ...layerZones, ...domainZones] },
      ],
    },
  },
  {
    // SQL and the tables belong to a module's repo.ts, or a sibling named *-repo.ts when repo.ts
    // would grow too long. The service and the rest of the module call its small functions, so
    // every query of a module is found in one place and the tables can change under them.
    files: [`${api}/modules/**/*.ts`],
    ignores: [`${api}/modules/**/repo.ts`, `${api}/modules/**/*-repo.ts`, '**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              // drizzle-orm and its subpaths; db/schema, its index.ts and each of its files.
              regex: '^drizzle-orm(/|$)|(^|/)db/schema(/|$)',
              message:
                'SQL and the database schema are imported only by a module’s repo.ts or *-repo.ts: move the query there as a small function taking db or tx, and call it.',
            },
          ],
        },
      ],
    },
  },
  {
    files: [
      'apps/web/src/**/*.{ts,tsx}',
      'apps/console/src/**/*.{ts,tsx}',
      'packages/ui/src/**/*.{ts,tsx}',
      'packages/web-client/src/**/*.ts',
    ],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
    },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'e2e/**/*.ts'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
    },
  },
);
