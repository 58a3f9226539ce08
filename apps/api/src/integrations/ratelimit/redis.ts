import { Redis } from 'ioredis';
import type { Counter } from './port.ts';

/** Counters in Redis, so that limits hold across every API process. */
export function redisCounter(url: string, prefix: string): Counter {
  const redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2 });
  return {
    async hit(key, limit, windowSeconds) {
      const k = prefix + key;
      const windowMs = windowSeconds * 1000;
      // The window starts with the key in the same transaction as the count, so a process
      // that stops between the two can never leave a counter without an expiry behind.
      const replies = (await redis
        .multi()
        .set(k, 0, 'PX', windowMs, 'NX')
        .incr(k)
        .pttl(k)
        .exec()) as [[null, unknown], [null, number], [null, number]];
      const count = replies[1][1];
      const ttl = replies[2][1];
      const retryAfterSeconds = Math.max(1, Math.ceil((ttl < 0 ? windowMs : ttl) / 1000));
      return { allowed: count <= limit, count, retryAfterSeconds };
    },
    async peek(key) {
      return Number((await redis.get(prefix + key)) ?? 0);
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
    async close() {
      await redis.quit();
    },
  };
}
