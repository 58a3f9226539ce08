import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { startFromTemplate, templateTarball } from './pglite-template.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  ping: () => Promise<boolean>;
  /**
   * Runs `work` while no other process runs work under the same lock (a PostgreSQL advisory
   * lock held on one connection; the embedded database has one process anyway).
   */
  exclusive: <T>(lock: number, work: () => Promise<T>) => Promise<T>;
  /** The pool's clients now (PostgreSQL); null for the embedded database, which has one. */
  pool: () => { total: number; idle: number; waiting: number } | null;
  close: () => Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
/** The simulators' own tables: made only where a simulator runs, never in production's schema. */
const simulatorMigrations = {
  migrationsFolder: fileURLToPath(new URL('./migrations-sim', import.meta.url)),
  migrationsTable: '__drizzle_simulator_migrations',
};

// Any fixed numbers work, as long as every process uses the same ones.
const MIGRATION_LOCK = 7_310_482;
/** The demo seed: processes that start together seed once. */
export const SEED_LOCK = 7_310_483;

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  dataDir: string;
  poolSize?: number;
  /** Told when PostgreSQL drops an idle connection (a restart, a failover); the pool reconnects. */
  onConnectionError?: (error: Error) => void;
  /** Also make the tables of the built-in simulators. */
  simulators?: boolean;
}

/**
 * Opens PostgreSQL when a URL is given, else the embedded PGlite, and brings
 * the schema up to date with the same migrations on both.
 */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.databaseUrl
    ? openPostgres(
        options.databaseUrl,
        options.poolSize ?? 10,
        options.onConnectionError,
        options.simulators ?? false,
      )
    : openPglite(options.dataDir, options.simulators ?? false);
}

async function openPglite(dataDir: string, simulators: boolean): Promise<Database> {
  const inMemory = dataDir === ':memory:';
  // A new database starts as a copy of the migrated template instead of running initdb.
  const sets = simulators ? [{ migrationsFolder }, simulatorMigrations] : [{ migrationsFolder }];
  let client: PGlite;
  if (inMemory) {
    const loadDataDir = await templateTarball(sets);
    client = loadDataDir ? new PGlite({ loadDataDir }) : new PGlite();
  } else {
    mkdirSync(dataDir, { recursive: true });
    await startFromTemplate(`${dataDir}/pg`, sets);
    client = new PGlite(`${dataDir}/pg`);
  }
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  if (simulators) await migratePglite(db, simulatorMigrations);
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    exclusive: (_lock, work) => work(),
    pool: () => null,
    ping: async () => {
      try {
        await client.query('select 1');
        return true;
      } catch {
        return false;
      }
    },
    close: () => client.close(),
  };
}

async function openPostgres(
  url: string,
  poolSize: number,
  onConnectionError: (error: Error) => void = () => undefined,
  simulators = false,
): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // Without a listener, a dropped idle connection would be an unhandled 'error' and end the process.
  pool.on('error', onConnectionError);
  // Several API processes may start at once: one migrates while the others wait.
  const conn = await pool.connect();
  try {
    const lockDb = drizzleNodePg(conn, { schema });
    await lockDb.execute(sql`select pg_advisory_lock(${MIGRATION_LOCK})`);
    try {
      await migrateNodePg(lockDb, { migrationsFolder });
      if (simulators) await migrateNodePg(lockDb, simulatorMigrations);
    } finally {
      await lockDb.execute(sql`select pg_advisory_unlock(${MIGRATION_LOCK})`);
    }
  } finally {
    conn.release();
  }
  const db = drizzleNodePg(pool, { schema });
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    pool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    async exclusive(lock, work) {
      const held = await pool.connect();
      try {
        await held.query('select pg_advisory_lock($1)', [lock]);
        try {
          return await work();
        } finally {
          await held.query('select pg_advisory_unlock($1)', [lock]);
        }
      } finally {
        held.release();
      }
    },
    ping: async () => {
      try {
        await pool.query('select 1');
        return true;
      } catch {
        return false;
      }
    },
    close: () => pool.end(),
  };
}
