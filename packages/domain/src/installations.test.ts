import { describe, expect, it } from 'vitest';
import {
  monthOf,
  monthRange,
  previousMonth,
  shareLimitsPatchSchema,
  shareRefusal,
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

  it('name the month an instant falls in', () => {
    expect(monthOf(new Date('2026-06-30T23:30:00Z'))).toBe('2026-07');
    expect(monthOf(new Date('2026-12-31T23:59:00Z'))).toBe('2026-12');
    expect(previousMonth('2026-01')).toBe('2025-12');
    expect(previousMonth('2026-11')).toBe('2026-10');
  });
});
