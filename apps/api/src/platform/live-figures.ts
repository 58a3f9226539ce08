import type { ServiceContext } from './context.ts';

/**
 * Running figures that arrive too often to write each to the database (a pump's litres twice a
 * second, a charger's meter every few seconds). Each process keeps, per running object, the
 * latest view the bus carried (from whichever process) and its own latest row; a reading is
 * published at once and written every `persistEveryMs`, so a restart finds where it stood.
 *
 * The writes are gathered and made together every `flushEveryMs`: on PGlite every query runs on
 * the event loop, and one statement for a second's due readings costs far less than one each.
 */

interface LiveRow {
  id: string;
  state: string;
  finishedAt: Date | null;
}
interface LiveView {
  id: string;
  state: string;
  finishedAt: string | null;
}

export interface LiveWrites<Row> {
  /** Writes the figures of these rows (never their state) in one go. */
  write(rows: Row[]): Promise<unknown>;
  /** A failed write: the rows are due again at their next reading. */
  failed(error: unknown): void;
  flushEveryMs?: number;
  /** At most this many rows in one statement. */
  chunk?: number;
}

const FLUSH_EVERY_MS = 1_000;
const CHUNK = 100;

export class LiveFigures<Row extends LiveRow, View extends LiveView> {
  /** The latest view of each running object, as the bus carried it. */
  readonly latest = new Map<string, View>();
  private readonly rows = new Map<string, { row: Row; persistedAt: number }>();
  /** Readings waiting for the next flush, the newest of each object. */
  private readonly due = new Map<string, Row>();
  private readonly flushEveryMs: number;
  private readonly chunk: number;
  private timer: NodeJS.Timeout | undefined;
  /** Flushes run one after another, so an older batch never lands after a newer one. */
  private flushing: Promise<void> = Promise.resolve();
  private closed = false;
  private readonly persistEveryMs: number;
  private readonly writes: LiveWrites<Row>;

  constructor(persistEveryMs: number, writes: LiveWrites<Row>) {
    this.persistEveryMs = persistEveryMs;
    this.writes = writes;
    this.flushEveryMs = writes.flushEveryMs ?? FLUSH_EVERY_MS;
    this.chunk = writes.chunk ?? CHUNK;
  }

  /** A view from the bus: kept while the object runs; a cached row of another state is dropped. */
  heard(view: View) {
    const cached = this.rows.get(view.id);
    if (cached && cached.row.state !== view.state) this.rows.delete(view.id);
    if (view.finishedAt) {
      this.latest.delete(view.id);
      this.rows.delete(view.id);
      this.due.delete(view.id);
    } else this.latest.set(view.id, view);
  }

  /** This process's latest row of a running object, if it holds one. */
  cached(id: string): Row | undefined {
    return this.rows.get(id)?.row;
  }

  /** The row of a running object, from the cache, else `load`ed and kept while it runs. */
  async row(id: string, load: () => Promise<Row | null | undefined>) {
    const cached = this.rows.get(id);
    if (cached) return cached.row;
    const row = await load();
    if (row && !row.finishedAt) this.rows.set(id, { row, persistedAt: Date.now() });
    return row;
  }

  /**
   * Keeps a new reading and, when its object was last written long enough ago, queues it for the
   * next flush; answers whether it was queued. The interval counts from the queueing, less the
   * flush's delay, so the database is never further behind than before.
   */
  reading(next: Row): boolean {
    const cached = this.rows.get(next.id);
    const now = Date.now();
    const due = !cached || now - cached.persistedAt >= this.persistEveryMs - this.flushEveryMs;
    this.rows.set(next.id, { row: next, persistedAt: cached && !due ? cached.persistedAt : now });
    if (this.closed) return false;
    // A queued object takes its newest reading along.
    if (due || this.due.has(next.id)) this.due.set(next.id, next);
    if (due) this.timer ??= setTimeout(() => void this.flush(), this.flushEveryMs).unref();
    return due;
  }

  /** A row about to be published: a finished one leaves the cache, a cached one is replaced. */
  published(row: Row) {
    const cached = this.rows.get(row.id);
    if (row.finishedAt) {
      this.rows.delete(row.id);
      this.due.delete(row.id);
    } else if (cached) this.rows.set(row.id, { row, persistedAt: cached.persistedAt });
  }

  /** Writes every queued reading now; a failure is reported, never thrown. */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const rows = [...this.due.values()];
    this.due.clear();
    if (rows.length === 0) return this.flushing;
    this.flushing = this.flushing.then(() => this.writeOut(rows));
    return this.flushing;
  }

  /** Chunk by chunk, with a turn of the event loop between, so no write holds it up for long. */
  private async writeOut(rows: Row[]) {
    for (let from = 0; from < rows.length; from += this.chunk) {
      const chunk = rows.slice(from, from + this.chunk);
      if (from > 0) await new Promise((resolve) => setImmediate(resolve));
      try {
        await this.writes.write(chunk);
      } catch (error) {
        for (const row of chunk) {
          const cached = this.rows.get(row.id);
          if (cached) cached.persistedAt = -Infinity;
        }
        this.writes.failed(error);
      }
    }
  }

  /** Writes what is queued and queues nothing more (the process is shutting down). */
  close(): Promise<void> {
    this.closed = true;
    return this.flush();
  }
}

/** One `LiveFigures` per service context, made on first use, writing through `write`. */
export function liveFiguresOf<Row extends LiveRow, View extends LiveView>(
  persistEveryMs: number,
  write: (ctx: ServiceContext, rows: Row[]) => Promise<unknown>,
) {
  const all = new WeakMap<ServiceContext, LiveFigures<Row, View>>();
  return (ctx: ServiceContext) => {
    let live = all.get(ctx);
    if (!live) {
      live = new LiveFigures<Row, View>(persistEveryMs, {
        write: (rows) => write(ctx, rows),
        // A late flush meets a closed database in tests; it only costs the rows' next write.
        failed: (error) => {
          ctx.log.warn({ err: error }, 'live figures not written; they are due again');
        },
      });
      all.set(ctx, live);
    }
    return live;
  };
}
