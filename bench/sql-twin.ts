// A read's twin: the SQL one of the API's answers runs, run again on a bare Fastify route through
// the same driver and the same pool (node-postgres) or the same embedded database (PGlite). The
// twin is the limit a database read can reach; what the API adds around its SQL (hooks, session,
// validation, serialisation) is the difference between the two.
//
//   installRecorder();                       // before the app opens its database
//   const sql = await recordSql(() => app.inject(...));
//   twins.add('/twin/user', sql);            // GET /twin/user runs the same statements
import { AsyncLocalStorage } from 'node:async_hooks';
import { PGlite } from '@electric-sql/pglite';
import Fastify from 'fastify';
import pg from 'pg';

/** One statement as the driver was given it: the pool or database, the query and its values. */
export interface RecordedQuery {
  target: object;
  query: unknown;
  params: unknown;
  options: unknown;
}

type QueryFn = (this: object, query: unknown, params?: unknown, options?: unknown) => unknown;

const recording = new AsyncLocalStorage<RecordedQuery[]>();

/** The prototype in `start`'s chain that defines `name` itself. */
function ownerOf(start: object, name: string): Record<string, unknown> {
  let proto: object | null = start;
  while (proto && !Object.prototype.hasOwnProperty.call(proto, name))
    proto = Object.getPrototypeOf(proto) as object | null;
  if (!proto) throw new Error(`no ${name} to record on`);
  return proto as Record<string, unknown>;
}

function wrap(owner: Record<string, unknown>) {
  const original = owner.query as QueryFn;
  owner.query = function (this: object, query: unknown, params?: unknown, options?: unknown) {
    recording.getStore()?.push({ target: this, query, params, options });
    return original.call(this, query, params, options);
  } satisfies QueryFn;
}

let installed = false;
/**
 * Notes every statement the drivers run inside `recordSql`, and nothing else: a job or a
 * simulator querying meanwhile is another async context. Call once, before the app starts.
 */
export function installRecorder() {
  if (installed) return;
  installed = true;
  wrap(ownerOf(pg.Pool.prototype, 'query'));
  wrap(ownerOf(PGlite.prototype, 'query'));
}

/** The statements `work` ran, in order (none for an answer kept in memory). */
export async function recordSql(work: () => Promise<unknown>): Promise<RecordedQuery[]> {
  const kept: RecordedQuery[] = [];
  // Awaited inside the run: a thenable (a drizzle query, an inject) starts when it is awaited,
  // and its statements belong to the context that awaits it.
  await recording.run(kept, async () => {
    await work();
  });
  return kept;
}

/** The rows a driver answered with: node-postgres and PGlite both answer `{ rows }`. */
const rowsOf = (result: unknown) => (result as { rows?: unknown[] }).rows ?? [];

/**
 * A bare Fastify server whose routes each run one request's statements again, one after
 * another as the request ran them, and answer their rows as JSON.
 */
export function twinServer() {
  const server = Fastify();
  return {
    server,
    add(path: string, statements: readonly RecordedQuery[]) {
      server.get(path, async () => {
        const answers: unknown[][] = [];
        for (const { target, query, params, options } of statements) {
          const run = (target as { query: QueryFn }).query;
          answers.push(rowsOf(await run.call(target, query, params, options)));
        }
        return answers;
      });
    },
  };
}
