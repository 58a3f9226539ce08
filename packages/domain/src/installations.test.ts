import { describe, expect, it } from 'vitest';
import {
  kronerInputOf,
  monthOf,
  dayRange,
  monthRange,
  nextMonth,
  parseKroner,
  previousMonth,
  shareLimitsPatchSchema,
  shareRefusal,
  shareEndsAtOf,
  shareLastDayOf,
  shareRemainingWh,
} from './installations.ts';

describe('shares', () => {
  const now = new Date('2026-11-25T12:00:00Z');
  it('refuses a share past its end date, and one whose monthly cap is used', () => {
    expect(shareRefusal({ endsAt: null, monthlyKwhCap: null }, 1e9, now)).toBeNull();
    expect(shareRefusal({ endsAt: '2026-11-25T12:00:00Z', monthlyKwhCap: null }, 0, now)).toBe(
      'ended',
    );
    expect(
      shareRefusal({ endsAt: '2026-11-25T12:00:01Z', monthlyKwhCap: null }, 0, now),
    ).toBeNull();
    expect(shareRefusal({ endsAt: null, monthlyKwhCap: 5 }, 4_999, now)).toBeNull();
    expect(shareRefusal({ endsAt: null, monthlyKwhCap: 5 }, 5_000, now)).toBe('cap');
  });

  it('leaves a charge what the cap has not used, never less than nothing', () => {
    expect(shareRemainingWh(null, 123)).toBeNull();
    expect(shareRemainingWh(5, 1_200)).toBe(3_800);
    expect(shareRemainingWh(5, 9_000)).toBe(0);
  });

  it('validates a change of limits strictly', () => {
    expect(shareLimitsPatchSchema.safeParse({ pricePerKwh: 0 }).success).toBe(true);
    expect(shareLimitsPatchSchema.safeParse({ endsAt: null, monthlyKwhCap: null }).success).toBe(
      true,
    );
    for (const bad of [
      { pricePerKwh: -1 },
      { pricePerKwh: 2.5 },
      { monthlyKwhCap: 0 },
      { endsAt: '2026-13-01' },
      { other: 1 },
    ])
      expect(shareLimitsPatchSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
  });
});

describe('months in Faroe time', () => {
  it('begin at local midnight, an hour before UTC in summer', () => {
    expect(monthRange('2026-07')).toEqual({
      from: new Date('2026-06-30T23:00:00Z'),
      to: new Date('2026-07-31T23:00:00Z'),
    });
    expect(monthRange('2026-12')).toEqual({
      from: new Date('2026-12-01T00:00:00Z'),
      to: new Date('2027-01-01T00:00:00Z'),
    });
    // The clocks go back in late October: November starts at midnight UTC.
    expect(monthRange('2026-10').to).toEqual(new Date('2026-11-01T00:00:00Z'));
  });

  it('give a day its Faroe midnight, 23 or 25 hours long when the clocks change', () => {
    expect(dayRange('2026-07-01')).toEqual({
      from: new Date('2026-06-30T23:00:00Z'),
      to: new Date('2026-07-01T23:00:00Z'),
    });
    expect(dayRange('2026-12-31').to).toEqual(new Date('2027-01-01T00:00:00Z'));
    const spring = dayRange('2026-03-29');
    expect(spring.to.getTime() - spring.from.getTime()).toBe(23 * 3_600_000);
    const autumn = dayRange('2026-10-25');
    expect(autumn.to.getTime() - autumn.from.getTime()).toBe(25 * 3_600_000);
  });

  it('name the month an instant falls in', () => {
    expect(monthOf(new Date('2026-06-30T23:30:00Z'))).toBe('2026-07');
    expect(monthOf(new Date('2026-12-31T23:59:00Z'))).toBe('2026-12');
    expect(previousMonth('2026-01')).toBe('2025-12');
    expect(previousMonth('2026-11')).toBe('2026-10');
    expect(nextMonth('2026-12')).toBe('2027-01');
    expect(nextMonth('2026-09')).toBe('2026-10');
  });
});

describe('a share as the owner types it', () => {
  it('reads kroner as øre, the comma as the decimal mark', () => {
    expect(parseKroner('1,50')).toBe(150);
    expect(parseKroner(' 2 ')).toBe(200);
    expect(parseKroner('0')).toBe(0);
    expect(parseKroner('0,5')).toBe(50);
    expect(parseKroner('1.5')).toBe(150);
    expect(parseKroner('1.25')).toBe(125);
    expect(parseKroner('1.234,50')).toBe(123_450);
    expect(parseKroner('1.234')).toBe(123_400);
    expect(parseKroner('3,50 kr.')).toBe(350);
    for (const bad of ['', ',', '1,505', '-1', '1,5,0', 'abc', '1.23.4', '1 000', '12.3456'])
      expect(parseKroner(bad), bad).toBeNull();
  });

  it('shows øre as kroner the way it reads them', () => {
    expect(kronerInputOf(150)).toBe('1,50');
    expect(kronerInputOf(0)).toBe('0,00');
    expect(kronerInputOf(1_005)).toBe('10,05');
    for (const ore of [0, 1, 99, 150, 999, 1_000, 123_456])
      expect(parseKroner(kronerInputOf(ore))).toBe(ore);
  });

  it('ends a share at the midnight after its last day, Faroe time', () => {
    // Summer time: local midnight is 23:00 UTC the day before.
    expect(shareEndsAtOf('2026-07-31')).toBe('2026-07-31T23:00:00.000Z');
    expect(shareEndsAtOf('2026-12-31')).toBe('2027-01-01T00:00:00.000Z');
    expect(shareLastDayOf('2026-07-31T23:00:00.000Z')).toBe('2026-07-31');
    expect(shareLastDayOf('2027-01-01T00:00:00.000Z')).toBe('2026-12-31');
    for (const bad of ['2026-02-30', '2026-13-01', '31.12.2026', ''])
      expect(shareEndsAtOf(bad), bad).toBeNull();
  });
});
