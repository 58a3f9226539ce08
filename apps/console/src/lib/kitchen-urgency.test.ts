import { describe, expect, it } from 'vitest';
import { kitchenOrder } from '../test/fixtures.ts';
import { expiringOrders, secondsLeft, spanText, urgencyOf } from './kitchen-urgency.ts';

// Placed at 13:10, expiring at 13:15.
const at = (time: string) => Date.parse(`2026-06-05T${time}Z`);

describe('how close a new order is to expiring', () => {
  it('is calm until two minutes before, amber until the last minute, then red', () => {
    const order = kitchenOrder();
    expect(urgencyOf(order, at('13:12:59'))).toBe('calm');
    expect(urgencyOf(order, at('13:13:00'))).toBe('soon');
    expect(urgencyOf(order, at('13:14:00'))).toBe('now');
    expect(urgencyOf(order, at('13:16:00'))).toBe('now');
    expect(secondsLeft(order, at('13:14:12.500'))).toBe(48);
    expect(secondsLeft(order, at('13:16:00'))).toBe(0);
  });

  it('is calm for an order already answered', () => {
    for (const state of ['accepted', 'ready', 'expired'] as const)
      expect(urgencyOf(kitchenOrder({ state, expiresAt: null }), at('13:14:30'))).toBe('calm');
  });

  it('names the red orders soonest first, leaving out those the station accepts itself', () => {
    const a = kitchenOrder({ id: 'a', expiresAt: '2026-06-05T13:15:00.000Z' });
    const b = kitchenOrder({ id: 'b', expiresAt: '2026-06-05T13:14:40.000Z' });
    const auto = kitchenOrder({ id: 'c', autoAccept: true });
    const calm = kitchenOrder({ id: 'd', expiresAt: '2026-06-05T13:20:00.000Z' });
    expect(expiringOrders([a, b, auto, calm], at('13:14:10')).map((o) => o.id)).toEqual(['b', 'a']);
  });
});

describe('a kitchen clock', () => {
  it('shows minutes and seconds, and hours past an hour', () => {
    expect(spanText(0)).toBe('0:00');
    expect(spanText(65)).toBe('1:05');
    expect(spanText(3_725)).toBe('1:02:05');
    expect(spanText(-3)).toBe('0:00');
  });
});
