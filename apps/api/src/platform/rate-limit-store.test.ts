import { randomUUID } from 'node:crypto';
import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { leasedRateLimitStore, leaseSize } from './rate-limit-store.ts';

describe('leaseSize', () => {
  it('is an eighth of what is left of the limit, at least one and at most 64', () => {
    expect(leaseSize(0, 6)).toBe(1);
    expect(leaseSize(0, 15)).toBe(1);
    expect(leaseSize(0, 16)).toBe(2);
    expect(leaseSize(0, 1200)).toBe(64);
    expect(leaseSize(1100, 1200)).toBe(12);
    expect(leaseSize(1199, 1200)).toBe(1);
    expect(leaseSize(1300, 1200)).toBe(1);
  });
});

const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!redisUrl)('the leased rate-limit store on Redis', () => {
  const clients: Redis[] = [];
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.quit()));
  });

  /** A process's store, with its own Redis connection, and how many times it went to Redis. */
  function processStore(prefix: string) {
    const redis = new Redis(redisUrl ?? '');
    clients.push(redis);
    const Store = leasedRateLimitStore(redis, prefix);
    const store = new Store({});
    const leasing = redis as unknown as {
      stodLimitLease: (...args: unknown[]) => Promise<unknown>;
    };
    const original = leasing.stodLimitLease.bind(redis);
    const counted = { trips: 0 };
    leasing.stodLimitLease = (...args) => {
      counted.trips += 1;
      return original(...args);
    };
    return { store, counted, redis };
  }

  const ask = (store: FastifyRateLimitStore, key: string, max: number, windowMs = 60_000) =>
    new Promise<{ current: number; ttl: number }>((resolve, reject) => {
      store.incr(
        key,
        (error, result) => {
          if (error || !result) reject(error ?? new Error('no result'));
          else resolve(result);
        },
        windowMs,
        max,
      );
    });

  it('allows exactly the limit across two processes, one by one when the limit is small', async () => {
    const prefix = `stod-test-${randomUUID()}:`;
    const a = processStore(prefix);
    const b = processStore(prefix);
    const allowed: boolean[] = [];
    for (let i = 0; i < 5; i += 1)
      for (const side of [a, b]) allowed.push((await ask(side.store, '10.0.0.1', 6)).current <= 6);
    expect(allowed).toEqual([true, true, true, true, true, true, false, false, false, false]);
    // Each of the six was its own round trip; the refusals after were answered locally.
    expect(a.counted.trips + b.counted.trips).toBeLessThanOrEqual(8);
  });

  it('never exceeds a large limit across two processes, and goes to Redis for batches', async () => {
    const prefix = `stod-test-${randomUUID()}:`;
    const a = processStore(prefix);
    const b = processStore(prefix);
    let allowed = 0;
    for (let round = 0; round < 15; round += 1) {
      // A hundred at once on each process, as a busy address's requests arrive.
      const answers = await Promise.all(
        Array.from({ length: 100 }, (_, i) => ask((i % 2 ? a : b).store, '10.0.0.2', 1200)),
      );
      allowed += answers.filter((answer) => answer.current <= 1200).length;
    }
    // 1,500 asked: the limit, all of it, whichever process held the lease.
    expect(allowed).toBe(1200);
    const trips = a.counted.trips + b.counted.trips;
    expect(trips).toBeLessThan(150);
    expect(Number(await a.redis.get(`${prefix}10.0.0.2`))).toBeGreaterThanOrEqual(1200);
  });

  it('keeps addresses apart and starts a new window when the last one ends', async () => {
    const prefix = `stod-test-${randomUUID()}:`;
    const { store, redis } = processStore(prefix);
    expect((await ask(store, 'x', 2, 60_000)).current).toBe(1);
    expect((await ask(store, 'x', 2, 60_000)).current).toBe(2);
    expect((await ask(store, 'x', 2, 60_000)).current).toBe(3);
    expect((await ask(store, 'y', 2, 60_000)).current).toBe(1);
    const ttl = (await ask(store, 'x', 2, 60_000)).ttl;
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(60_000);
    // The window ends (here: its key is gone), and the next lease starts a new count.
    await redis.del(`${prefix}x`);
    const other = processStore(prefix);
    expect((await ask(other.store, 'x', 2, 60_000)).current).toBe(1);
  });

  it('counts a route with its own limit apart from the API’s', async () => {
    const prefix = `stod-test-${randomUUID()}:`;
    const { store, redis } = processStore(prefix);
    const route = store.child({ routeInfo: { method: 'POST', url: '/api/x' } } as never);
    await ask(route, 'z', 5);
    await ask(store, 'z', 5);
    expect(await redis.get(`${prefix}POST/api/x-z`)).toBe('1');
    expect(await redis.get(`${prefix}z`)).toBe('1');
  });

  it('answers an error when Redis cannot be reached, for the plugin to let the request through', async () => {
    const redis = new Redis('redis://127.0.0.1:1', {
      maxRetriesPerRequest: 0,
      lazyConnect: true,
      retryStrategy: () => null,
    });
    redis.on('error', () => undefined);
    const Store = leasedRateLimitStore(redis, `stod-test-${randomUUID()}:`);
    await expect(ask(new Store({}), 'w', 10)).rejects.toThrow();
    redis.disconnect();
  });
});
