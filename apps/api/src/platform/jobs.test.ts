import { randomBytes, randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { testConfig } from '../config.ts';
import { jobs } from '../db/schema/index.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { jobRegistry, type Jobs } from './jobs.ts';

// Time moves by rewriting rows (run_at, locked_until), never by waiting for it.

interface Logged {
  level: 'error' | 'warn';
  fields: Record<string, unknown>;
  message: string;
}

function recorder() {
  const lines: Logged[] = [];
  const log = {
    error: (fields: Record<string, unknown>, message: string) => {
      lines.push({ level: 'error', fields, message });
    },
    warn: (fields: Record<string, unknown>, message: string) => {
      lines.push({ level: 'warn', fields, message });
    },
  };
  return { lines, log: log as unknown as Parameters<typeof jobRegistry>[0]['log'] };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('job registry', () => {
  let t: TestApp;
  let registries: Jobs<FastifyInstance>[] = [];
  const registry = (log = recorder().log, pollMs = 10) => {
    const r = jobRegistry<FastifyInstance>({ db: t.app.ctx.db, log, context: () => t.app, pollMs });
    registries.push(r);
    return r;
  };
  const rowOf = async (name: string) => {
    const [row] = await t.app.ctx.db.select().from(jobs).where(eq(jobs.name, name));
    return row;
  };
  const makeDue = (name: string) =>
    t.app.ctx.db
      .update(jobs)
      .set({ runAt: sql`now() - interval '1 second'` })
      .where(eq(jobs.name, name));

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterEach(async () => {
    await Promise.all(registries.map((r) => r.stop()));
    registries = [];
    await t.app.ctx.db.delete(jobs);
  });
  afterAll(async () => {
    await t.close();
  });

  it('runs a scheduled job when its turn comes, and schedules the next', async () => {
    const jobsOf = registry();
    let resolveRan: (app: FastifyInstance) => void = () => undefined;
    const ran = new Promise<FastifyInstance>((resolve) => {
      resolveRan = resolve;
    });
    jobsOf.every('test.tick', 60, (app) => {
      resolveRan(app);
      return Promise.resolve();
    });
    await jobsOf.start();
    const first = await rowOf('test.tick');
    expect(first?.everyMs).toBe(60_000);
    expect(first?.runAt.getTime()).toBeGreaterThan(Date.now() + 50_000);
    expect(await jobsOf.runDue()).toBe(0);

    await makeDue('test.tick');
    expect(await ran).toBe(t.app);
    await jobsOf.stop();
    const after = await rowOf('test.tick');
    expect(after?.lockedBy).toBeNull();
    expect(after?.attempts).toBe(0);
    expect(after?.runAt.getTime()).toBeGreaterThan(Date.now() + 50_000);
  });

  it('runs a delayed job at its time with its payload, once', async () => {
    const jobsOf = registry();
    const payloads: { holdId: string; amount: number }[] = [];
    const expire = jobsOf.define<{ holdId: string; amount: number }>(
      'test.expire',
      (_app, payload) => {
        payloads.push(payload);
        return Promise.resolve();
      },
    );
    const id = await expire.at(
      new Date(Date.now() + 3_600_000),
      { holdId: 'h1', amount: 250 },
      'h1',
    );
    // The same key while the first still waits schedules nothing new.
    expect(await expire.at(new Date(), { holdId: 'h1', amount: 999 }, 'h1')).toBe(id);
    expect(await jobsOf.runDue()).toBe(0);
    expect(payloads).toEqual([]);

    await makeDue('test.expire');
    expect(await jobsOf.runDue()).toBe(1);
    expect(payloads).toEqual([{ holdId: 'h1', amount: 250 }]);
    expect(await rowOf('test.expire')).toBeUndefined();
    expect(await jobsOf.runDue()).toBe(0);
  });

  it('logs a failing scheduled job and runs it again at its next turn', async () => {
    const { lines, log } = recorder();
    const jobsOf = registry(log);
    let calls = 0;
    jobsOf.every('test.flaky', 30, () => {
      calls += 1;
      return calls === 1 ? Promise.reject(new Error('gateway down')) : Promise.resolve();
    });
    await jobsOf.start();
    await jobsOf.stop();
    await makeDue('test.flaky');
    expect(await jobsOf.runDue()).toBe(1);
    expect(lines).toHaveLength(1);
    expect(lines[0]?.level).toBe('error');
    expect(lines[0]?.fields.job).toBe('test.flaky');
    const failed = await rowOf('test.flaky');
    expect(failed?.lastError).toBe('gateway down');
    expect(failed?.lockedBy).toBeNull();
    // Not again at once: at its next turn.
    expect(await jobsOf.runDue()).toBe(0);

    await makeDue('test.flaky');
    expect(await jobsOf.runDue()).toBe(1);
    expect(calls).toBe(2);
    expect((await rowOf('test.flaky'))?.lastError).toBeNull();
  });

  it('retries a failing delayed run later and gives up after its attempts', async () => {
    const { lines, log } = recorder();
    const jobsOf = registry(log);
    const send = jobsOf.define('test.send', () => Promise.reject(new Error('no answer')), {
      maxAttempts: 2,
      retrySeconds: 60,
    });
    await send.at(new Date(), {});
    expect(await jobsOf.runDue()).toBe(1);
    const retry = await rowOf('test.send');
    expect(retry?.status).toBe('waiting');
    expect(retry?.attempts).toBe(1);
    expect(retry?.runAt.getTime()).toBeGreaterThan(Date.now() + 50_000);

    await makeDue('test.send');
    expect(await jobsOf.runDue()).toBe(1);
    expect((await rowOf('test.send'))?.status).toBe('failed');
    await makeDue('test.send');
    expect(await jobsOf.runDue()).toBe(0);
    expect(lines.filter((l) => l.level === 'error')).toHaveLength(2);
  });

  it('leaves a run another process holds, and takes it over once its lease lapses', async () => {
    const jobsOf = registry();
    let runs = 0;
    const job = jobsOf.define('test.leased', () => {
      runs += 1;
      return Promise.resolve();
    });
    const id = await job.at(new Date(), {});
    await t.app.ctx.db
      .update(jobs)
      .set({ lockedBy: 'other-process', lockedUntil: sql`now() + interval '5 minutes'` })
      .where(eq(jobs.id, id));
    expect(await jobsOf.runDue()).toBe(0);

    // The other process died: its lease runs out.
    await t.app.ctx.db
      .update(jobs)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(jobs.id, id));
    expect(await jobsOf.runDue()).toBe(1);
    expect(runs).toBe(1);
  });

  it('renews the lease of a long run, so no other process takes it over', async () => {
    const holder = registry();
    const other = registry();
    let runs = 0;
    let finish: () => void = () => undefined;
    const long = () => {
      runs += 1;
      return new Promise<void>((resolve) => {
        finish = resolve;
      });
    };
    // A lease of 0.3 s, renewed every 0.1 s; the run lasts three leases.
    const job = holder.define('test.long', long, { leaseSeconds: 0.3 });
    other.define(
      'test.long',
      () => {
        runs += 1;
        return Promise.resolve();
      },
      { leaseSeconds: 0.3 },
    );
    await job.at(new Date(), {});
    const held = holder.runDue();
    while (runs === 0) await sleep(10);
    await sleep(900);
    expect(await other.runDue()).toBe(0);
    finish();
    expect(await held).toBe(1);
    expect(runs).toBe(1);
    expect(await rowOf('test.long')).toBeUndefined();
  });

  it('leases a run for half a minute unless told otherwise', async () => {
    const job = registry().define('test.default', () => Promise.resolve());
    await job.at(new Date(Date.now() + 60_000), {});
    expect((await rowOf('test.default'))?.leaseMs).toBe(20_000);
  });

  it('leaves the runs of jobs it does not know to the processes that do', async () => {
    const older = registry();
    const newer = registry();
    let runs = 0;
    const job = newer.define('test.new', () => {
      runs += 1;
      return Promise.resolve();
    });
    older.define('test.old', () => Promise.resolve());
    await job.at(new Date(), {});
    expect(await older.runDue()).toBe(0);
    expect(await newer.runDue()).toBe(1);
    expect(runs).toBe(1);
  });

  it('wakes for a delayed run due before its next poll', async () => {
    // A poll of a minute: only the wake that scheduling brings can run it in this test.
    const jobsOf = registry(recorder().log, 60_000);
    let resolveRan: (payload: { n: number }) => void = () => undefined;
    const ran = new Promise<{ n: number }>((resolve) => {
      resolveRan = resolve;
    });
    const soon = jobsOf.define<{ n: number }>('test.soon', (_app, payload) => {
      resolveRan(payload);
      return Promise.resolve();
    });
    await jobsOf.start();
    await soon.at(new Date(Date.now() + 100), { n: 7 });
    expect(await ran).toEqual({ n: 7 });
  });

  it('refuses an interval that is not positive', () => {
    expect(() => {
      registry().every('test.never', 0, () => Promise.resolve());
    }).toThrow(/positive/);
  });

  it('is on the app, and closing the app stops its loop', async () => {
    const app = await buildApp(testConfig());
    let runs = 0;
    app.ctx.jobs.every('test.app', 60, () => {
      runs += 1;
      return Promise.resolve();
    });
    await app.ctx.jobs.start();
    await app.close();
    expect(runs).toBe(0);
  });
});

const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)('job registry on PostgreSQL, two processes', () => {
  const dbName = `stod_test_${randomBytes(6).toString('hex')}`;
  const apps: FastifyInstance[] = [];
  const registries: Jobs<FastifyInstance>[] = [];

  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(statement);
    await client.end();
  };

  beforeAll(async () => {
    await admin(`create database ${dbName}`);
    const url = new URL(serverUrl ?? '');
    url.pathname = `/${dbName}`;
    // Both start at once, as two processes would: one migrates while the other waits.
    apps.push(
      ...(await Promise.all([
        buildApp(testConfig({ DATABASE_URL: url.toString() })),
        buildApp(testConfig({ DATABASE_URL: url.toString() })),
      ])),
    );
    await apps[0]?.ctx.db.execute(
      sql`create table test_job_runs (id uuid primary key, run text not null, process int not null, started_at timestamptz not null default clock_timestamp(), ended_at timestamptz)`,
    );
  });
  afterAll(async () => {
    await Promise.all(registries.map((r) => r.stop()));
    await Promise.all(apps.map((app) => app.close()));
    await admin(`drop database if exists ${dbName} with (force)`);
  });

  it('never runs the same run on both at once, and runs each delayed run once', async () => {
    const TICKS = 12;
    const DELAYED = 20;
    const record = async (app: FastifyInstance, run: string, process: number, ms: number) => {
      const id = randomUUID();
      await app.ctx.db.execute(
        sql`insert into test_job_runs (id, run, process) values (${id}, ${run}, ${process})`,
      );
      await sleep(ms);
      await app.ctx.db.execute(
        sql`update test_job_runs set ended_at = clock_timestamp() where id = ${id}`,
      );
    };
    const runsOf = async (prefix: string) => {
      const result = await apps[0]?.ctx.db.execute(
        sql`select run, process, started_at, ended_at from test_job_runs where run like ${`${prefix}%`} order by started_at`,
      );
      return (result as { rows: { run: string; process: number; ended_at: string | null }[] }).rows;
    };

    for (const [index, app] of apps.entries()) {
      const jobsOf = jobRegistry<FastifyInstance>({
        db: app.ctx.db,
        log: recorder().log,
        context: () => app,
        pollMs: 5,
      });
      // Every 10 ms, each run 30 ms long: both processes find it due while the other runs it.
      jobsOf.every('test.overlap', 0.01, (a) => record(a, 'tick', index, 30));
      const delayed = jobsOf.define<{ n: number }>('test.delayed', (a, { n }) =>
        record(a, `delayed:${String(n)}`, index, 10),
      );
      if (index === 0)
        for (let n = 0; n < DELAYED; n += 1) await delayed.at(new Date(), { n }, String(n));
      registries.push(jobsOf);
    }
    await Promise.all(registries.map((r) => r.start()));

    for (;;) {
      const ticks = (await runsOf('tick')).filter((r) => r.ended_at !== null);
      const delayed = (await runsOf('delayed:')).filter((r) => r.ended_at !== null);
      if (ticks.length >= TICKS && delayed.length >= DELAYED) break;
      await sleep(20);
    }
    await Promise.all(registries.map((r) => r.stop()));

    const ticks = await runsOf('tick');
    expect(ticks.length).toBeGreaterThanOrEqual(TICKS);
    expect(ticks.filter((r) => r.ended_at === null)).toEqual([]);
    expect(new Set(ticks.map((r) => r.process)).size).toBe(2);
    // Two runs of the one scheduled job overlap when each starts before the other ends.
    const overlaps = await apps[0]?.ctx.db.execute(
      sql`select a.id from test_job_runs a join test_job_runs b on a.id < b.id
          where a.run = 'tick' and b.run = 'tick'
            and a.started_at < b.ended_at and b.started_at < a.ended_at`,
    );
    expect((overlaps as { rows: unknown[] }).rows).toEqual([]);
    const delayed = await runsOf('delayed:');
    expect(delayed.map((r) => r.run).sort()).toEqual(
      Array.from({ length: DELAYED }, (_, n) => `delayed:${String(n)}`).sort(),
    );
    const left = await apps[0]?.ctx.db.select().from(jobs).where(eq(jobs.name, 'test.delayed'));
    expect(left).toEqual([]);
  });
});
