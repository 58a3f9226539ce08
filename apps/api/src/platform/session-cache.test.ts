import { describe, expect, it } from 'vitest';
import { localBus } from './bus.ts';
import { sessionCache, type HeldSession } from './session-cache.ts';

const session = (userId: string, sessionId: string): HeldSession => ({
  userId,
  sessionId,
  role: null,
  createdAt: 0,
  lastUsedAt: 0,
});

/** Lets the bus's listeners, which run after the publisher's turn, run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

function cacheAt(ttlMs: number, max?: number) {
  let now = 1_000;
  const bus = localBus((error) => {
    throw error;
  });
  const cache = sessionCache(bus, {
    ttlMs,
    now: () => now,
    ...(max === undefined ? {} : { max }),
  });
  return {
    bus,
    cache,
    pass: (ms: number) => {
      now += ms;
    },
  };
}

describe('sessionCache', () => {
  it('keeps a session for its time, then asks again', () => {
    const { cache, pass } = cacheAt(10_000);
    cache.set('h1', session('u1', 's1'), cache.mark());
    pass(9_999);
    expect(cache.get('h1')?.sessionId).toBe('s1');
    pass(1);
    expect(cache.get('h1')).toBeUndefined();
  });

  it('keeps nothing when its time is 0', () => {
    const { cache } = cacheAt(0);
    cache.set('h1', session('u1', 's1'), cache.mark());
    expect(cache.get('h1')).toBeUndefined();
  });

  it('keeps at most `max` sessions, the oldest going first', () => {
    const { cache } = cacheAt(10_000, 2);
    cache.set('h1', session('u1', 's1'), cache.mark());
    cache.set('h2', session('u2', 's2'), cache.mark());
    cache.set('h3', session('u3', 's3'), cache.mark());
    expect(cache.get('h1')).toBeUndefined();
    expect(cache.get('h2')?.sessionId).toBe('s2');
    expect(cache.get('h3')?.sessionId).toBe('s3');
  });

  it('keeps the session in use when it must let one go', () => {
    const { cache } = cacheAt(10_000, 2);
    cache.set('h1', session('u1', 's1'), cache.mark());
    cache.set('h2', session('u2', 's2'), cache.mark());
    expect(cache.get('h1')?.sessionId).toBe('s1');
    cache.set('h3', session('u3', 's3'), cache.mark());
    expect(cache.get('h2')).toBeUndefined();
    expect(cache.get('h1')?.sessionId).toBe('s1');
    expect(cache.get('h3')?.sessionId).toBe('s3');
  });

  it('forgets one session, or all of a user but the one kept, when the bus says so', async () => {
    const { bus, cache } = cacheAt(10_000);
    cache.set('a1', session('ua', 'sa1'), cache.mark());
    cache.set('a2', session('ua', 'sa2'), cache.mark());
    cache.set('a3', session('ua', 'sa3'), cache.mark());
    cache.set('b1', session('ub', 'sb1'), cache.mark());
    await bus.publish('session.revoked', { userId: 'ua', sessionId: 'sa1' });
    await settle();
    expect(cache.get('a1')).toBeUndefined();
    expect(cache.get('a2')).toBeDefined();
    await bus.publish('session.revoked', { userId: 'ua', sessionId: null, keep: 'sa3' });
    await settle();
    expect(cache.get('a2')).toBeUndefined();
    expect(cache.get('a3')?.sessionId).toBe('sa3');
    await bus.publish('user.roleChanged', { userId: 'ua' });
    await settle();
    expect(cache.get('a3')).toBeUndefined();
    expect(cache.get('b1')?.sessionId).toBe('sb1');
  });

  it('does not keep a read that a revocation overtook', () => {
    const { cache } = cacheAt(10_000);
    const readSince = cache.mark();
    cache.forget({ userId: 'ua' });
    cache.set('a1', session('ua', 'sa1'), readSince);
    expect(cache.get('a1')).toBeUndefined();
    cache.set('a1', session('ua', 'sa1'), cache.mark());
    expect(cache.get('a1')).toBeDefined();
  });

  it('stops listening when closed', async () => {
    const { bus, cache } = cacheAt(10_000);
    cache.close();
    cache.set('a1', session('ua', 'sa1'), cache.mark());
    await bus.publish('session.revoked', { userId: 'ua', sessionId: null });
    await settle();
    expect(cache.get('a1')).toBeDefined();
  });
});
