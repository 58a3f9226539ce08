import { afterEach, describe, expect, it, vi } from 'vitest';
import { CarwashError, type BayState, type CarwashEvent } from './port.ts';
import { carwashSim, type CarwashSim } from './sim.ts';

const SITE = 'TK1005';
const open: CarwashSim[] = [];

function start() {
  const sim = carwashSim({
    speed: 200,
    baysOf: (site) => Promise.resolve(site === SITE ? [1, 2] : null),
  });
  open.push(sim);
  const events: CarwashEvent[] = [];
  sim.subscribe((event) => events.push(event));
  /** The first event from `from` on of that bay in that state, as soon as it arrives. */
  const until = (bay: number, state: BayState, from = 0) =>
    new Promise<CarwashEvent>((resolve) => {
      const match = (event: CarwashEvent) => event.bay === bay && event.state === state;
      const seen = events.slice(from).find(match);
      if (seen) {
        resolve(seen);
        return;
      }
      const stop = sim.subscribe((event) => {
        if (!match(event)) return;
        stop();
        resolve(event);
      });
    });
  return { sim, events, until };
}

afterEach(async () => {
  await Promise.all(open.splice(0).map((sim) => sim.close()));
  vi.useRealTimers();
});

const programme = (reference: string, durationSeconds = 120) => ({
  reference,
  programme: 'Vask 2',
  durationSeconds,
});

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => 'accepted',
    (error: unknown) => (error instanceof CarwashError ? error.code : error),
  );

/** The remaining seconds a bay reported in one state, in order. */
const remaining = (events: CarwashEvent[], state: BayState) =>
  events.filter((e) => e.state === state).map((e) => e.remainingSeconds);

describe('the car-wash simulator: a wash', () => {
  it('loads, counts down, washes, finishes and is free again', async () => {
    const { sim, events, until } = start();
    await sim.load(SITE, 1, programme('w-1', 90));
    await sim.load(SITE, 1, programme('w-1', 90));
    expect(events.filter((e) => e.state === 'ready')).toHaveLength(1);
    expect(await refusal(sim.load(SITE, 1, programme('w-2')))).toBe('busy');
    expect(await refusal(sim.load(SITE, 7, programme('w-3')))).toBe('not_found');
    expect(await refusal(sim.bays('TK0000'))).toBe('not_found');
    expect(await sim.lookup(SITE, 1, 'w-1')).toEqual({
      state: 'ready',
      bay: 1,
      remainingSeconds: null,
    });

    await sim.start(SITE, 1, 'w-1');
    const countdown = await until(1, 'countdown');
    expect(countdown).toMatchObject({ reference: 'w-1', remainingSeconds: 20 });
    // A start repeated while the wash runs answers as the first did.
    await sim.start(SITE, 1, 'w-1');
    await until(1, 'washing');
    await until(1, 'finished');
    expect(await sim.lookup(SITE, 1, 'w-1')).toMatchObject({ state: 'finished', bay: 1 });
    const free = await until(1, 'free');
    expect(free.reference).toBeNull();
    expect(await sim.lookup(SITE, 1, 'w-1')).toEqual({
      state: 'finished',
      bay: 1,
      remainingSeconds: null,
    });

    expect(events.map((e) => e.state).filter((s, i, all) => s !== all[i - 1])).toEqual([
      'ready',
      'countdown',
      'washing',
      'finished',
      'free',
    ]);
    for (const state of ['countdown', 'washing'] as const) {
      const seconds = remaining(events, state);
      expect(seconds.length).toBeGreaterThan(1);
      expect(seconds).toEqual([...seconds].sort((a, b) => (b ?? 0) - (a ?? 0)));
    }
    expect(remaining(events, 'washing')[0]).toBeLessThanOrEqual(90);
    // A late repeat of the start finds the wash done and changes nothing.
    await sim.start(SITE, 1, 'w-1');
    expect((await sim.status(SITE, 1)).state).toBe('free');
  });

  it('refuses a start the bay is not ready for', async () => {
    const { sim } = start();
    expect(await refusal(sim.start(SITE, 1, 'nothing-loaded'))).toBe('not_ready');
    await sim.load(SITE, 1, programme('r-1'));
    expect(await refusal(sim.start(SITE, 1, 'r-other'))).toBe('not_ready');
    await sim.fault(SITE, 1);
    expect(await refusal(sim.start(SITE, 1, 'r-1'))).toBe('fault');
    await sim.offline(SITE, 2);
    expect(await refusal(sim.start(SITE, 2, 'r-1'))).toBe('offline');
    expect(await refusal(sim.load(SITE, 2, programme('r-2')))).toBe('offline');
    expect(await refusal(sim.lookup(SITE, 2, 'r-2'))).toBe('offline');
  });

  it('unloads a programme that has not started, and refuses to once it has', async () => {
    const { sim, until } = start();
    await sim.load(SITE, 1, programme('c-1'));
    await sim.cancel(SITE, 1, 'c-1');
    await until(1, 'free');
    expect(await sim.lookup(SITE, 1, 'c-1')).toEqual({ state: 'cancelled' });

    await sim.load(SITE, 1, programme('c-2'));
    await sim.start(SITE, 1, 'c-2');
    expect(await refusal(sim.cancel(SITE, 1, 'c-2'))).toBe('busy');
  });
});

