import { describe, expect, it, vi } from 'vitest';
import { LiveFigures } from './live-figures.ts';

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

const row = (figure: number, state = 'running', finishedAt: Date | null = null): Row => ({
  id: 'a',
  state,
  finishedAt,
  figure,
});

describe('LiveFigures', () => {
  it('writes a reading when the last write is older than the interval, and keeps the rest', () => {
    vi.useFakeTimers();
    try {
      const live = new LiveFigures<Row, View>(5_000);
      expect(live.reading(row(1))).toBe(true);
      vi.advanceTimersByTime(4_999);
      expect(live.reading(row(2))).toBe(false);
      expect(live.cached('a')?.figure).toBe(2);
      vi.advanceTimersByTime(1);
      expect(live.reading(row(3))).toBe(true);
      expect(live.reading(row(4))).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  it('loads a row once while it runs, and not a finished one', async () => {
    const live = new LiveFigures<Row, View>(5_000);
    const load = vi.fn(() => Promise.resolve(row(7)));
    expect((await live.row('a', load))?.figure).toBe(7);
    expect((await live.row('a', load))?.figure).toBe(7);
    expect(load).toHaveBeenCalledTimes(1);
    const other = new LiveFigures<Row, View>(5_000);
    const finished = vi.fn(() => Promise.resolve(row(8, 'done', new Date())));
    await other.row('a', finished);
    await other.row('a', finished);
    expect(finished).toHaveBeenCalledTimes(2);
  });

  it('drops a cached row when the bus tells of another state or of the end', () => {
    const live = new LiveFigures<Row, View>(5_000);
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
    const live = new LiveFigures<Row, View>(5_000);
    live.published(row(1));
    expect(live.cached('a')).toBeUndefined();
    live.reading(row(1));
    live.published(row(5));
    expect(live.cached('a')?.figure).toBe(5);
    live.published(row(6, 'done', new Date()));
    expect(live.cached('a')).toBeUndefined();
  });
});
