import { afterEach, describe, expect, it } from 'vitest';
import type { FixtureJob } from './worker-pool.fixture.ts';
import { PoolFullError, workerPool, type WorkerPool } from './worker-pool.ts';

let pool: WorkerPool<FixtureJob, number> | undefined;
const open = (size: number, maxQueue: number) =>
  (pool = workerPool<FixtureJob, number>({
    entry: new URL('./worker-pool.fixture.ts', import.meta.url),
    size,
    maxQueue,
  }));
afterEach(() => pool?.close());

describe('workerPool', () => {
  it('runs jobs on at most `size` worker threads, off the main thread', async () => {
    const p = open(2, 10);
    const threads = await Promise.all(
      Array.from({ length: 6 }, () => p.run({ waitMs: 20, outcome: 'answer' })),
    );
    expect(new Set(threads).size).toBe(2);
    expect(threads).not.toContain(0);
    expect(p.stats()).toMatchObject({ workers: 2, busy: 0, waiting: 0, completed: 6 });
  });

  it('refuses a job past the bounded queue, without losing the queued ones', async () => {
    const p = open(1, 2);
    const accepted = [0, 1, 2].map(() => p.run({ waitMs: 50, outcome: 'answer' }));
    await expect(p.run({ waitMs: 0, outcome: 'answer' })).rejects.toBeInstanceOf(PoolFullError);
    await expect(Promise.all(accepted)).resolves.toHaveLength(3);
  });

  it("passes a job's failure to its caller, and replaces a worker that dies", async () => {
    const p = open(1, 5);
    await expect(p.run({ waitMs: 0, outcome: 'refuse' })).rejects.toThrow(/refused/);
    const first = await p.run({ waitMs: 0, outcome: 'answer' });
    await expect(p.run({ waitMs: 0, outcome: 'die' })).rejects.toThrow(/exited with code 3/);
    const next = await p.run({ waitMs: 0, outcome: 'answer' });
    expect(next).not.toBe(first);
    expect(p.stats().workers).toBe(1);
  });

  it('rejects waiting jobs when it closes', async () => {
    const p = open(1, 5);
    const running = p.run({ waitMs: 200, outcome: 'answer' });
    const waiting = p.run({ waitMs: 0, outcome: 'answer' });
    const outcomes = [
      expect(running).rejects.toThrow(/closed/),
      expect(waiting).rejects.toThrow(/closed/),
    ];
    await p.close();
    await Promise.all(outcomes);
  });
});
