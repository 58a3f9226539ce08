// The API process's profile for bench/charging.ts over its measured window: what it spent its
// time on, which statements it sent to PGlite, and how long the GC held it up.
import { writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector';
import { PerformanceObserver, performance } from 'node:perf_hooks';

/** BENCH_PROFILE=dir: the API's CPU profile over the measured window, and its PGlite statements
 * by text (how many, and the time to answer them, queueing included) and its GC pauses, written
 * there. */
export const profiler = (() => {
  const dir = process.env.BENCH_PROFILE;
  const statements = new Map<string, { n: number; ms: number }>();
  let counting = false;
  // The window's GC pauses by kind (1 minor, 2 major, 4 incremental, 8 weak callbacks).
  const collected: { kind: number; ms: number }[] = [];
  const noteGc = (entries: PerformanceEntry[]) => {
    for (const entry of entries)
      collected.push({
        kind: (entry as PerformanceEntry & { detail: { kind: number } }).detail.kind,
        ms: entry.duration,
      });
  };
  const gcs = new PerformanceObserver((list) => noteGc(list.getEntries()));
  const session = dir ? new Session() : null;
  const post = (method: string) =>
    new Promise<unknown>((resolve, reject) => {
      session?.post(method, (error, result) => (error ? reject(error) : resolve(result)));
    });
  return {
    async start() {
      if (!session) return;
      session.connect();
      await post('Profiler.enable');
      await post('Profiler.start');
      gcs.observe({ entryTypes: ['gc'] });
    },
    async stop() {
      if (!session || !dir) return;
      const { profile } = (await post('Profiler.stop')) as { profile: unknown };
      await writeFile(`${dir}/api-window.cpuprofile`, JSON.stringify(profile));
      session.disconnect();
      const lines = [...statements]
        .sort((a, b) => b[1].ms - a[1].ms)
        .map(
          ([text, s]) => `${String(s.n).padStart(7)} ${s.ms.toFixed(0).padStart(7)} ms  ${text}`,
        );
      await writeFile(`${dir}/api-window-queries.txt`, `${lines.join('\n')}\n`);
      noteGc(gcs.takeRecords());
      gcs.disconnect();
      const kinds = new Map<number, { n: number; ms: number; max: number }>();
      for (const { kind, ms } of collected) {
        const k = kinds.get(kind) ?? { n: 0, ms: 0, max: 0 };
        k.n += 1;
        k.ms += ms;
        k.max = Math.max(k.max, ms);
        kinds.set(kind, k);
      }
      await writeFile(
        `${dir}/api-window-gc.txt`,
        [...kinds]
          .map(
            ([kind, k]) =>
              `kind ${String(kind)}: ${String(k.n)} pauses, ${k.ms.toFixed(0)} ms, max ${k.max.toFixed(1)} ms`,
          )
          .join('\n') + '\n',
      );
    },
    /** Counts the window's statements on PGlite, by text, with the time each took to answer. */
    countQueries(client: { query: (...args: unknown[]) => Promise<unknown> } | undefined) {
      if (!session || !client) return;
      const query = client.query.bind(client);
      client.query = async (...args: unknown[]) => {
        if (!counting) return query(...args);
        const began = performance.now();
        try {
          return await query(...args);
        } finally {
          const text = String(args[0]).replace(/\s+/g, ' ').slice(0, 140);
          const s = statements.get(text) ?? { n: 0, ms: 0 };
          s.n += 1;
          s.ms += performance.now() - began;
          statements.set(text, s);
        }
      };
    },
    set counting(on: boolean) {
      counting = on;
    },
  };
})();
