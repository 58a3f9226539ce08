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
 * Zones that keep each floor of `layers` (lowest first, its entries under `base`) from importing
 * any floor above it. `upOnPurpose` names the few imports that go up by design:
 * `{ [entry]: { [entryAbove]: [globs under it] } }`.
 */
function floorZones(base, layers, name, upOnPurpose = {}) {
  const at = (entry) => (base ? `${base}/${entry}` : entry);
  return layers.slice(0, -1).flatMap((floor, index) =>
    layers
      .slice(index + 1)
      .flat()
      .map((above) => {
        const globs = floor.length === 1 ? upOnPurpose[floor[0]]?.[above] : undefined;
        return {
          target: floor.map(at),
          ...(globs
            ? {
                from: [`${root}/${at(above)}/**`],
                except: globs.map((glob) => `${root}/${at(above)}/${glob}`),
              }
            : { from: at(above) }),
          message: `${floor.join(', ')} stand on floor ${String(index + 1)} of ${name} and import nothing above it (${above}).`,
        };
      }),
  );
}

/**
 * The customer app's floors, lowest first: the configuration, the platform (browser and native
 * shells), the message catalogue, the shared lib, the features, and the app (route table,
 * shell) with the service worker. The catalogue takes one thing from above on purpose: each
 * feature's message bundles (features/<area>/i18n/*.json).
 */
export const webLayers = [
  ['config.ts'],
  ['platform'],
  ['i18n'],
  ['lib'],
  ['features'],
  ['app', 'sw'],
];

/** The console's floors, lowest first; its screens and its app (routes, shell) share a floor. */
export const consoleLayers = [['config.ts'], ['i18n'], ['lib'], ['screens', 'app'], ['main.tsx']];

/**
 * The repository's floors: the domain's rules, the packages both React apps share, and the apps.
 * A shared package knows no app, and the domain knows neither the design system nor the client.
 */
export const packageLayers = [
  ['packages/domain'],
  ['packages/web-client', 'packages/ui'],
  ['apps'],
];

/**
 * A feature is a closed slice: it never reaches into another one, so a feature can be changed or
 * removed without reading the others; what two features share moves down into lib, or into
 * @stod/ui when the console needs it too.
 */
const webZones = [
  ...floorZones(web, webLayers, 'the web app', { i18n: { features: ['*/i18n/*.json'] } }),
  ...floorZones('apps/console/src', consoleLayers, 'the console'),
  ...features.map((feature) => ({
    target: `${web}/features/${feature}`,
    from: `${web}/features`,
    except: [`./${feature}`],
    message: 'A feature never imports another feature: move what both need into lib or @stod/ui.',
  })),
];

/**
 * The API's modules (modules/<area>/) reach each other only through the other module's index.ts,
 * which names what the module offers: its service functions and types. Its repo.ts and the rest
 * stay private, so a module can change its tables without reading its callers.
 *
 * - Each module describes itself in its index.ts (platform/modules.ts): routes, jobs, watchers,
 *   realtime projections. services.ts lists the definitions and app.ts loops over that list, so
 *   neither reaches past a module's index.ts.
 * - cli, seed, test helpers, plugins, platform and server.ts use a module through its index.ts.
 * - integrations, db, lib and config.ts are below the modules and never import them.
 * - bench/ measures a module's internals on purpose and stays outside these zones.
 */
const facades = modules.map((module) => `./${module}/index.ts`);
const modulesDir = `${api}/modules`;
const apiEntries = readdirSync(`${root}/${api}`).filter(
  (entry) => !['modules', 'integrations', 'db', 'lib', 'config.ts'].includes(entry),
);
const apiZones = [
  ...modules.map((module) => ({
    target: `${modulesDir}/${module}`,
    from: modulesDir,
    except: [`./${module}`, ...facades],
    message: 'Another module is reached only through its index.ts.',
  })),
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
  ['server.ts', 'cli', 'station'],
];
const layerZones = floorZones(api, apiLayers, 'the API');

/**
 * The shared packages (@stod/domain, @stod/ui, @stod/web-client) know no app, and the two React
 * apps share only through them: the console adds nothing to the customer app and copies nothing.
 */
const domainZones = [
  ...floorZones('', packageLayers, 'the repository'),
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
      // Generated by `npm run shells`.
      'apps/web/android/**',
      'apps/web/ios/**',
      'apps/web/dist-native/**',
      // The prerender's build (apps/web/vite.config.ts).
      'apps/web/dist-ssr/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked.map((config) => ({
    ...config,
    files: ['**/*.ts', '**/*.tsx'],
  })),
  {
    files: ['**/*.ts', '**/*.tsx'],
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
    // The scripts (npm start, the build, the checks) and the config itself are plain JavaScript:
    // linted with the recommended rules, without the type-aware ones.
    files: ['**/*.mjs', '**/*.js'],
    languageOptions: { globals: { ...globals.node }, sourceType: 'module' },
    rules: {
      'no-unused-vars': ['error', { argsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    // The console's service worker: a classic worker script, served as it is.
    files: ['apps/console/public/sw.js'],
    languageOptions: { globals: { ...globals.serviceworker }, sourceType: 'script' },
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
