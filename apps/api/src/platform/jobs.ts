import { jobRuns, since } from '../lib/metrics.ts';
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { jobs } from '../db/schema/index.ts';

/**
 * Scheduled and delayed work that runs once across every API process, on PGlite and PostgreSQL
 * alike (docs/decisions/0014-jobs.md). Each run is claimed by writing a lease into its `jobs` row
 * through `FOR UPDATE SKIP LOCKED`, so two processes never hold the same run; a process that dies
 * mid-run loses its lease and another takes the run over. A run can therefore happen again after
 * a crash: a job must be safe to repeat.
 */
export interface Jobs<C> {
  /** A job that runs every `seconds`, counted from the end of its last run. Register before start. */
  every(
    name: string,
    seconds: number,
    run: (context: C) => Promise<unknown>,
    options?: { leaseSeconds?: number },
  ): void;
  /** A job run at a given time with a JSON payload; answers the handle that schedules its runs. */
  define<P>(
    name: string,
    run: (context: C, payload: P) => Promise<unknown>,
    options?: { leaseSeconds?: number; maxAttempts?: number; retrySeconds?: number },
  ): DelayedJob<P>;
  /** Creates the scheduled jobs' rows and starts polling for due runs. */
  start(): Promise<void>;
  /** Stops polling and waits for the run in progress, if any. */
  stop(): Promise<void>;
  /** Runs whatever is due now, one run at a time, and answers how many ran. */
  runDue(): Promise<number>;
}

export interface DelayedJob<P> {
  name: string;
  /**
   * Runs the job at `when` with `payload`. Under a `key`, a second call while the first run still
   * waits changes nothing. Answers the run's id.
   */
  at(when: Date, payload: P, key?: string): Promise<string>;
}

export interface JobsOptions<C> {
  db: Db;
  log: Pick<FastifyBaseLogger, 'error' | 'warn'>;
  /** What every job receives, asked for at each run (the context may be built after the registry). */
  context: () => C;
  /** How often an idle process looks for due runs. */
  pollMs?: number;
}

interface Definition<C> {
  run: (context: C, payload: unknown) => Promise<unknown>;
  leaseMs: number;
  everyMs: number | null;
  maxAttempts: number;
  retryMs: number;
}

type Row = typeof jobs.$inferSelect;

// Renewed every third of itself: a run survives two missed renewals, and a dead process's run is
// taken over within 20 s of its death, well inside half a minute (decision 0043).
const DEFAULT_LEASE_SECONDS = 20;
const MAX_RETRY_MS = 3_600_000;
const WAKE_SLACK_MS = 50;
const processName = `${hostname()}:${String(process.pid)}`;

