import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fieldErrorsFromIssues } from './errors.ts';
import {
  MAINTENANCE_POLL_MS,
  MODAL_CLOSE_MS,
  TOAST_LIFETIME_MS,
  UPDATE_POSTPONE_DAYS,
  compareVersions,
  isPostponed,
  nextDayStamp,
} from './system-rules.ts';
import { appPlatforms, appVersionQuerySchema, semverSchema } from './system.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('constants of spec §9', () => {
  it('match the spec', () => {
    expect(UPDATE_POSTPONE_DAYS).toBe(1);
    expect(MAINTENANCE_POLL_MS).toBe(5 * 60 * 1000);
    expect(TOAST_LIFETIME_MS).toBe(5000);
    expect(MODAL_CLOSE_MS).toBe(200);
  });
});

describe('compareVersions', () => {
  it('returns 0 for equal versions', () => {
    expect(compareVersions('1.2.3', '1.2.3')).toBe(0);
    expect(compareVersions('0.0.0', '0.0.0')).toBe(0);
  });

  it.each([
    ['1.2.3', '2.0.0'],
    ['1.2.3', '1.3.0'],
    ['1.2.3', '1.2.4'],
    ['1.9.0', '1.10.0'],
    ['1.2.9', '1.2.10'],
    ['9.99.99', '10.0.0'],
    ['0.0.1', '0.1.0'],
  ])('orders %s before %s', (older, newer) => {
    expect(compareVersions(older, newer)).toBeLessThan(0);
    expect(compareVersions(newer, older)).toBeGreaterThan(0);
  });

  it('compares numerically, ignoring leading zeros', () => {
    expect(compareVersions('1.02.3', '1.2.3')).toBe(0);
    expect(compareVersions('1.10.0', '1.9.0')).toBeGreaterThan(0);
  });

  it('treats missing parts as 0', () => {
    expect(compareVersions('1.2', '1.2.0')).toBe(0);
    expect(compareVersions('1', '1.0.1')).toBeLessThan(0);
  });

  it('is antisymmetric and reflexive for any x.y.z versions', () => {
    const version = fc
      .tuple(fc.nat(999_999), fc.nat(999_999), fc.nat(999_999))
      .map((p) => p.join('.'));
    fc.assert(
      fc.property(version, version, (a, b) => {
        expect(compareVersions(a, a)).toBe(0);
        expect(Math.sign(compareVersions(a, b))).toBe(-Math.sign(compareVersions(b, a)));
      }),
    );
  });

  it('agrees with comparing the numeric tuples', () => {
    const parts = fc.tuple(fc.nat(50), fc.nat(50), fc.nat(50));
    fc.assert(
      fc.property(parts, parts, (a, b) => {
        const expected = Math.sign(a[0] - b[0] || a[1] - b[1] || a[2] - b[2]);
        expect(Math.sign(compareVersions(a.join('.'), b.join('.')))).toBe(expected);
      }),
    );
  });
});

describe('nextDayStamp', () => {
  it('returns the next local day as YYYY-MM-DD', () => {
    expect(nextDayStamp(new Date(2026, 4, 14, 12, 0))).toBe('2026-05-15');
  });

  it('pads month and day', () => {
    expect(nextDayStamp(new Date(2026, 0, 1, 9, 30))).toBe('2026-01-02');
    expect(nextDayStamp(new Date(2026, 8, 8, 9, 30))).toBe('2026-09-09');
  });

  it.each([
    ['January', new Date(2026, 0, 31, 10), '2026-02-01'],
    ['April (30 days)', new Date(2026, 3, 30, 10), '2026-05-01'],
    ['February in a common year', new Date(2025, 1, 28, 10), '2025-03-01'],
    ['February in a leap year, to the 29th', new Date(2024, 1, 28, 10), '2024-02-29'],
    ['February 29th', new Date(2024, 1, 29, 10), '2024-03-01'],
  ])('rolls over the end of %s', (_label, now, expected) => {
    expect(nextDayStamp(now)).toBe(expected);
  });

  it('rolls over the end of the year', () => {
    expect(nextDayStamp(new Date(2026, 11, 31, 12))).toBe('2027-01-01');
    expect(nextDayStamp(new Date(2026, 11, 31, 23, 59, 59, 999))).toBe('2027-01-01');
  });

  it('gives the same stamp at the first and last instant of a day', () => {
    expect(nextDayStamp(new Date(2026, 6, 10, 0, 0, 0, 0))).toBe('2026-07-11');
    expect(nextDayStamp(new Date(2026, 6, 10, 23, 59, 59, 999))).toBe('2026-07-11');
  });
});

