import { existsSync, readdirSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { apiLayers, consoleLayers, packageLayers, webLayers } from './eslint.config.js';

const root = import.meta.dirname;

// The boundary rules read no types, so type-aware parsing is left out: it would load both apps'
// TypeScript programs for nothing. Every other setting is the project's own eslint.config.js.
const eslint = new ESLint({
  cwd: root,
  overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
  ruleFilter: ({ ruleId }) => ruleId.startsWith('import-x/') || ruleId === 'no-restricted-imports',
});

/** Lints one import as if it were written in `file`; answers the rules it broke. */
async function brokenRules(file: string, importPath: string) {
  // The rules pass over an import they cannot resolve, so a case whose file has moved would pass
  // for nothing: it fails here instead.
  const target = importPath.startsWith('@stod/ui/')
    ? resolve(root, 'packages/ui/src', importPath.slice('@stod/ui/'.length))
    : importPath.startsWith('.')
      ? resolve(root, dirname(file), importPath)
      : resolve(root, 'node_modules', importPath);
  if (!existsSync(target)) throw new Error(`${importPath} does not exist beside ${file}`);
  const [result] = await eslint.lintText(`import '${importPath}';\n`, {
    filePath: `${root}/${file}`,
  });
  if (!result) throw new Error('ESLint answered no result');
  return result.messages.map((message) => message.ruleId ?? message.message);
}

const zone = ['import-x/no-restricted-paths'];
const cycle = ['import-x/no-cycle'];

const forbidden: [string, string, string][] = [
  // The web app: app → features → platform, lib, i18n, and the shared packages.
  [
    'a feature imports another feature',
    'apps/web/src/features/stations/x.ts',
    '../receipts/paging.ts',
  ],
  ['a feature imports app', 'apps/web/src/features/stations/x.ts', '../../app/routes.ts'],
  [
    'ui imports a feature',
    'packages/ui/src/X.tsx',
    '../../../apps/web/src/features/stations/store.ts',
  ],
  [
    'ui imports a feature’s messages',
    'packages/ui/src/X.tsx',
    '../../../apps/web/src/features/receipts/i18n/fo.json',
  ],
  ['ui imports the console', 'packages/ui/src/X.tsx', '../../../apps/console/src/main.tsx'],
  [
    'the API client imports an app',
    'packages/web-client/src/x.ts',
    '../../../apps/web/src/config.ts',
  ],
  ['the console imports the web app', 'apps/console/src/x.ts', '../../web/src/lib/api-client.ts'],
  ['the web app imports the console', 'apps/web/src/lib/x.ts', '../../../console/src/main.tsx'],
  ['lib imports a feature', 'apps/web/src/lib/x.ts', '../features/receipts/paging.ts'],
  ['platform imports a feature', 'apps/web/src/platform/x.ts', '../features/receipts/paging.ts'],
  ['i18n imports feature code', 'apps/web/src/i18n/x.ts', '../features/receipts/paging.ts'],
  ['domain imports an app', 'packages/domain/src/x.ts', '../../../apps/web/src/config.ts'],
  // The API: another module only through its index.ts.
  [
    'a module imports another’s repo.ts',
    'apps/api/src/modules/subscriptions/x.ts',
    '../wallet/repo.ts',
  ],
  [
    'a module imports another’s service.ts',
    'apps/api/src/modules/subscriptions/x.ts',
    '../wallet/service.ts',
  ],
  ['app.ts imports a module’s repo.ts', 'apps/api/src/app.ts', './modules/wallet/repo.ts'],
  // Each module describes itself in its index.ts; the composition roots read nothing else.
  ['app.ts imports a module’s routes.ts', 'apps/api/src/app.ts', './modules/wallet/routes.ts'],
  [
    'services.ts imports a module’s routes.ts',
    'apps/api/src/services.ts',
    './modules/wallet/routes.ts',
  ],
  [
    'platform imports a module’s service.ts',
    'apps/api/src/platform/x.ts',
    '../modules/wallet/service.ts',
  ],
  ['a plugin imports a module’s repo.ts', 'apps/api/src/plugins/x.ts', '../modules/auth/repo.ts'],
  ['the seed imports a module’s repo.ts', 'apps/api/src/seed/x.ts', '../modules/users/repo.ts'],
  [
    'integrations import a module',
    'apps/api/src/integrations/payments/x.ts',
    '../../modules/wallet/index.ts',
  ],
  ['db imports a module', 'apps/api/src/db/x.ts', '../modules/users/index.ts'],
  ['lib imports a module', 'apps/api/src/lib/x.ts', '../modules/users/index.ts'],
  // The floors: the platform takes what it needs of a module as a port, never by import.
  [
    'platform imports a module’s index.ts',
    'apps/api/src/platform/x.ts',
    '../modules/wallet/index.ts',
  ],
  ['a plugin imports a module’s index.ts', 'apps/api/src/plugins/x.ts', '../modules/auth/index.ts'],
  ['a module imports app.ts', 'apps/api/src/modules/wallet/x.ts', '../../app.ts'],
  ['a module imports services.ts', 'apps/api/src/modules/wallet/x.ts', '../../services.ts'],
  ['a module imports the seed', 'apps/api/src/modules/wallet/x.ts', '../../seed/index.ts'],
  ['a module imports the CLI', 'apps/api/src/modules/wallet/x.ts', '../../cli/warm.ts'],
  [
    'integrations import platform',
    'apps/api/src/integrations/payments/x.ts',
    '../../platform/bus.ts',
  ],
  ['db imports platform', 'apps/api/src/db/x.ts', '../platform/bus.ts'],
];

const allowed: [string, string, string][] = [
  ['a feature imports its own files', 'apps/web/src/features/stations/x.ts', './store.ts'],
  ['a feature imports lib', 'apps/web/src/features/stations/x.ts', '../../lib/api-client.ts'],
  ['a feature imports ui', 'apps/web/src/features/stations/x.ts', '@stod/ui/Button.tsx'],
  ['the console imports ui', 'apps/console/src/x.ts', '@stod/ui/Button.tsx'],
  ['app imports a feature', 'apps/web/src/app/x.ts', '../features/stations/store.ts'],
  [
    'i18n gathers a feature’s messages',
    'apps/web/src/i18n/x.ts',
    '../features/receipts/i18n/fo.json',
  ],
  ['a module imports its own repo.ts', 'apps/api/src/modules/wallet/x.ts', './repo.ts'],
  [
    'a module imports another’s index.ts',
    'apps/api/src/modules/subscriptions/x.ts',
    '../wallet/index.ts',
  ],
  [
    'a module imports integrations',
    'apps/api/src/modules/wallet/x.ts',
    '../../integrations/payments/port.ts',
  ],
];

describe('import boundaries', () => {
  it.each(forbidden)('fails when %s', async (_, file, importPath) => {
    // Several zones may name the same import; it is the one rule that breaks.
    expect([...new Set(await brokenRules(file, importPath))]).toEqual(zone);
  });

  it.each(allowed)('passes when %s', async (_, file, importPath) => {
    expect(await brokenRules(file, importPath)).toEqual([]);
  });

  it('fails on a cycle inside a module', async () => {
    // service.ts imports repo.ts; repo.ts importing service.ts back closes the loop.
    expect(await brokenRules('apps/api/src/modules/receipts/repo.ts', './service.ts')).toEqual(
      cycle,
    );
  });

  it('fails when auth imports account again: the two reach each other through their facades', async () => {
    // account's service uses auth's index; auth taking account's index back is the old cycle.
    expect(
      await brokenRules('apps/api/src/modules/auth/service.ts', '../account/index.ts'),
    ).toEqual(cycle);
  });

  it('gives every API module an index.ts', () => {
    const modules = readdirSync(`${root}/apps/api/src/modules`, { withFileTypes: true }).filter(
      (entry) => entry.isDirectory(),
    );
    expect(modules.length).toBeGreaterThan(0);
    for (const module of modules) {
      expect(existsSync(`${module.parentPath}/${module.name}/index.ts`), module.name).toBe(true);
    }
  });
});

/** SQL and the schema: in a module, only its repo.ts and its *-repo.ts import them. */
const sqlOnlyInRepo = ['no-restricted-imports'];

const sqlForbidden: [string, string, string][] = [
  ['a service imports drizzle-orm', 'apps/api/src/modules/vouchers/service.ts', 'drizzle-orm'],
  [
    'a service imports the schema',
    'apps/api/src/modules/vouchers/service.ts',
    '../../db/schema/index.ts',
  ],
  [
    'a service imports one file of the schema',
    'apps/api/src/modules/admin/service.ts',
    '../../db/schema/users.ts',
  ],
  [
    'a module’s other file imports drizzle-orm',
    'apps/api/src/modules/charging/registry.ts',
    'drizzle-orm/pg-core',
  ],
];

const sqlAllowed: [string, string, string][] = [
  ['a repo.ts imports drizzle-orm', 'apps/api/src/modules/vouchers/repo.ts', 'drizzle-orm'],
  [
    'a repo.ts imports the schema',
    'apps/api/src/modules/vouchers/repo.ts',
    '../../db/schema/index.ts',
  ],
  ['a *-repo.ts imports drizzle-orm', 'apps/api/src/modules/charging/tx-repo.ts', 'drizzle-orm'],
  [
    'a *-repo.ts imports the schema',
    'apps/api/src/modules/charging/registry-repo.ts',
    '../../db/schema/index.ts',
  ],
  [
    'a module’s test imports the schema',
    'apps/api/src/modules/vouchers/vouchers.test.ts',
    '../../db/schema/index.ts',
  ],
  [
    'a service imports the database client',
    'apps/api/src/modules/vouchers/service.ts',
    '../../db/client.ts',
  ],
];

describe('SQL only in repo files', () => {
  it.each(sqlForbidden)('fails when %s', async (_, file, importPath) => {
    expect(await brokenRules(file, importPath)).toEqual(sqlOnlyInRepo);
  });

  it.each(sqlAllowed)('passes when %s', async (_, file, importPath) => {
    expect(await brokenRules(file, importPath)).toEqual([]);
  });
});

/**
 * The API's floors (apiLayers in eslint.config.js), as a matrix: a file on each floor imports a
 * file of every floor below it and of its own, and never one of a floor above.
 */
const api = 'apps/api/src';
/** Where a file of a floor's first entry stands, and a real file of it to import. */
const FLOOR_FILES: Record<string, { probe: string; file: string }> = {
  db: { probe: 'db/x.ts', file: 'db/client.ts' },
  integrations: { probe: 'integrations/payments/x.ts', file: 'integrations/payments/port.ts' },
  platform: { probe: 'platform/x.ts', file: 'platform/context.ts' },
  plugins: { probe: 'plugins/x.ts', file: 'plugins/auth.ts' },
  modules: { probe: 'modules/wallet/x.ts', file: 'modules/wallet/index.ts' },
  'services.ts': { probe: 'services.ts', file: 'services.ts' },
  'app.ts': { probe: 'app.ts', file: 'app.ts' },
  'server.ts': { probe: 'server.ts', file: 'server.ts' },
};
const floors = apiLayers.map((floor, index) => {
  const first = floor[0] ?? '';
  const files = FLOOR_FILES[first];
  if (!files) throw new Error(`no probe for the floor of ${first}`);
  return { name: first, number: index + 1, ...files };
});
const importOf = (probe: string, file: string) => {
  const path = relative(dirname(`${api}/${probe}`), `${api}/${file}`);
  return path.startsWith('.') ? path : `./${path}`;
};
const upward = floors.flatMap((low) =>
  floors
    .filter((high) => high.number > low.number)
    .map((high): [string, string, string] => [
      `${low.name} (floor ${String(low.number)}) imports ${high.name} (floor ${String(high.number)})`,
      `${api}/${low.probe}`,
      importOf(low.probe, high.file),
    ]),
);
const downward = floors.flatMap((high) =>
  floors
    .filter((low) => low.number <= high.number && low.file !== high.probe)
    .map((low): [string, string, string] => [
      `${high.name} (floor ${String(high.number)}) imports ${low.name} (floor ${String(low.number)})`,
      `${api}/${high.probe}`,
      importOf(high.probe, low.file),
    ]),
);

describe('the API’s floors', () => {
  it('has a probe for every floor, and every floor’s entries exist', () => {
    for (const floor of apiLayers)
      for (const entry of floor) expect(existsSync(`${root}/${api}/${entry}`), entry).toBe(true);
    expect(upward.length).toBe((floors.length * (floors.length - 1)) / 2);
  });

  it.each(upward)('fails when %s', async (_, file, importPath) => {
    expect(await brokenRules(file, importPath)).toContain('import-x/no-restricted-paths');
  });

  it.each(downward)('passes when %s', async (_, file, importPath) => {
    expect(await brokenRules(file, importPath)).toEqual([]);
  });
});

/**
 * The web app's, the console's and the repository's floors (webLayers, consoleLayers,
 * packageLayers in eslint.config.js), as the same matrix: every import up fails, every import
 * down or across a floor passes.
 */
interface Probe {
  probe: string;
  file: string;
}
function floorMatrix(
  base: string,
  layers: string[][],
  probes: Record<string, Probe>,
): { up: [string, string, string][]; down: [string, string, string][]; entries: string[] } {
  const at = (path: string) => (base ? `${base}/${path}` : path);
  const named = layers.map((floor, index) => {
    const first = floor[0] ?? '';
    const files = probes[first];
    if (!files) throw new Error(`no probe for the floor of ${first}`);
    return { name: first, number: index + 1, ...files };
  });
  const path = (from: string, to: string) => {
    const relation = relative(dirname(at(from)), at(to));
    return relation.startsWith('.') ? relation : `./${relation}`;
  };
  const pairs = (keep: (mine: number, theirs: number) => boolean) =>
    named.flatMap((one) =>
      named
        .filter((other) => keep(one.number, other.number) && other.file !== one.probe)
        .map((other): [string, string, string] => [
          `${one.name} (floor ${String(one.number)}) imports ${other.name} (floor ${String(other.number)})`,
          at(one.probe),
          path(one.probe, other.file),
        ]),
    );
  return {
    up: pairs((mine, theirs) => theirs > mine),
    down: pairs((mine, theirs) => theirs <= mine),
    entries: layers.flat().map(at),
  };
}

const web = floorMatrix('apps/web/src', webLayers, {
  'config.ts': { probe: 'config.ts', file: 'config.ts' },
  platform: { probe: 'platform/x.ts', file: 'platform/browser.ts' },
  i18n: { probe: 'i18n/x.ts', file: 'i18n/index.ts' },
  lib: { probe: 'lib/x.ts', file: 'lib/api-client.ts' },
  features: { probe: 'features/stations/x.ts', file: 'features/stations/store.ts' },
  app: { probe: 'app/x.ts', file: 'app/routes.ts' },
});
const console_ = floorMatrix('apps/console/src', consoleLayers, {
  'config.ts': { probe: 'config.ts', file: 'config.ts' },
  i18n: { probe: 'i18n/x.ts', file: 'i18n/index.ts' },
  lib: { probe: 'lib/x.ts', file: 'lib/api.ts' },
  screens: { probe: 'screens/x.ts', file: 'screens/KitchenBoard.tsx' },
  'main.tsx': { probe: 'main.tsx', file: 'main.tsx' },
});
const repository = floorMatrix('', packageLayers, {
  'packages/domain': { probe: 'packages/domain/src/x.ts', file: 'packages/domain/src/index.ts' },
  'packages/web-client': {
    probe: 'packages/web-client/src/x.ts',
    file: 'packages/web-client/src/index.ts',
  },
  apps: { probe: 'apps/web/src/x.ts', file: 'apps/web/src/config.ts' },
});

describe.each([
  ['the web app', web],
  ['the console', console_],
  ['the repository', repository],
])('%s’s floors', (_, matrix) => {
  it('names entries that exist', () => {
    for (const entry of matrix.entries) expect(existsSync(`${root}/${entry}`), entry).toBe(true);
  });

  it.each(matrix.up)('fails when %s', async (_name, file, importPath) => {
    expect(await brokenRules(file, importPath)).toContain('import-x/no-restricted-paths');
  });

  it.each(matrix.down)('passes when %s', async (_name, file, importPath) => {
    expect(await brokenRules(file, importPath)).toEqual([]);
  });
});

describe('imports that go up on purpose, or across', () => {
  it('the catalogue takes a feature’s message bundle, and no other file of it', async () => {
    expect(
      await brokenRules('apps/web/src/i18n/x.ts', '../features/receipts/i18n/fo.json'),
    ).toEqual([]);
    expect(await brokenRules('apps/web/src/i18n/x.ts', '../features/receipts/paging.ts')).toContain(
      'import-x/no-restricted-paths',
    );
  });

  it('the domain imports neither the design system nor the client, by package name', async () => {
    expect(await brokenRules('packages/domain/src/x.ts', '@stod/ui/Button.tsx')).toContain(
      'import-x/no-restricted-paths',
    );
  });
});

describe('the scripts', () => {
  it('are linted: a script with an unused name fails', async () => {
    const plain = new ESLint({ cwd: root });
    const [result] = await plain.lintText('const unused = 1;\n', {
      filePath: `${root}/scripts/x.mjs`,
    });
    expect(result?.messages.map((message) => message.ruleId)).toEqual(['no-unused-vars']);
  });
});
