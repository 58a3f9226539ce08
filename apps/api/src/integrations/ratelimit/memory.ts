import type { Counter, Hit } from './port.ts';

/** The single-process counter store; the default without REDIS_URL. */
export function memoryCounter(now: () => number = Date.now): Counter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const live = (key: string) => {
    const entry = windows.get(key);
    if (entry && entry.resetAt <= now()) {
      windows.delete(key);
      return undefined;
    }
    return entry;
  };
  return {
    hit(key, limit, windowSeconds): Promise<Hit> {
      let entry = live(key);
      if (!entry) {
        entry = { count: 0, resetAt: now() + windowSeconds * 1000 };
        windows.set(key, entry);
      }
      entry.count += 1;
      const retryAfterSeconds = Math.max(1, Math.ceil((entry.resetAt - now()) / 1000));
      return Promise.resolve({
        allowed: entry.count <= limit,
        count: entry.count,
        retryAfterSeconds,
      });
    },
    peek: (key) => Promise.resolve(live(key)?.count ?? 0),
    reset(key) {
      windows.delete(key);
      return Promise.resolve();
    },
    close() {
      windows.clear();
      return Promise.resolve();
    },
  };
}
