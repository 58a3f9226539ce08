import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildEnv, clearStamp, inputsHash, isUpToDate, writeStamp } from './build-stamp.mjs';

let root;

const write = (path, text) => {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
};

/** A small repository: two apps and the shared packages, as in the real one. */
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'stod-stamp-'));
  write(
    'package.json',
    JSON.stringify({
      workspaces: ['packages/domain', 'packages/ui', 'packages/web-client', 'apps/web'],
    }),
  );
  write('package-lock.json', '{"lockfileVersion":3}');
  write('tsconfig.base.json', '{}');
  write('node_modules/.package-lock.json', '{"packages":{}}');
  write('node_modules/vite/index.js', 'installed');
  write('apps/web/package.json', '{"name":"@stod/web"}');
  write('apps/web/vite.config.ts', 'export default {};');
  write('apps/web/index.html', '<!doctype html>');
  write('apps/web/src/main.tsx', 'main');
  write('apps/web/dist/index.html', 'built');
  write('apps/console/src/main.tsx', 'console');
  write('packages/ui/src/button.tsx', 'button');
  write('packages/domain/src/money.ts', 'money');
  write('packages/web-client/src/client.ts', 'client');
});
afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

const ENV = { VITE_API_URL: '', NODE_ENV: 'production', HOME: '/home/a' };
const hashOf = (env = ENV) => inputsHash(root, 'apps/web', { env, nodeVersion: 'v24.0.0' });

/** Builds: the stamp of the inputs as they are now. */
const build = () => {
  const hash = hashOf();
  clearStamp(root, 'apps/web');
  writeStamp(root, 'apps/web', hash);
};

describe('the web build is skipped only when nothing it is made from has changed', () => {
  it('is up to date after a build, and stays so while nothing changes', () => {
    expect(isUpToDate(root, 'apps/web', hashOf())).toBe(false);
    build();
    expect(isUpToDate(root, 'apps/web', hashOf())).toBe(true);
    expect(hashOf()).toBe(hashOf());
  });

  it.each([
    ['a source file of the app', 'apps/web/src/main.tsx'],
    ['a new source file', 'apps/web/src/new.ts'],
    ['index.html', 'apps/web/index.html'],
    ['the Vite config', 'apps/web/vite.config.ts'],
    ["the app's package.json", 'apps/web/package.json'],
    ['an .env file of the app', 'apps/web/.env.local'],
    ['packages/ui', 'packages/ui/src/button.tsx'],
    ['packages/domain', 'packages/domain/src/money.ts'],
    ['packages/web-client', 'packages/web-client/src/client.ts'],
    ['the lockfile', 'package-lock.json'],
    ['the root package.json', 'package.json'],
    ['the shared TypeScript settings', 'tsconfig.base.json'],
    ['the installed dependencies', 'node_modules/.package-lock.json'],
  ])('builds again after a change to %s', (_what, path) => {
    build();
    write(path, path === 'package.json' ? '{"workspaces":["packages/ui"],"x":1}' : 'changed');
    expect(isUpToDate(root, 'apps/web', hashOf())).toBe(false);
  });

  it('builds again when a file is removed or renamed', () => {
    build();
    rmSync(join(root, 'packages/domain/src/money.ts'));
    expect(isUpToDate(root, 'apps/web', hashOf())).toBe(false);
    build();
    write('packages/domain/src/cash.ts', 'money');
    expect(isUpToDate(root, 'apps/web', hashOf())).toBe(false);
  });

  it('builds again when a VITE_ variable or NODE_ENV changes, is added or is removed', () => {
    build();
    expect(isUpToDate(root, 'apps/web', hashOf({ ...ENV, VITE_API_URL: 'https://x' }))).toBe(false);
    expect(isUpToDate(root, 'apps/web', hashOf({ ...ENV, VITE_NEW: '1' }))).toBe(false);
    expect(isUpToDate(root, 'apps/web', hashOf({ NODE_ENV: 'production', HOME: '/' }))).toBe(false);
    expect(isUpToDate(root, 'apps/web', hashOf({ ...ENV, NODE_ENV: 'development' }))).toBe(false);
  });

  it('builds again on another Node', () => {
    build();
    const other = inputsHash(root, 'apps/web', { env: ENV, nodeVersion: 'v25.0.0' });
    expect(isUpToDate(root, 'apps/web', other)).toBe(false);
  });

  it('ignores what is no input: other variables, the build output, node_modules, the console', () => {
    build();
    write('apps/web/dist/assets/app.js', 'output');
    write('apps/web/dist-ssr/prerender.js', 'the prerender build');
    write('apps/web/node_modules/.vite/deps.json', 'cache');
    write('node_modules/vite/index.js', 'reinstalled');
    write('apps/console/src/main.tsx', 'console changed');
    expect(isUpToDate(root, 'apps/web', hashOf({ ...ENV, HOME: '/elsewhere', PATH: '/bin' }))).toBe(
      true,
    );
  });

  it('builds again when the stamp is missing, cleared for a build, or dist has no index.html', () => {
    build();
    clearStamp(root, 'apps/web');
    expect(isUpToDate(root, 'apps/web', hashOf())).toBe(false);
    build();
    rmSync(join(root, 'apps/web/dist/index.html'));
    expect(isUpToDate(root, 'apps/web', hashOf())).toBe(false);
  });

  it('counts a dangling link by its name', () => {
    symlinkSync(join(root, 'nowhere'), join(root, 'apps/web/src/link.ts'));
    const hash = hashOf();
    rmSync(join(root, 'apps/web/src/link.ts'));
    expect(hashOf()).not.toBe(hash);
  });

  it('reads only VITE_ variables and NODE_ENV from the environment, in a fixed order', () => {
    expect(buildEnv({ VITE_B: '2', PATH: '/bin', VITE_A: '1', NODE_ENV: 'production' })).toEqual([
      'NODE_ENV=production',
      'VITE_A=1',
      'VITE_B=2',
    ]);
  });
});
