import { fuelAmount, volumeForLimit } from '@stod/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ForecourtError, type ForecourtEvent, type PumpAuthorisation } from './port.ts';
import { forecourtSim, type ForecourtSim, type ForecourtSimOptions } from './sim.ts';

const SITE = 'TK1001';
const open: ForecourtSim[] = [];

function start(options: Partial<ForecourtSimOptions> = {}) {
  const sim = forecourtSim({
    speed: 200,
    autoCustomer: false,
    pumpsOf: (site) => Promise.resolve(site === SITE ? [1, 2, 3] : null),
    ...options,
  });
  open.push(sim);
  const events: ForecourtEvent[] = [];
  sim.subscribe((event) => events.push(event));
  /** The first event from `from` on that matches, as soon as it arrives. */
  const until = <E extends ForecourtEvent>(
    match: (event: ForecourtEvent) => event is E,
    from = 0,
  ) =>
    new Promise<E>((resolve) => {
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

const fill = (reference: string, limit = 30_000): PumpAuthorisation => ({
  reference,
  limit,
  grade: 'Blýfrítt 95',
  unitPrice: 1_299,
});

const pumpEvent =
  (state: string, reference?: string | null) =>
  (event: ForecourtEvent): event is Extract<ForecourtEvent, { type: 'pump' }> =>
    event.type === 'pump' &&
    event.state === state &&
    (reference === undefined || event.reference === reference);
const saleOf =
  (reference: string) =>
  (event: ForecourtEvent): event is Extract<ForecourtEvent, { type: 'sale' }> =>
    event.type === 'sale' && event.sale.reference === reference;
const progressOf =
  (reference: string) =>
  (event: ForecourtEvent): event is Extract<ForecourtEvent, { type: 'progress' }> =>
    event.type === 'progress' && event.reference === reference;

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => 'accepted',
    (error: unknown) => (error instanceof ForecourtError ? error.code : error),
  );

describe('the forecourt simulator: authorisation', () => {
  it('authorises an idle pump once and refuses what a real controller refuses', async () => {
    const { sim, events, until } = start();
    await sim.authorise(SITE, 1, fill('t-1'));
    await until(pumpEvent('authorised', 't-1'));
    expect(await sim.status(SITE, 1)).toEqual({ pump: 1, state: 'authorised', reference: 't-1' });

    // The same reference again answers as the first time and changes nothing.
    await sim.authorise(SITE, 1, fill('t-1'));
    expect(events.filter(pumpEvent('authorised'))).toHaveLength(1);
    expect(await refusal(sim.authorise(SITE, 1, fill('t-2')))).toBe('taken');
    expect(await refusal(sim.authorise(SITE, 9, fill('t-3')))).toBe('not_found');
    expect(await refusal(sim.authorise('TK9999', 1, fill('t-4')))).toBe('not_found');
    expect(await refusal(sim.pumps('TK9999'))).toBe('not_found');

    await sim.fault(SITE, 2);
    expect(await refusal(sim.authorise(SITE, 2, fill('t-5')))).toBe('inactive');
    await sim.offline(SITE, 3);
    expect(await refusal(sim.authorise(SITE, 3, fill('t-6')))).toBe('offline');
    expect(await sim.pumps(SITE)).toEqual([
      { pump: 1, state: 'authorised', reference: 't-1' },
      { pump: 2, state: 'inactive', reference: null },
      { pump: 3, state: 'offline', reference: null },
    ]);
    expect(await sim.lookup(SITE, 1, 't-1')).toEqual({
      state: 'authorised',
      pump: 1,
      volumeMl: 0,
      amount: 0,
    });
    expect(await sim.lookup(SITE, 1, 'never')).toEqual({ state: 'unknown' });
  });

  it('cancels before the lift, and answers too_late after it', async () => {
    const { sim, until } = start();
    await sim.authorise(SITE, 1, fill('c-1'));
    expect(await sim.cancel(SITE, 1, 'c-1')).toBe('cancelled');
    await until(pumpEvent('idle', null));
    expect(await sim.lookup(SITE, 1, 'c-1')).toEqual({ state: 'cancelled' });
    expect(await sim.cancel(SITE, 1, 'c-1')).toBe('cancelled');
    // A cancelled reference is never authorised again.
    await sim.authorise(SITE, 1, fill('c-1'));
    expect((await sim.status(SITE, 1)).state).toBe('idle');

    await sim.authorise(SITE, 1, fill('c-2'));
    await sim.lift(SITE, 1);
    expect(await sim.cancel(SITE, 1, 'c-2')).toBe('too_late');
    await sim.hangup(SITE, 1);
    expect(await sim.cancel(SITE, 1, 'c-2')).toBe('too_late');
  });
});

describe('the forecourt simulator: deliveries', () => {
  it('reports progress and stops exactly at the limit, with the amount of fuelAmount', async () => {
    const { sim, events, until } = start();
    const limit = 30_000;
    await sim.authorise(SITE, 1, fill('f-1', limit));
    await sim.lift(SITE, 1);
    await until(pumpEvent('fuelling', 'f-1'));
    const { sale } = await until(saleOf('f-1'));
    expect(sale.volumeMl).toBe(volumeForLimit(limit, 1_299));
    expect(sale.amount).toBe(fuelAmount(sale.volumeMl, 1_299));
    expect(sale.amount).toBeLessThanOrEqual(limit);
    expect(sale).toMatchObject({ pump: 1, grade: 'Blýfrítt 95', unitPrice: 1_299 });

    const progress = events.filter(progressOf('f-1'));
    expect(progress.length).toBeGreaterThan(2);
    for (const [i, step] of progress.entries()) {
      expect(step.amount).toBe(fuelAmount(step.volumeMl, 1_299));
      expect(step.amount).toBeLessThanOrEqual(limit);
      expect(step.volumeMl).toBeGreaterThanOrEqual(progress[i - 1]?.volumeMl ?? 0);
    }
    expect(progress.at(-1)?.volumeMl).toBe(sale.volumeMl);
    expect(await sim.lookup(SITE, 1, 'f-1')).toEqual({ state: 'sold', pump: 1, sale });
    // The sale shows for a moment, then the pump is free for the next customer.
    await until(pumpEvent('idle', null));
    expect(events.filter(saleOf('f-1'))).toHaveLength(1);
  });

  it('ends where the customer hangs up; a hang-up with nothing delivered is a sale of 0', async () => {
    const { sim, until } = start();
    await sim.authorise(SITE, 1, fill('h-1'));
    await sim.lift(SITE, 1, { litres: 12.5 });
    const { sale } = await until(saleOf('h-1'));
    expect(sale.volumeMl).toBe(12_500);
    expect(sale.amount).toBe(fuelAmount(12_500, 1_299));

    await until(pumpEvent('idle', null));
    await sim.authorise(SITE, 1, fill('h-2'));
    await sim.lift(SITE, 1, { litres: 0 });
    expect((await until(saleOf('h-2'))).sale).toMatchObject({ volumeMl: 0, amount: 0 });
  });

  it('lets a lifted pump run on when the customer hangs up by hand', async () => {
    const { sim, until } = start();
    await sim.authorise(SITE, 2, fill('m-1'));
    await sim.lift(SITE, 2);
    await until(progressOf('m-1'));
    await sim.hangup(SITE, 2);
    const { sale } = await until(saleOf('m-1'));
    expect(sale.volumeMl).toBeGreaterThan(0);
    expect(sale.amount).toBe(fuelAmount(sale.volumeMl, 1_299));
    expect(sale.amount).toBeLessThanOrEqual(30_000);
  });

  it('fills by itself with the auto customer', async () => {
    const { sim, until } = start({ autoCustomer: true });
    await sim.authorise(SITE, 3, fill('a-1', 75_000));
    await until(pumpEvent('fuelling', 'a-1'));
    const { sale } = await until(saleOf('a-1'));
    expect(sale.volumeMl).toBeGreaterThan(0);
    expect(sale.volumeMl).toBeLessThanOrEqual(volumeForLimit(75_000, 1_299));
    expect(sale.amount).toBe(fuelAmount(sale.volumeMl, 1_299));
  });
});

describe('the forecourt simulator: failures', () => {
  it('keeps delivering while offline and sends the sale once when the pump is back', async () => {
    const { sim, events, until } = start();
    await sim.authorise(SITE, 1, fill('o-1'));
    await sim.lift(SITE, 1, { litres: 20 });
    await until(progressOf('o-1'));
    await sim.offline(SITE, 1);
    await until(pumpEvent('offline', 'o-1'));
    const heard = events.length;
    expect(await refusal(sim.lookup(SITE, 1, 'o-1'))).toBe('offline');
    expect(await refusal(sim.cancel(SITE, 1, 'o-1'))).toBe('offline');

    // The customer fills on and hangs up; nothing of it is heard.
    await vi.waitFor(async () => {
      const [pump] = await sim.snapshot(SITE);
      expect(pump?.pumpState).toBe('idle');
    });
    expect(events.slice(heard)).toEqual([]);
    expect((await sim.status(SITE, 1)).state).toBe('offline');

    const back = events.length;
    await sim.online(SITE, 1);
    const { sale } = await until(saleOf('o-1'), back);
    expect(sale.volumeMl).toBe(20_000);
    expect(events[back]).toMatchObject({ type: 'pump', state: 'idle' });
    expect(await sim.lookup(SITE, 1, 'o-1')).toEqual({ state: 'sold', pump: 1, sale });
    await sim.online(SITE, 1);
    expect(events.filter(saleOf('o-1'))).toHaveLength(1);
  });

  it('ends a delivery at what it delivered when the pump fails, and sells it', async () => {
    const { sim, until } = start();
    await sim.authorise(SITE, 2, fill('x-1'));
    await sim.lift(SITE, 2);
    await until(progressOf('x-1'));
    await sim.fault(SITE, 2);
    const { sale } = await until(saleOf('x-1'));
    await until(pumpEvent('inactive', null));
    expect(sale.volumeMl).toBeGreaterThan(0);
    expect(sale.volumeMl).toBeLessThan(volumeForLimit(30_000, 1_299));
    expect(sale.amount).toBe(fuelAmount(sale.volumeMl, 1_299));
    // The sale says the pump's failure ended it; one the nozzle ended says nothing of it.
    expect(sale.fault).toBe(true);
    expect(await refusal(sim.authorise(SITE, 2, fill('x-2')))).toBe('inactive');

    await sim.online(SITE, 2);
    expect((await sim.status(SITE, 2)).state).toBe('idle');
    await sim.authorise(SITE, 2, fill('x-3'));
    expect((await sim.status(SITE, 2)).state).toBe('authorised');
  });

  it('withdraws an authorisation whose nozzle stayed in place when the pump fails', async () => {
    const { sim, until } = start();
    await sim.authorise(SITE, 3, fill('w-1'));
    expect(await sim.fault(SITE, 3)).toEqual({ pump: 3, state: 'inactive', reference: null });
    // The event names the authorisation it withdrew.
    await until(pumpEvent('inactive', 'w-1'));
    expect(await sim.lookup(SITE, 3, 'w-1')).toEqual({ state: 'cancelled' });
  });
});

describe('the forecourt simulator: close', () => {
  it('leaves no timer behind', async () => {
    vi.useFakeTimers();
    const { sim } = start({ autoCustomer: true });
    await sim.authorise(SITE, 1, fill('z-1'));
    await sim.authorise(SITE, 2, fill('z-2'));
    await sim.lift(SITE, 2);
    expect(vi.getTimerCount()).toBeGreaterThan(0);
    await sim.close();
    expect(vi.getTimerCount()).toBe(0);
  });
});
