import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LiveFigures, type LiveWrites } from './live-figures.ts';

interface Row {
  id: string;
  state: string;
  finishedAt: Date | null;
  figure: number;
}
interface View {
  id: string;
  state: string;
  finishedAt: string | null;
}

const row = (figure: number, state = 'running', finishedAt: Date | null = null, id = 'a'): Row => ({
  id,
  state,
  finishedAt,
  figure,
});

/** A LiveFigures whose writes are recorded; `fail` makes the next write reject. */
function make(persistEveryMs = 5_000, options: Partial<LiveWrites<Row>> = {}) {
  const written: Row[][] = [];
  const failures: unknown[] = [];
  let fail = false;
  const live = new LiveFigures<Row, View>(persistEveryMs, {
    flushEveryMs: 1_000,
    write: (rows) => {
      if (fail) {
        fail = false;
        return Promise.reject(new Error('database closed'));
      }
      written.push(rows.map((r) => ({ ...r })));
      return Promise.resolve();
    },
    failed: (error) => failures.push(error),
    ...options,
  });
  return {
    live,
    written,
    failures,
    failNext: () => {
      fail = true;
    },
  };
}

const figures = (rows: Row[][]) =>
  rows.map((batch) => batch.map((r) => `${r.id}=${String(r.figure)}`));

describe('LiveFigures', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('queues a reading when the last write is older than the interval less the flush delay', () => {
    const { live } = make(5_000);
    expect(live.reading(row(1))).toBe(true);
    vi.advanceTimersByTime(3_999);
    expect(live.reading(row(2))).toBe(false);
    expect(live.cached('a')?.figure).toBe(2);
    vi.advanceTimersByTime(1);
    expect(live.reading(row(3))).toBe(true);
    expect(live.reading(row(4))).toBe(false);
  });

  it("writes a second's due readings together, each object's newest, and nothing else", async () => {
    const { live, written } = make(5_000);
    live.reading(row(1, 'running', null, 'a'));
    live.reading(row(1, 'running', null, 'b'));
    // Queued: a later reading of the same object replaces it before the flush.
    live.reading(row(2, 'running', null, 'a'));
    expect(written).toEqual([]);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(figures(written)).toEqual([['a=2', 'b=1']]);
    // Written a moment ago: not due, so the next flush has nothing to write.
    live.reading(row(3, 'running', null, 'a'));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(written).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(3_000);
    live.reading(row(4, 'running', null, 'a'));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(figures(written)).toEqual([['a=2', 'b=1'], ['a=4']]);
  });

  it('writes a large flush in chunks of at most `chunk` rows, in order', async () => {
    const { live, written } = make(5_000, { chunk: 2 });
    for (const id of ['a', 'b', 'c', 'd', 'e']) live.reading(row(1, 'running', null, id));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(written).toHaveLength(1);
    // The next chunk waits for a turn of the event loop.
    await vi.advanceTimersByTimeAsync(10);
    expect(written.map((batch) => batch.map((r) => r.id))).toEqual([['a', 'b'], ['c', 'd'], ['e']]);
  });

  it('reports a failed write without throwing, and writes the rows again at their next reading', async () => {
    const { live, written, failures, failNext } = make(60_000);
    live.reading(row(1));
    failNext();
    await live.flush();
    expect(failures).toHaveLength(1);
    expect(written).toEqual([]);
    expect(live.reading(row(2))).toBe(true);
    await live.flush();
    expect(figures(written)).toEqual([['a=2']]);
  });

  it('writes what is queued at close, at once, and queues nothing after', async () => {
    const { live, written } = make(5_000);
    live.reading(row(1));
    await live.close();
    expect(figures(written)).toEqual([['a=1']]);
    vi.advanceTimersByTime(10_000);
    expect(live.reading(row(2))).toBe(false);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(written).toHaveLength(1);
    expect(live.cached('a')?.figure).toBe(2);
  });

  it('forgets the queued reading of an object that finished', async () => {
    const { live, written } = make(5_000);
    live.reading(row(1, 'running', null, 'a'));
    live.reading(row(1, 'running', null, 'b'));
    live.published(row(1, 'done', new Date(), 'a'));
    live.heard({ id: 'b', state: 'done', finishedAt: new Date().toISOString() });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(written).toEqual([]);
  });

  it('loads a row once while it runs, and not a finished one', async () => {
    const { live } = make();
    const load = vi.fn(() => Promise.resolve(row(7)));
    expect((await live.row('a', load))?.figure).toBe(7);
    expect((await live.row('a', load))?.figure).toBe(7);
    expect(load).toHaveBeenCalledTimes(1);
    const other = make().live;
    const finished = vi.fn(() => Promise.resolve(row(8, 'done', new Date())));
    await other.row('a', finished);
    await other.row('a', finished);
    expect(finished).toHaveBeenCalledTimes(2);
  });

  it('drops a cached row when the bus tells of another state or of the end', () => {
    const { live } = make();
    live.reading(row(1));
    live.heard({ id: 'a', state: 'running', finishedAt: null });
    expect(live.cached('a')).toBeDefined();
    expect(live.latest.get('a')).toBeDefined();
    live.heard({ id: 'a', state: 'stopping', finishedAt: null });
    expect(live.cached('a')).toBeUndefined();
    live.reading(row(2, 'stopping'));
    live.heard({ id: 'a', state: 'stopping', finishedAt: new Date().toISOString() });
    expect(live.cached('a')).toBeUndefined();
    expect(live.latest.has('a')).toBe(false);
  });

  it('replaces a cached row when published, and forgets a finished one', () => {
    const { live } = make();
    live.published(row(1));
    expect(live.cached('a')).toBeUndefined();
    live.reading(row(1));
    live.published(row(5));
    expect(live.cached('a')?.figure).toBe(5);
    live.published(row(6, 'done', new Date()));
    expect(live.cached('a')).toBeUndefined();
  });
});
