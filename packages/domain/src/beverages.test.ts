import { describe, expect, it } from 'vitest';
import { formatFillCode, isBeverageHash, nextCupAt, normaliseFillCode } from './beverages.ts';
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

describe('the code printed under a machine’s QR code', () => {
  it('is taken in any case, with or without its space or a dash', () => {
    for (const typed of ['K7M4QX', 'k7m 4qx', ' K7M-4QX ', 'k7m\t4qx'])
      expect(normaliseFillCode(typed), typed).toBe('K7M4QX');
    expect(formatFillCode('K7M4QX')).toBe('K7M 4QX');
  });

  it('is refused when it cannot be one: too short or long, or a look-alike letter', () => {
    for (const typed of ['', 'K7M4Q', 'K7M4QXX', 'K7M4Q0', 'I1LOBS', 'K7M 4Q!'])
      expect(normaliseFillCode(typed), typed).toBeNull();
  });
});
