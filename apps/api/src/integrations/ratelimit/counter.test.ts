import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { memoryCounter } from './memory.ts';
import type { Counter } from './port.ts';
import { redisCounter } from './redis.ts';

const redisUrl = process.env.TEST_REDIS_URL;
const stores: [string, () => Counter][] = [['memory', () => memoryCounter()]];
if (redisUrl) {
  stores.push([
    'redis',
    () => redisCounter(redisUrl, `stod-test-${randomBytes(6).toString('hex')}:`),
  ]);
}

describe.each(stores)('%s counter', (_name, make) => {
  it('counts hits sent at once one by one: 200 hits are 200, 10 of them allowed', async () => {
    const counter = make();
    try {
      const hits = await Promise.all(Array.from({ length: 200 }, () => counter.hit('k', 10, 60)));
      expect(hits.map((h) => h.count).sort((a, b) => a - b)).toEqual(
        Array.from({ length: 200 }, (_, i) => i + 1),
      );
      expect(hits.filter((h) => h.allowed)).toHaveLength(10);
      expect(await counter.peek('k')).toBe(200);
      expect(hits.every((h) => h.retryAfterSeconds >= 1 && h.retryAfterSeconds <= 60)).toBe(true);
    } finally {
      await counter.close();
    }
  });

  it('starts again after a reset, and keeps keys apart', async () => {
    const counter = make();
    try {
      await counter.hit('a', 1, 60);
      expect((await counter.hit('a', 1, 60)).allowed).toBe(false);
      expect((await counter.hit('b', 1, 60)).allowed).toBe(true);
      await counter.reset('a');
      expect(await counter.peek('a')).toBe(0);
      expect((await counter.hit('a', 1, 60)).count).toBe(1);
    } finally {
      await counter.close();
    }
  });
});
