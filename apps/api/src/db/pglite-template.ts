import { createHash, randomBytes } from 'node:crypto';
import {
  constants,
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';

/**
 * A new embedded database spends most of its first start in PostgreSQL's initdb (several seconds
 * of WebAssembly), and then in the migrations. Both give the same files every time for the same
 * PGlite and the same migrations, so they are made once into a template data directory, kept
 * under node_modules/.cache, and a new data directory starts as a copy of it. The migrations
 * still run on the copy afterwards, as on any start, and find nothing left to do.
 *
 * The template's name is a hash of the PGlite version and of every file in the migration
 * folders, so a changed or added migration, or another PGlite, makes a new template.
 */

export interface MigrationSet {
  migrationsFolder: string;
  migrationsTable?: string;
}

/**
 * The repository's own cache of things made once and kept between starts (node_modules/.cache is
 * where tools keep theirs; it goes with `npm install` and is never committed).
 */
export const CACHE_ROOT = fileURLToPath(
  new URL('../../../../node_modules/.cache/stod-api/', import.meta.url),
);

function pgliteVersion(): string {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  let dir = dirname(entry);
  while (!existsSync(join(dir, 'package.json'))) {
    const up = dirname(dir);
    if (up === dir) return 'unknown';
    dir = up;
  }
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version?: string };
  return pkg.version ?? 'unknown';
}

function hashFolder(hash: ReturnType<typeof createHash>, folder: string, prefix = ''): void {
  const entries = readdirSync(folder, { withFileTypes: true }).sort((a, b) =>
    a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
  );
  for (const entry of entries) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) hashFolder(hash, path, `${prefix}${entry.name}/`);
    else if (entry.isFile()) {
      const bytes = readFileSync(path);
      hash.update(`${prefix}${entry.name}\0${String(bytes.length)}\0`);
      hash.update(bytes);
    }
  }
}

/** The template's name for these migrations on this PGlite. */
export function templateKey(sets: MigrationSet[]): string {
  const hash = createHash('sha256');
  // The layout of a template (format 2: the folder and its tarball).
  hash.update(`template 2\0pglite ${pgliteVersion()}\0`);
  for (const set of sets) {
    hash.update(`set ${set.migrationsTable ?? ''}\0`);
    hashFolder(hash, set.migrationsFolder);
  }
  return hash.digest('hex').slice(0, 24);
}

async function migrateAll(client: PGlite, sets: MigrationSet[]): Promise<void> {
  const db = drizzle(client);
  for (const set of sets) await migrate(db, set);
}

/** What a finished template holds: the data directory, and the same as a tarball. */
const DATA = 'pg';
const TARBALL = 'pg.tar';
const isTemplate = (dir: string) =>
  existsSync(join(dir, DATA, 'PG_VERSION')) && existsSync(join(dir, TARBALL));

/** Templates kept: those of the migrations of the last few branches and checkouts. */
const KEEP = 4;

/** Makes the template in a folder of its own and moves it into place in one step. */
async function makeTemplate(dir: string, sets: MigrationSet[]): Promise<void> {
  const building = `${dir}.building-${String(process.pid)}-${randomBytes(4).toString('hex')}`;
  try {
    mkdirSync(building);
    const client = new PGlite(join(building, DATA));
    try {
      await migrateAll(client, sets);
      // For databases in memory, which start from a tarball.
      const tarball = await client.dumpDataDir('none');
      writeFileSync(join(building, TARBALL), Buffer.from(await tarball.arrayBuffer()));
    } finally {
      await client.close();
    }
    try {
      renameSync(building, dir);
    } catch (error) {
      // Another process made the same template at the same time; theirs is as good.
      if (!isTemplate(dir)) throw error;
    }
  } finally {
    rmSync(building, { recursive: true, force: true });
  }
}

/** Removes all but the `keep` most recently used templates; one in use by a start is recent. */
function prune(root: string, keep: number): void {
  const templates = readdirSync(root)
    .filter((name) => /^pglite-[0-9a-f]+$/.test(name))
    .map((name) => ({ name, used: statSync(join(root, name)).mtimeMs }))
    .sort((a, b) => b.used - a.used);
  for (const { name } of templates.slice(keep))
    rmSync(join(root, name), { recursive: true, force: true });
}

export interface TemplateOptions {
  /** Where templates are kept; node_modules/.cache/stod-api of the repository by default. */
  cacheRoot?: string;
  /** How many templates to keep; KEEP by default. */
  keep?: number;
}

/** The template's folder for these migrations, made first when there is none. */
async function template(sets: MigrationSet[], options: TemplateOptions): Promise<string> {
  const root = options.cacheRoot ?? CACHE_ROOT;
  const dir = join(root, `pglite-${templateKey(sets)}`);
  if (isTemplate(dir)) {
    const now = new Date();
    utimesSync(dir, now, now);
  } else {
    mkdirSync(root, { recursive: true });
    await makeTemplate(dir, sets);
    prune(root, options.keep ?? KEEP);
  }
  return dir;
}

/**
 * Fills the PGlite data directory `pgDir`, which must not exist yet, with a copy of the template
 * for these migrations, making the template first when there is none. Answers whether it did;
 * when it cannot (say, a read-only cache), it leaves `pgDir` absent and PGlite makes a new
 * database there as before.
 */
export async function startFromTemplate(
  pgDir: string,
  sets: MigrationSet[],
  options: TemplateOptions = {},
): Promise<boolean> {
  if (existsSync(pgDir)) return false;
  const copying = `${pgDir}.copying-${randomBytes(4).toString('hex')}`;
  try {
    const dir = await template(sets, options);
    // Copied beside its place and then renamed, so a start cut off half-way leaves no half database.
    // A file system that can share blocks until they are written (btrfs, XFS) copies nothing.
    cpSync(join(dir, DATA), copying, { recursive: true, mode: constants.COPYFILE_FICLONE });
    renameSync(copying, pgDir);
    return true;
  } catch {
    rmSync(copying, { recursive: true, force: true });
    return false;
  }
}

/**
 * The template for these migrations as a tarball, for PGlite's `loadDataDir`: how a database in
 * memory starts without initdb. Undefined when there is no template to be had; PGlite then makes
 * the database itself.
 */
export async function templateTarball(
  sets: MigrationSet[],
  options: TemplateOptions = {},
): Promise<Blob | undefined> {
  try {
    const dir = await template(sets, options);
    return new Blob([readFileSync(join(dir, TARBALL))]);
  } catch {
    return undefined;
  }
}
