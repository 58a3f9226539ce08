// Figures shared by the benches: percentiles, latencies by key, bounded parallelism, event loop.
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';

/** A customer row straight into the database: registering thousands through the API costs as
 * many argon2 hashes. */
export const benchPerson = (email: string) => ({
  email,
  name: 'Bench',
  address: 'Bekkurin 1',
  postCode: '100',
  city: 'Tórshavn',
  mobile: '291234',
  emailVerified: true,
});

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const pct = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;

export interface Latency {
  p50: number;
  p99: number;
  max: number;
  n: number;
  missing: number;
}

/** From → to for each key; a key stamped at `from` but never at `to` counts as missing. */
export function latency(
  keys: Iterable<string>,
  from: Map<string, number>,
  to: Map<string, number>,
): Latency {
  const all: number[] = [];
  let missing = 0;
  for (const key of keys) {
    const at = from.get(key);
    const arrived = to.get(key);
    if (at === undefined) continue;
    if (arrived === undefined) missing += 1;
    else all.push(arrived - at);
  }
  all.sort((a, b) => a - b);
  return {
    p50: pct(all, 0.5),
    p99: pct(all, 0.99),
    max: all.at(-1) ?? NaN,
    n: all.length,
    missing,
  };
}

/** The median time of `runs` calls of `run`, one after another, in milliseconds. */
export async function medianMs(runs: number, run: () => unknown): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return pct(times, 0.5);
}

export const ms = (n: number) => `${n.toFixed(2)} ms`;
export const fmt = (l: Latency) => `p50 ${ms(l.p50)}, p99 ${ms(l.p99)}`;

/** Runs `run` over `items`, at most `limit` at a time. */
export async function inParallel<T, R>(items: T[], limit: number, run: (item: T) => Promise<R>) {
  const out: R[] = [];
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const i = next;
      next += 1;
      out[i] = await run(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return out;
}

/** The event loop over a window: how busy it was and its worst stall. */
export function loopWatch() {
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  const start = performance.eventLoopUtilization();
  return () => {
    delay.disable();
    const used = performance.eventLoopUtilization(start).utilization;
    return `event loop ${(used * 100).toFixed(0)}% busy, max stall ${(delay.max / 1e6).toFixed(0)} ms`;
  };
}