describe('isPostponed', () => {
  const now = new Date(2026, 4, 14, 12, 0);

  it.each([null, undefined, ''])('is false without a stamp (%j)', (stamp) => {
    expect(isPostponed(stamp, now)).toBe(false);
  });

  it.each(['garbage', '2026-5-15', '15.05.2026', '2026-05-15T00:00', '20260515', ' 2026-05-15'])(
    'is false for the malformed stamp %j',
    (stamp) => {
      expect(isPostponed(stamp, now)).toBe(false);
    },
  );

  it('is true before the stamped day and false from its first instant', () => {
    const stamp = '2026-05-15';
    expect(isPostponed(stamp, now)).toBe(true);
    expect(isPostponed(stamp, new Date(2026, 4, 14, 23, 59, 59, 999))).toBe(true);
    expect(isPostponed(stamp, new Date(2026, 4, 15, 0, 0, 0, 0))).toBe(false);
    expect(isPostponed(stamp, new Date(2026, 4, 16, 8))).toBe(false);
  });

  it('is false for a stamp in the past', () => {
    expect(isPostponed('2020-01-01', now)).toBe(false);
  });

  it('postpones until the next day after nextDayStamp, across month and year ends', () => {
    const newYearsEve = new Date(2026, 11, 31, 18);
    const stamp = nextDayStamp(newYearsEve);
    expect(isPostponed(stamp, newYearsEve)).toBe(true);
    expect(isPostponed(stamp, new Date(2027, 0, 1, 0, 0))).toBe(false);
  });

  it('always postpones now and never two days later', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('2000-01-01T00:00:00Z'),
          max: new Date('2099-12-31T00:00:00Z'),
          noInvalidDate: true,
        }),
        (date) => {
          const stamp = nextDayStamp(date);
          expect(stamp).toMatch(/^\d{4}-\d{2}-\d{2}$/);
          expect(isPostponed(stamp, date)).toBe(true);
          expect(isPostponed(stamp, new Date(date.getTime() + 2 * DAY_MS))).toBe(false);
        },
      ),
    );
  });
});

describe('appVersionQuerySchema', () => {
  const errorsOf = (input: unknown) => {
    const result = appVersionQuerySchema.safeParse(input);
    return result.success ? {} : fieldErrorsFromIssues(result.error.issues, 'fo');
  };

  it.each(appPlatforms)('accepts the platform %s', (platform) => {
    expect(appVersionQuerySchema.parse({ platform, version: '1.2.3' })).toEqual({
      platform,
      version: '1.2.3',
    });
  });

  it.each(['0.0.0', '10.20.30', '999999.999999.999999', '01.002.0003'])(
    'accepts the version %s',
    (version) => {
      expect(errorsOf({ platform: 'ios', version })).toEqual({});
    },
  );

  it.each([
    '',
    '1',
    '1.2',
    '1.2.3.4',
    'v1.2.3',
    '1.2.3-beta',
    '1.2.3+build',
    ' 1.2.3',
    '1.2.3 ',
    '1.2.3\n',
    '1..3',
    '1.2.',
    '.1.2',
    'a.b.c',
    '1.2.x',
    '-1.2.3',
    '1,2,3',
    '1234567.0.0',
    '1.2.3'.repeat(1000),
  ])('refuses the version %j', (version) => {
    expect(errorsOf({ platform: 'android', version })).toEqual({
      version: 'Virðið er ikki gildigt.',
    });
  });

  it('requires the version, and refuses a non-string version with the required text', () => {
    expect(errorsOf({ platform: 'ios' })).toEqual({ version: 'Teigurin er kravdur.' });
    expect(errorsOf({ platform: 'ios', version: 123 })).toEqual({
      version: 'Teigurin er kravdur.',
    });
  });

  it.each(['windows', 'IOS', '', undefined])('refuses the platform %j', (platform) => {
    expect(errorsOf({ platform, version: '1.2.3' })).toEqual({
      platform: 'Virðið er ikki gildigt.',
    });
  });

  it('ignores extra query parameters', () => {
    expect(appVersionQuerySchema.parse({ platform: 'web', version: '1.0.0', t: '1' })).toEqual({
      platform: 'web',
      version: '1.0.0',
    });
  });

  it('semverSchema alone refuses two-part versions', () => {
    expect(semverSchema.safeParse('1.0').success).toBe(false);
    expect(semverSchema.safeParse('1.0.0').success).toBe(true);
  });
});
