import { afterEach, describe, expect, it, vi } from 'vitest';
import type { KitchenReport, KitchenTicket, KitchenVerdict } from './port.ts';
import { kitchenSim, type KitchenSim } from './sim.ts';

const quiet = { warn: () => undefined, debug: () => undefined };
const sims: KitchenSim[] = [];
afterEach(() => {
  for (const sim of sims.splice(0)) sim.close();
});

const ticket = (over: Partial<KitchenTicket> = {}): KitchenTicket => ({
  orderId: 'order-1',
  number: 7,
  state: 'placed',
  lines: [{ name: 'Franskar', quantity: 1 }],
  placedAt: new Date(),
  acceptedAt: null,
  readyBy: null,
  readyAt: null,
  ...over,
});

/** A kitchen 60 000 times faster than life, whose reports the test answers. */
function kitchen(answer: (report: KitchenReport) => Promise<KitchenVerdict>) {
  const reports: KitchenReport[] = [];
  const sim = kitchenSim({
    speed: 60_000,
    acceptSeconds: 1,
    log: quiet,
    report: (report) => {
      reports.push(report);
      return answer(report);
    },
  });
  sims.push(sim);
  return { sim, reports };
}

describe('the simulated station kitchen', () => {
  it('accepts with a ready-by time, readies and hands over, each step once answered', async () => {
    const { sim, reports } = kitchen(() => Promise.resolve({ ok: true }));
    sim.take('TK1', ticket());
    sim.take('TK1', ticket());
    await vi.waitFor(() => expect(sim.orders().size).toBe(0));
    expect(reports).toEqual([
      { site: 'TK1', orderId: 'order-1', step: 'accepted', readyInMinutes: 8 },
      { site: 'TK1', orderId: 'order-1', step: 'ready' },
      { site: 'TK1', orderId: 'order-1', step: 'collected' },
    ]);
  });

  it('lets an order go that the platform refuses, and tries again one it got no answer for', async () => {
    let calls = 0;
    const { sim, reports } = kitchen(() => {
      calls += 1;
      if (calls === 1) return Promise.reject(new Error('no answer'));
      return Promise.resolve({ ok: false, reason: 'staffed' });
    });
    sim.take('TK1', ticket());
    await vi.waitFor(() => expect(sim.orders().size).toBe(0));
    expect(reports.map((r) => r.step)).toEqual(['accepted', 'accepted']);
  });

  it('takes an order further along than it knows, and not one behind', async () => {
    const never = new Promise<KitchenVerdict>(() => undefined);
    const { sim, reports } = kitchen(() => never);
    const now = Date.now();
    sim.take('TK1', ticket({ placedAt: new Date(now + 3_600_000) }));
    expect(sim.orders().get('order-1')?.state).toBe('placed');
    sim.take(
      'TK1',
      ticket({
        state: 'accepted',
        acceptedAt: new Date(now),
        readyBy: new Date(now + 8 * 60_000),
      }),
    );
    expect(sim.orders().get('order-1')?.state).toBe('accepted');
    sim.take('TK1', ticket());
    expect(sim.orders().get('order-1')?.state).toBe('accepted');
    await vi.waitFor(() => expect(reports.map((r) => r.step)).toEqual(['ready']));
  });
});
