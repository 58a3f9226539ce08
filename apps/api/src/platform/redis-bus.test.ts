import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import type { Bus, BusEventName, BusEvents } from './bus.ts';
import { redisBus } from './redis-bus.ts';

const redisUrl = process.env.TEST_REDIS_URL;

/** Collects what a listener hears and lets a test wait for the nth event, never for a time. */
function inbox<N extends BusEventName>(bus: Bus, name: N) {
  const heard: BusEvents[N][] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  bus.subscribe(name, (payload) => {
    heard.push(payload);
    for (const w of waiters.filter((x) => heard.length >= x.count)) w.resolve();
  });
  return {
    heard,
    until: (count: number) =>
      heard.length >= count
        ? Promise.resolve()
        : new Promise<void>((resolve) => waiters.push({ count, resolve })),
  };
}

const receipt = (receiptId: string) => ({ userId: 'u1', receiptId });

describe.skipIf(!redisUrl)('the event bus on Redis', () => {
  const prefix = `stod-test-${randomBytes(6).toString('hex')}:`;
  let a: TestApp;
  let b: TestApp;
  let other: TestApp;

  beforeAll(async () => {
    [a, b, other] = await Promise.all([
      createTestApp({ REDIS_KEY_PREFIX: prefix }),
      createTestApp({ REDIS_KEY_PREFIX: prefix }),
      createTestApp({ REDIS_KEY_PREFIX: `${prefix}other:` }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([a.close(), b.close(), other.close()]);
  });

  it('delivers an event raised on one app to the listeners of both, once each', async () => {
    const onA = inbox(a.app.ctx.bus, 'receipt.created');
    const onB = inbox(b.app.ctx.bus, 'receipt.created');
    await a.app.ctx.bus.publish('receipt.created', receipt('r1'));
    await Promise.all([onA.until(1), onB.until(1)]);
    // Events on one channel arrive in order: once the second is here, a repeat of the first would be.
    await b.app.ctx.bus.publish('receipt.created', receipt('r2'));
    await Promise.all([onA.until(2), onB.until(2)]);
    expect(onA.heard).toEqual([receipt('r1'), receipt('r2')]);
    expect(onB.heard).toEqual([receipt('r1'), receipt('r2')]);
  });

  it('keeps delivering past a listener that throws', async () => {
    b.app.ctx.bus.subscribe('payment.captured', () => {
      throw new Error('listener broke');
    });
    const onB = inbox(b.app.ctx.bus, 'payment.captured');
    const captured = (paymentId: string) => ({ userId: 'u1', paymentId, amount: 100 });
    await a.app.ctx.bus.publish('payment.captured', captured('p1'));
    await onB.until(1);
    await a.app.ctx.bus.publish('payment.captured', captured('p2'));
    await onB.until(2);
    expect(onB.heard).toEqual([captured('p1'), captured('p2')]);
  });

  it('keeps installations with another key prefix apart', async () => {
    const onOther = inbox(other.app.ctx.bus, 'paymentMethod.activated');
    const activated = (paymentMethodId: string) => ({ userId: 'u1', paymentMethodId });
    await a.app.ctx.bus.publish('paymentMethod.activated', activated('m1'));
    // Published after the first, so it arrives after it on the same connection.
    await other.app.ctx.bus.publish('paymentMethod.activated', activated('m2'));
    await onOther.until(1);
    expect(onOther.heard).toEqual([activated('m2')]);
  });

  it('subscribes again after its connection to Redis drops', async () => {
    const { Redis } = await import('ioredis');
    const raw = new Redis(redisUrl ?? '');
    try {
      // Only this app's subscriber, found by its connection name; other clients stay untouched.
      const clients = (await raw.call('client', 'list')) as string;
      const ids = clients
        .split('\n')
        .filter((line) => line.includes(` name=${prefix}bus:subscriber `))
        .map((line) => /\bid=(\d+)/.exec(line)?.[1] ?? '');
      expect(ids.length).toBe(2);
      await raw.call('client', 'kill', 'id', ids[0] ?? '');
      await raw.call('client', 'kill', 'id', ids[1] ?? '');
    } finally {
      await raw.quit();
    }
    const onB = inbox(b.app.ctx.bus, 'receipt.created');
    // Events published before the subscription is back are lost; publish until one arrives.
    for (let n = 0; onB.heard.length === 0 && n < 100; n += 1) {
      await a.app.ctx.bus.publish('receipt.created', receipt(`again-${String(n)}`));
      await Promise.race([onB.until(1), new Promise((resolve) => setTimeout(resolve, 100))]);
    }
    expect(onB.heard.length).toBeGreaterThan(0);
  });

  it('logs a failing listener and an event that is not JSON', async () => {
    const logged: string[] = [];
    const log = {
      error: (_fields: unknown, message: string) => logged.push(message),
      warn: (_fields: unknown, message: string) => logged.push(message),
    } as unknown as Parameters<typeof redisBus>[0]['log'];
    const bus = await redisBus({ url: redisUrl ?? '', prefix: `${prefix}log:`, log });
    try {
      let failed = 0;
      const failure = new Promise<void>((resolve) => {
        bus.subscribe('receipt.created', () => {
          failed += 1;
          resolve();
          throw new Error('listener broke');
        });
      });
      const { Redis } = await import('ioredis');
      const raw = new Redis(redisUrl ?? '');
      await raw.publish(`${prefix}log:bus:receipt.created`, 'not json');
      await raw.quit();
      await bus.publish('receipt.created', receipt('r3'));
      await failure;
      await new Promise((resolve) => setImmediate(resolve));
      expect(failed).toBe(1);
      expect(logged).toEqual([
        'an event on the bus was not JSON; dropped',
        'an event listener failed',
      ]);
    } finally {
      await bus.close();
    }
  });
});
