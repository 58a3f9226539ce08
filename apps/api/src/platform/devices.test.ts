import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { DeviceCallError, DeviceOffline } from '../integrations/device-calls/port.ts';
import { localBus } from './bus.ts';
import { deviceCalls, memoryHolders, redisHolders } from './devices.ts';
import { until } from '../test/stations.ts';

const redisUrl = process.env.TEST_REDIS_URL;
const closers: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const close of closers.reverse()) await close();
});

describe('the holder registry', () => {
  it('alone: a newer claim has a larger token, and an older release leaves it', async () => {
    const holders = memoryHolders('n1');
    const first = await holders.claim('site:A');
    const second = await holders.claim('site:A');
    expect(second).toBeGreaterThan(first);
    await holders.release('site:A', first);
    expect(await holders.holderOf('site:A')).toEqual({ node: 'n1', token: second });
    await holders.release('site:A', second);
    expect(await holders.holderOf('site:A')).toBeNull();
  });

  it.skipIf(!redisUrl)(
    'on Redis: fenced across processes, and put back after it vanished',
    async () => {
      const prefix = `stod-test-${randomUUID()}:`;
      const a = redisHolders(redisUrl ?? '', prefix, 'a', 50);
      const b = redisHolders(redisUrl ?? '', prefix, 'b', 50);
      const raw = new Redis(redisUrl ?? '');
      closers.push(
        () => a.close(),
        () => b.close(),
        () => raw.quit(),
      );
      const tokenA = await a.claim('site:A');
      const tokenB = await b.claim('site:A');
      expect(tokenB).toBeGreaterThan(tokenA);
      // A's late release does not erase B's claim.
      await a.release('site:A', tokenA);
      expect(await a.holderOf('site:A')).toEqual({ node: 'b', token: tokenB });
      // Redis loses the holder (a restart): B's renewal puts it back; A's older claim does not.
      await raw.del(`${prefix}holder:site:A`);
      await until(
        () => a.holderOf('site:A'),
        (holder) => holder !== null,
      );
      expect(await a.holderOf('site:A')).toEqual({ node: 'b', token: tokenB });
    },
  );
});

describe('calls through the holder', () => {
  it('runs a held device here, answers a refusal as itself, and offline for one nobody holds', async () => {
    const bus = localBus(() => undefined);
    const holders = memoryHolders('n1');
    const calls = deviceCalls({ bus, holders, timeoutMs: 1_000 });
    closers.push(() => Promise.resolve(calls.close()));
    await expect(calls.call('site:A', 'Pump.Authorise', {})).rejects.toBeInstanceOf(DeviceOffline);
    const token = await holders.claim('site:A');
    const drop = calls.hold('site:A', token, (action) =>
      action === 'Pump.Authorise'
        ? Promise.reject(new DeviceCallError('taken', 'refused'))
        : Promise.resolve({ status: 'Accepted' }),
    );
    await expect(calls.call('site:A', 'Bay.Start', {})).resolves.toEqual({ status: 'Accepted' });
    await expect(calls.call('site:A', 'Pump.Authorise', {})).rejects.toMatchObject({
      code: 'taken',
    });
    drop();
    expect(calls.holds('site:A')).toBe(false);
  });

  it.skipIf(!redisUrl)('from another process, over the bus, to the holder', async () => {
    const { redisBus } = await import('./redis-bus.ts');
    const prefix = `stod-test-${randomUUID()}:`;
    const log = { error: () => undefined, warn: () => undefined };
    const [busA, busB] = await Promise.all([
      redisBus({ url: redisUrl ?? '', prefix, log }),
      redisBus({ url: redisUrl ?? '', prefix, log }),
    ]);
    const holdersA = redisHolders(redisUrl ?? '', prefix, 'a');
    const holdersB = redisHolders(redisUrl ?? '', prefix, 'b');
    const superseded: string[] = [];
    const callsA = deviceCalls({
      bus: busA,
      holders: holdersA,
      timeoutMs: 2_000,
      onSuperseded: (key) => superseded.push(key),
    });
    const callsB = deviceCalls({ bus: busB, holders: holdersB, timeoutMs: 2_000 });
    closers.push(
      () => busA.close(),
      () => busB.close(),
      () => holdersA.close(),
      () => holdersB.close(),
      () => Promise.resolve(callsA.close()),
      () => Promise.resolve(callsB.close()),
    );
    callsA.hold('charger:X', await holdersA.claim('charger:X'), (action, payload) =>
      Promise.resolve({ ranOn: 'a', action, payload }),
    );
    await expect(callsB.call('charger:X', 'remoteStop', { id: 1 })).resolves.toEqual({
      ranOn: 'a',
      action: 'remoteStop',
      payload: { id: 1 },
    });
    // The charger connects again, to B: A lets its connection go.
    callsB.hold('charger:X', await holdersB.claim('charger:X'), () =>
      Promise.resolve({ ranOn: 'b' }),
    );
    await until(
      () => Promise.resolve(superseded),
      (keys) => keys.includes('charger:X'),
    );
    expect(callsA.holds('charger:X')).toBe(false);
    await expect(callsA.call('charger:X', 'remoteStop', {})).resolves.toEqual({ ranOn: 'b' });
  });

  it.skipIf(!redisUrl)(
    'answers offline at once for a device whose holder died, before or during the call',
    async () => {
      const { redisBus } = await import('./redis-bus.ts');
      const prefix = `stod-test-${randomUUID()}:`;
      const log = { error: () => undefined, warn: () => undefined };
      const [busA, busB] = await Promise.all([
        redisBus({ url: redisUrl ?? '', prefix, log }),
        redisBus({ url: redisUrl ?? '', prefix, log }),
      ]);
      const holdersA = redisHolders(redisUrl ?? '', prefix, 'a');
      const holdersB = redisHolders(redisUrl ?? '', prefix, 'b');
      const callsA = deviceCalls({ bus: busA, holders: holdersA, timeoutMs: 120_000 });
      // B would wait two minutes for an answer; the test's own limit is far shorter.
      const callsB = deviceCalls({ bus: busB, holders: holdersB, timeoutMs: 120_000 });
      closers.push(
        () => busA.close(),
        () => busB.close(),
        () => holdersB.close(),
        () => Promise.resolve(callsA.close()),
        () => Promise.resolve(callsB.close()),
      );
      // A holds a charger whose calls never end, as a process does when it freezes mid-call.
      let reached = false;
      callsA.hold('charger:Y', await holdersA.claim('charger:Y'), () => {
        reached = true;
        return new Promise(() => undefined);
      });
      expect(await holdersB.alive('a')).toBe(true);
      const during = callsB.call('charger:Y', 'remoteStop', {});
      during.catch(() => undefined);
      await until(
        () => Promise.resolve(reached),
        (yes) => yes,
      );
      // A stops: it says no more that it runs, though its claim has not lapsed yet.
      await holdersA.close();
      await expect(during).rejects.toBeInstanceOf(DeviceOffline);
      expect(await holdersB.holderOf('charger:Y')).toMatchObject({ node: 'a' });
      expect(await holdersB.alive('a')).toBe(false);
      await expect(callsB.call('charger:Y', 'remoteStop', {})).rejects.toBeInstanceOf(
        DeviceOffline,
      );
    },
  );
});
