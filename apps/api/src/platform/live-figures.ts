import type { ServiceContext } from './context.ts';

/**
 * Running figures that arrive too often to write each to the database (a pump's litres twice a
 * second, a charger's meter every few seconds). Each process keeps, per running object, the
 * latest view the bus carried (from whichever process) and its own latest row; a reading is
 * published at once and written every `persistEveryMs`, so a restart finds where it stood.
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

export class LiveFigures<Row extends LiveRow, View extends LiveView> {
  /** The latest view of each running object, as the bus carried it. */
  readonly latest = new Map<string, View>();
  private readonly rows = new Map<string, { row: Row; persistedAt: number }>();

  constructor(private readonly persistEveryMs: number) {}

  /** A view from the bus: kept while the object runs; a cached row of another state is dropped. */
  heard(view: View) {
    const cached = this.rows.get(view.id);
    if (cached && cached.row.state !== view.state) this.rows.delete(view.id);
    if (view.finishedAt) {
      this.latest.delete(view.id);
      this.rows.delete(view.id);
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

  /** Keeps a new reading; answers whether it is due to be written to the database. */
  reading(next: Row): boolean {
    const cached = this.rows.get(next.id);
    const due = !cached || Date.now() - cached.persistedAt >= this.persistEveryMs;
    this.rows.set(next.id, {
      row: next,
      persistedAt: cached && !due ? cached.persistedAt : Date.now(),
    });
    return due;
  }

  /** A row about to be published: a finished one leaves the cache, a cached one is replaced. */
  published(row: Row) {
    const cached = this.rows.get(row.id);
    if (row.finishedAt) this.rows.delete(row.id);
    else if (cached) this.rows.set(row.id, { row, persistedAt: cached.persistedAt });
  }
}

/** One `LiveFigures` per service context, made on first use. */
export function liveFiguresOf<Row extends LiveRow, View extends LiveView>(persistEveryMs: number) {
  const all = new WeakMap<ServiceContext, LiveFigures<Row, View>>();
  return (ctx: ServiceContext) => {
    let live = all.get(ctx);
    if (!live) {
      live = new LiveFigures<Row, View>(persistEveryMs);
      all.set(ctx, live);
    }
    return live;
  };
}
