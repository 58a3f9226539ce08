import type { Db } from './client.ts';

const statements = new WeakMap<object, Map<string, unknown>>();

/**
 * A prepared statement of this database, made once and kept: the queries every request runs
 * (the session behind a token, the signed-in user) skip parsing and planning after the first.
 * On PGlite that halves their cost; on PostgreSQL each pooled connection prepares it once.
 */
export function prepared<T>(db: Db, name: string, build: (db: Db) => T): T {
  let byName = statements.get(db);
  if (!byName) {
    byName = new Map();
    statements.set(db, byName);
  }
  let statement = byName.get(name) as T | undefined;
  if (statement === undefined) {
    statement = build(db);
    byName.set(name, statement);
  }
  return statement;
}