describe('the car-wash simulator: stop, resume and faults', () => {
  it('stops with the remaining time kept, and resumes for that time', async () => {
    const { sim, events, until } = start();
    await sim.load(SITE, 1, programme('s-1', 200));
    await sim.start(SITE, 1, 's-1');
    await until(1, 'washing');
    await sim.stop(SITE, 1, 's-1');
    const stopped = await until(1, 'stopped');
    const kept = stopped.remainingSeconds ?? 0;
    expect(kept).toBeGreaterThan(0);
    expect(kept).toBeLessThanOrEqual(200);

    // Time passes on another bay; the stopped one keeps its time.
    await sim.load(SITE, 2, programme('s-2', 60));
    await sim.start(SITE, 2, 's-2');
    await until(2, 'washing');
    expect(await sim.lookup(SITE, 1, 's-1')).toEqual({
      state: 'stopped',
      bay: 1,
      remainingSeconds: kept,
    });
    expect(await refusal(sim.resume(SITE, 1, 'other'))).toBe('not_ready');

    const from = events.length;
    await sim.resume(SITE, 1, 's-1');
    const resumed = await until(1, 'washing', from);
    expect(resumed.remainingSeconds).toBe(kept);
    await until(1, 'finished', from);
  });

  it('halts a wash on a fault; back online it waits, stopped, for staff', async () => {
    const { sim, events, until } = start();
    await sim.load(SITE, 1, programme('f-1', 100));
    await sim.start(SITE, 1, 'f-1');
    await until(1, 'washing');
    await sim.fault(SITE, 1);
    const fault = await until(1, 'fault');
    expect(fault.reference).toBe('f-1');
    expect(fault.remainingSeconds).toBeGreaterThan(0);
    expect(await refusal(sim.resume(SITE, 1, 'f-1'))).toBe('fault');
    expect(await refusal(sim.start(SITE, 1, 'f-1'))).toBe('fault');
    expect(await refusal(sim.load(SITE, 1, programme('f-2')))).toBe('fault');
    expect(await sim.lookup(SITE, 1, 'f-1')).toMatchObject({ state: 'stopped' });

    const from = events.length;
    expect(await sim.online(SITE, 1)).toEqual({
      bay: 1,
      state: 'stopped',
      reference: 'f-1',
      remainingSeconds: fault.remainingSeconds,
    });
    await until(1, 'stopped', from);
    await sim.resume(SITE, 1, 'f-1');
    await until(1, 'finished', from);
  });

  it('drops a programme that never started when its faulted bay comes back', async () => {
    const { sim } = start();
    await sim.load(SITE, 2, programme('g-1'));
    await sim.fault(SITE, 2);
    expect((await sim.online(SITE, 2)).state).toBe('free');
    expect(await sim.lookup(SITE, 2, 'g-1')).toEqual({ state: 'cancelled' });
  });

  it('washes on while out of reach and tells its state when it is back', async () => {
    const { sim, events, until } = start();
    await sim.load(SITE, 2, programme('o-1', 30));
    await sim.start(SITE, 2, 'o-1');
    await until(2, 'countdown');
    await sim.offline(SITE, 2);
    await until(2, 'offline');
    const heard = events.length;
    await vi.waitFor(async () => {
      const [, bay] = await sim.snapshot(SITE);
      expect(bay?.bayState).toBe('free');
    });
    expect(events.slice(heard)).toEqual([]);
    expect(await sim.online(SITE, 2)).toMatchObject({ state: 'free', reference: null });
    expect(await sim.lookup(SITE, 2, 'o-1')).toMatchObject({ state: 'finished' });
  });
});

describe('the car-wash simulator: close', () => {
  it('leaves no timer behind', async () => {
    vi.useFakeTimers();
    const { sim } = start();
    await sim.load(SITE, 1, programme('z-1'));
    await sim.start(SITE, 1, 'z-1');
    expect(vi.getTimerCount()).toBeGreaterThan(0);
    await sim.close();
    expect(vi.getTimerCount()).toBe(0);
  });
});
