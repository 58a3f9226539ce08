import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from './client.ts';
import {
  startFromTemplate,
  templateKey,
  templateTarball,
  type MigrationSet,
} from './pglite-template.ts';

let work: string;

/** A migrations folder as drizzle-kit writes it, with one migration per statement. */
function migrationsWith(name: string, statements: string[]): MigrationSet {
  const folder = join(work, name);
  mkdirSync(join(folder, 'meta'), { recursive: true });
  const entries = statements.map((statement, idx) => {
    const tag = `000${String(idx)}_step`;
    writeFileSync(join(folder, `${tag}.sql`), statement);
    return { idx, version: '7', when: 1_700_000_000_000 + idx, tag, breakpoints: true };
  });
  writeFileSync(
    join(folder, 'meta', '_journal.json'),
    JSON.stringify({ version: '7', dialect: 'postgresql', entries }),
  );
  return { migrationsFolder: folder };
}

async function tablesIn(pgDir: string): Promise<string[]> {
  const client = new PGlite(pgDir);
  try {
    const result = await client.query<{ table_name: string }>(
      `select table_name from information_schema.tables where table_schema = 'public' order by 1`,
    );
    return result.rows.map((row) => row.table_name);
  } finally {
    await client.close();
  }
}

async function columnsOf(db: Db): Promise<string[]> {
  const result = (await db.execute(
    sql`select table_schema, table_name, column_name, data_type, column_default, is_nullable
      from information_schema.columns where table_schema in ('public', 'drizzle')
      order by 1, 2, 3`,
  )) as { rows: Record<string, unknown>[] };
  return result.rows.map((row) => JSON.stringify(row));
}

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'stod-template-'));
});
afterAll(() => {
  rmSync(work, { recursive: true, force: true });
});

describe('a new PGlite database from the migrated template', () => {
  it('starts as a copy of the template, made once and then reused', async () => {
    const sets = [migrationsWith('one', ['CREATE TABLE "alpha" ("id" integer PRIMARY KEY);'])];
    const cacheRoot = join(work, 'cache-one');

    const first = join(work, 'data-1', 'pg');
    mkdirSync(join(work, 'data-1'));
    expect(await startFromTemplate(first, sets, { cacheRoot })).toBe(true);
    const templates = readdirSync(cacheRoot);
    expect(templates).toEqual([`pglite-${templateKey(sets)}`]);

    const second = join(work, 'data-2', 'pg');
    mkdirSync(join(work, 'data-2'));
    expect(await startFromTemplate(second, sets, { cacheRoot })).toBe(true);
    expect(readdirSync(cacheRoot)).toEqual(templates);
    // Only the template and the two copies: no half-made folder is left behind.
    expect(readdirSync(join(work, 'data-2'))).toEqual(['pg']);

    expect(await tablesIn(first)).toEqual(['alpha']);
    // The copies are separate databases.
    const client = new PGlite(first);
    await client.exec('CREATE TABLE "only_in_first" ("id" integer);');
    await client.close();
    expect(await tablesIn(second)).not.toContain('only_in_first');
  });

  it('is named by the migrations: a changed or added migration makes another template', () => {
    const a = migrationsWith('a', ['CREATE TABLE "t" ("id" integer);']);
    const same = migrationsWith('same', ['CREATE TABLE "t" ("id" integer);']);
    const changed = migrationsWith('changed', ['CREATE TABLE "t" ("id" bigint);']);
    const added = migrationsWith('added', [
      'CREATE TABLE "t" ("id" integer);',
      'CREATE TABLE "u" ("id" integer);',
    ]);
    expect(templateKey([same])).toBe(templateKey([a]));
    expect(templateKey([changed])).not.toBe(templateKey([a]));
    expect(templateKey([added])).not.toBe(templateKey([a]));
    // Another migrations table, or a second set, is another template too.
    expect(templateKey([{ ...a, migrationsTable: 'other' }])).not.toBe(templateKey([a]));
    expect(templateKey([a, added])).not.toBe(templateKey([a]));
  });

  it('leaves an existing data directory alone', async () => {
    const sets = [migrationsWith('existing', ['CREATE TABLE "beta" ("id" integer);'])];
    const pgDir = join(work, 'data-existing', 'pg');
    mkdirSync(pgDir, { recursive: true });
    expect(await startFromTemplate(pgDir, sets, { cacheRoot: join(work, 'cache-x') })).toBe(false);
    expect(readdirSync(pgDir)).toEqual([]);
    expect(existsSync(join(work, 'cache-x'))).toBe(false);
  });

  it('answers false and makes nothing when the cache cannot be written', async () => {
    const sets = [migrationsWith('blocked', ['CREATE TABLE "gamma" ("id" integer);'])];
    // A file where the cache folder would be.
    const cacheRoot = join(work, 'not-a-folder');
    writeFileSync(cacheRoot, '');
    mkdirSync(join(work, 'data-blocked'));
    const pgDir = join(work, 'data-blocked', 'pg');
    expect(await startFromTemplate(pgDir, sets, { cacheRoot })).toBe(false);
    expect(readdirSync(join(work, 'data-blocked'))).toEqual([]);
  });

  it('gives the same schema as initdb and the migrations, on disk and in memory', async () => {
    const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
    const simulators = {
      migrationsFolder: fileURLToPath(new URL('./migrations-sim', import.meta.url)),
      migrationsTable: '__drizzle_simulator_migrations',
    };
    // The reference: a database made by initdb, with the migrations run on it.
    const client = new PGlite();
    const made = drizzle(client);
    await migrate(made, { migrationsFolder });
    await migrate(made, simulators);
    const reference = await columnsOf(made as unknown as Db);
    await client.close();
    expect(reference.length).toBeGreaterThan(100);

    const dataDir = join(work, 'server-data');
    for (const options of [{ dataDir }, { dataDir: ':memory:' }]) {
      const database = await openDatabase({ ...options, simulators: true });
      try {
        expect(await columnsOf(database.db)).toEqual(reference);
      } finally {
        await database.close();
      }
    }
    expect(existsSync(join(dataDir, 'pg', 'PG_VERSION'))).toBe(true);
  });

  it('keeps only the most recently used templates', async () => {
    const cacheRoot = join(work, 'cache-prune');
    const options = { cacheRoot, keep: 2 };
    const [a, b, c] = ['a', 'b', 'c'].map((n) => [
      migrationsWith(`prune-${n}`, [`CREATE TABLE "t_${n}" ("id" integer);`]),
    ]);
    if (!a || !b || !c) throw new Error('three sets');
    await templateTarball(a, options);
    await new Promise((resolve) => setTimeout(resolve, 20));
    await templateTarball(b, options);
    await new Promise((resolve) => setTimeout(resolve, 20));
    // a is used again: b is now the least recently used.
    expect(await templateTarball(a, options)).toBeInstanceOf(Blob);
    await new Promise((resolve) => setTimeout(resolve, 20));
    await templateTarball(c, options);
    expect(readdirSync(cacheRoot).sort()).toEqual(
      [`pglite-${templateKey(a)}`, `pglite-${templateKey(c)}`].sort(),
    );
  }, 60_000);
});