// Intervals and leases are stored in an integer column of milliseconds, and timers take no more.
const positive = (value: number, what: string) => {
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${what} must be positive`);
  if (value > 2_000_000) throw new Error(`${what} must be at most 2000000 seconds`);
  return value;
};

export function jobRegistry<C>(options: JobsOptions<C>): Jobs<C> {
  const { db, log, context } = options;
  const pollMs = options.pollMs ?? 5_000;
  const definitions = new Map<string, Definition<C>>();
  let started = false;
  let stopping = false;
  let timer: NodeJS.Timeout | null = null;
  let timerAt = Infinity;
  // A run this process scheduled to come sooner than the next poll, asked for while a loop ran.
  let wakeAt = Infinity;
  let loop: Promise<void> | null = null;

  const sleep = (ms: number) => {
    timerAt = Date.now() + ms;
    timer = setTimeout(() => {
      timer = null;
      timerAt = Infinity;
      loop = tick();
    }, ms);
    timer.unref();
  };

  /** Brings the next look for due runs forward to `at`, when this process polls at all. */
  const wake = (at: number) => {
    if (!started || stopping) return;
    // The database's clock decides what is due; a little slack keeps the wake from coming early.
    const when = at + WAKE_SLACK_MS;
    if (!timer) {
      wakeAt = Math.min(wakeAt, when);
      return;
    }
    if (when >= timerAt) return;
    clearTimeout(timer);
    sleep(Math.max(0, when - Date.now()));
  };

  const define = (name: string, definition: Definition<C>) => {
    if (definitions.has(name)) throw new Error(`job ${name} is already registered`);
    definitions.set(name, definition);
  };

  const claim = async (): Promise<Row | undefined> => {
    const names = [...definitions.keys()];
    if (names.length === 0) return undefined;
    // Only this process's jobs: during a rolling deploy an older process must leave a new job be.
    const due = db
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(
          eq(jobs.status, 'waiting'),
          inArray(jobs.name, names),
          lte(jobs.runAt, sql`now()`),
          or(isNull(jobs.lockedUntil), lt(jobs.lockedUntil, sql`now()`)),
        ),
      )
      .orderBy(asc(jobs.runAt))
      .limit(1)
      .for('update', { skipLocked: true });
    // The database's clock, not each process's, decides what is due and when a lease lapses.
    const [row] = await db
      .update(jobs)
      .set({
        lockedBy: `${processName}:${randomUUID()}`,
        lockedUntil: sql`now() + ${jobs.leaseMs} * interval '1 millisecond'`,
        attempts: sql`${jobs.attempts} + 1`,
        updatedAt: sql`now()`,
      })
      .where(inArray(jobs.id, due))
      .returning();
    return row;
  };

  const ours = (row: Row) => and(eq(jobs.id, row.id), eq(jobs.lockedBy, row.lockedBy ?? ''));
  const after = (ms: number) => sql`now() + ${ms} * interval '1 millisecond'`;
  const unlocked = { lockedBy: null, lockedUntil: null, updatedAt: sql`now()` };

  const succeeded = async (row: Row, definition: Definition<C>) => {
    if (definition.everyMs === null) {
      await db.delete(jobs).where(ours(row));
      return;
    }
    await db
      .update(jobs)
      .set({ ...unlocked, runAt: after(definition.everyMs), attempts: 0, lastError: null })
      .where(ours(row));
  };

  const failed = async (row: Row, definition: Definition<C>, error: unknown) => {
    const lastError = error instanceof Error ? error.message : String(error);
    if (definition.everyMs !== null) {
      await db
        .update(jobs)
        .set({ ...unlocked, runAt: after(definition.everyMs), lastError })
        .where(ours(row));
      return;
    }
    const givesUp = row.attempts >= definition.maxAttempts;
    const retryMs = Math.min(MAX_RETRY_MS, definition.retryMs * 2 ** (row.attempts - 1));
    await db
      .update(jobs)
      .set({
        ...unlocked,
        lastError,
        ...(givesUp ? { status: 'failed' as const } : { runAt: after(retryMs) }),
      })
      .where(ours(row));
  };

  const runOne = async (): Promise<boolean> => {
    const row = await claim();
    if (!row) return false;
    const definition = definitions.get(row.name);
    if (!definition) return true;
    // A long run renews its lease, so only a dead process's run is ever taken over.
    const renew = setInterval(
      () => {
        db.update(jobs)
          .set({ lockedUntil: after(definition.leaseMs) })
          .where(ours(row))
          .catch((error: unknown) => {
            log.warn({ err: error, job: row.name }, 'could not renew a job lease');
          });
      },
      Math.max(50, definition.leaseMs / 3),
    );
    renew.unref();
    const started = performance.now();
    try {
      await definition.run(context(), row.payload);
      jobRuns.observe({ job: row.name, outcome: 'ok' }, since(started));
      await succeeded(row, definition);
    } catch (error) {
      jobRuns.observe({ job: row.name, outcome: 'failed' }, since(started));
      log.error(
        { err: error, job: row.name, runId: row.id, attempt: row.attempts },
        'job failed; it runs again at its next turn',
      );
      await failed(row, definition, error);
    } finally {
      clearInterval(renew);
    }
    return true;
  };

  const runDue = async (untilStopped = false) => {
    let ran = 0;
    while (!(untilStopped && stopping) && (await runOne())) ran += 1;
    return ran;
  };

  const tick = async () => {
    try {
      await runDue(true);
    } catch (error) {
      log.error({ err: error }, 'job loop could not reach the database; it tries again');
    }
    if (stopping) return;
    // A job due more often than the poll is looked for as often as it is due.
    const everies = [...definitions.values()].map((d) => d.everyMs ?? pollMs);
    const woken = Math.max(0, wakeAt - Date.now());
    wakeAt = Infinity;
    sleep(Math.min(pollMs, woken, ...everies));
  };

  return {
    every(name, seconds, run, opts = {}) {
      if (started) throw new Error(`job ${name}: register scheduled jobs before start`);
      define(name, {
        run: (c) => run(c),
        everyMs: Math.round(positive(seconds, `job ${name}: seconds`) * 1000),
        leaseMs: Math.round(positive(opts.leaseSeconds ?? DEFAULT_LEASE_SECONDS, 'lease') * 1000),
        maxAttempts: Infinity,
        retryMs: 0,
      });
    },
    define<P>(
      name: string,
      run: (context: C, payload: P) => Promise<unknown>,
      opts: { leaseSeconds?: number; maxAttempts?: number; retrySeconds?: number } = {},
    ): DelayedJob<P> {
      const leaseMs = Math.round(
        positive(opts.leaseSeconds ?? DEFAULT_LEASE_SECONDS, 'lease') * 1000,
      );
      define(name, {
        run: (c, payload) => run(c, payload as P),
        everyMs: null,
        leaseMs,
        maxAttempts: Math.max(1, Math.floor(opts.maxAttempts ?? 5)),
        retryMs: positive(opts.retrySeconds ?? 30, 'retrySeconds') * 1000,
      });
      return {
        name,
        async at(when, payload, key) {
          const values = {
            name,
            key: key === undefined ? null : `${name}:${key}`,
            payload,
            runAt: when,
            leaseMs,
          };
          const [row] = await db
            .insert(jobs)
            .values(values)
            .onConflictDoNothing({ target: jobs.key })
            .returning({ id: jobs.id });
          if (row) {
            wake(when.getTime());
            return row.id;
          }
          const [existing] = await db
            .select({ id: jobs.id })
            .from(jobs)
            .where(eq(jobs.key, values.key ?? ''));
          if (!existing) throw new Error(`job ${name}: run ${String(key)} vanished`);
          return existing.id;
        },
      };
    },
    async start() {
      if (started) return;
      started = true;
      for (const [name, definition] of definitions) {
        if (definition.everyMs === null) continue;
        // A changed interval applies at once; the next run never moves later than it says.
        await db
          .insert(jobs)
          .values({
            name,
            key: `every:${name}`,
            runAt: after(definition.everyMs),
            everyMs: definition.everyMs,
            leaseMs: definition.leaseMs,
          })
          .onConflictDoUpdate({
            target: jobs.key,
            set: {
              everyMs: definition.everyMs,
              leaseMs: definition.leaseMs,
              status: 'waiting',
              runAt: sql`least(${jobs.runAt}, excluded.run_at)`,
              updatedAt: sql`now()`,
            },
          });
      }
      stopping = false;
      loop = tick();
    },
    async stop() {
      stopping = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await loop;
    },
    runDue: () => runDue(),
  };
}
