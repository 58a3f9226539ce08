import { Redis } from 'ioredis';
import type { Counter } from './port.ts';

/** Counters in Redis, so that limits hold across every API process. */
export function redisCounter(url: string, prefix: string): Counter {
  const redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2 });
  return {
    async hit(key, limit, windowSeconds) {
      const k = prefix + key;
      const [[, count], [, ttl]] = (await redis.multi().incr(k).pttl(k).exec()) as [
        [null, number],
        [null, number],
      ];
      if (ttl < 0) await redis.pexpire(k, windowSeconds * 1000);
      const retryAfterSeconds = Math.max(
        1,
        Math.ceil((ttl < 0 ? windowSeconds * 1000 : ttl) / 1000),
      );
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
