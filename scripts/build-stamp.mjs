// What a build of apps/web or apps/console was made from, so `npm start` can skip a build whose
// inputs have not changed. The stamp is a SHA-256 over every input: the app's own files, the
// shared packages under packages/, the root package files and lockfile, the installed
// dependency tree, the Node version, and the environment the build reads (VITE_* and NODE_ENV).
// It is kept as dist/.build-stamp and written only after a build has finished, and it is
// removed before a build starts: a failed or interrupted build leaves no stamp, and the next
// start builds again. A build that comes to read anything else (a file outside the app and
// packages/, another variable) must be added here, or a change to it would not rebuild.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

export const STAMP_FILE = '.build-stamp';

/**
 * Folders that hold no build input: installed packages, build output, and the native projects
 * and their web copy that `npm run shells` generates from the build.
 */
const SKIPPED_FOLDERS = new Set([
  'node_modules',
  'dist',
  // The prerender's own build (apps/web/vite.config.ts), an output like dist.
  'dist-ssr',
  '.git',
  'dist-native',
  'android',
  'ios',
]);

/** Root files that change what a build makes. */
const ROOT_FILES = [
  'package.json',
  'package-lock.json',
  'tsconfig.base.json',
  // npm's record of what is installed: it changes with every install that changes node_modules.
  'node_modules/.package-lock.json',
];

/** The environment a Vite build reads: its VITE_* variables, and NODE_ENV for the mode. */
export function buildEnv(env = process.env) {
  return Object.keys(env)
    .filter((name) => name.startsWith('VITE_') || name === 'NODE_ENV')
    .sort()
    .map((name) => `${name}=${env[name] ?? ''}`);
}

/** Every file under `dir`, as paths relative to `root` with `/`, in a fixed order. */
function filesUnder(root, dir) {
  const found = [];
  const walk = (at) => {
    let entries;
    try {
      entries = readdirSync(at, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const path = join(at, entry.name);
      if (entry.isDirectory()) {
        if (!SKIPPED_FOLDERS.has(entry.name)) walk(path);
      } else if (entry.isFile() || entry.isSymbolicLink()) {
        found.push(relative(root, path).split(sep).join('/'));
      }
    }
  };
  walk(join(root, dir));
  return found;
}

/** The workspace folders under packages/, from the root package.json. */
function sharedPackages(root) {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const workspaces = Array.isArray(pkg.workspaces) ? pkg.workspaces : [];
  return workspaces.filter((w) => typeof w === 'string' && w.startsWith('packages/'));
}

/**
 * The hash of everything a build of `app` (a folder such as `apps/web`) is made from.
 * `root` is the repository; `env` and `nodeVersion` are those of the build.
 */
export function inputsHash(
  root,
  app,
  { env = process.env, nodeVersion = process.version, packages = sharedPackages(root) } = {},
) {
  const hash = createHash('sha256');
  hash.update(`app ${app}\0node ${nodeVersion}\0`);
  for (const line of buildEnv(env)) hash.update(`env ${line}\0`);
  const files = [
    ...ROOT_FILES.filter((file) => existsSync(join(root, file))),
    ...[app, ...packages].flatMap((dir) => filesUnder(root, dir)),
  ].sort();
  for (const file of files) {
    let bytes;
    try {
      bytes = readFileSync(join(root, file));
    } catch {
      // A dangling link or a file removed while reading: its name still counts.
      bytes = Buffer.alloc(0);
    }
    hash.update(`file ${file} ${String(bytes.length)}\0`);
    hash.update(bytes);
  }
  return hash.digest('hex');
}

const stampPath = (root, app) => join(root, app, 'dist', STAMP_FILE);

/** Whether `app`'s dist is a finished build of exactly these inputs. */
export function isUpToDate(root, app, hash) {
  if (!existsSync(join(root, app, 'dist', 'index.html'))) return false;
  try {
    return readFileSync(stampPath(root, app), 'utf8').trim() === hash;
  } catch {
    return false;
  }
}

/** Before a build: the dist about to be rebuilt is no longer a build of anything known. */
export function clearStamp(root, app) {
  rmSync(stampPath(root, app), { force: true });
}

/** After a finished build of inputs with this hash. */
export function writeStamp(root, app, hash) {
  writeFileSync(stampPath(root, app), `${hash}\n`);
}
