import { describe, expect, it } from 'vitest';
import { isBeverageHash, nextCupAt } from './beverages.ts';
import { coversBeverage } from './subscriptions.ts';

describe('beverages', () => {
  const now = new Date('2026-11-25T10:00:00Z');

  it('asks fair use for a pause after a cup, and none without a rule or a cup', () => {
    expect(nextCupAt(null, 10, now)).toBeNull();
    expect(nextCupAt(new Date('2026-11-25T09:55:00Z'), null, now)).toBeNull();
    expect(nextCupAt(new Date('2026-11-25T09:55:00Z'), 10, now)).toEqual(
      new Date('2026-11-25T10:05:00Z'),
    );
    expect(nextCupAt(new Date('2026-11-25T09:50:00Z'), 10, now)).toBeNull();
  });

  it('covers a family only with an unexpired BEVERAGE subscription that names it (§6)', () => {
    const sub = (type: string, productIds: string, validTo: string) => ({
      validTo,
      subscription: { type, productIds },
    });
    expect(coversBeverage([sub('BEVERAGE', 'COFFEE, TEA', '2026-12-01')], 'TEA', now)).toBe(true);
    expect(coversBeverage([sub('BEVERAGE', 'COFFEE', '2026-12-01')], 'SODA', now)).toBe(false);
    expect(coversBeverage([sub('BEVERAGE', 'COFFEE', '2026-11-25T10:00:00Z')], 'COFFEE', now)).toBe(
      false,
    );
    expect(coversBeverage([sub('CARWASH', 'COFFEE', '2026-12-01')], 'COFFEE', now)).toBe(false);
  });

  it('takes letters and digits, 16 or more, as a hash', () => {
    expect(isBeverageHash('abcdefghijklmnop')).toBe(true);
    expect(isBeverageHash('abcdefghijklmno')).toBe(false);
    expect(isBeverageHash('abcdefghijklmnop-')).toBe(false);
  });
});
