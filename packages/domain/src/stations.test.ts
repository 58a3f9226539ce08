import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Locale } from './messages/index.ts';
import {
  CLOSEST_STATION_RADIUS_KM,
  EARTH_RADIUS_KM,
  LOCATION_POLL_MS,
  closestStation,
  distanceKm,
  faroeClock,
  openStatus,
  openStatusText,
  openingHoursSchema,
  timeOfDaySchema,
  type LatLng,
  type OpenStatus,
  type OpeningHours,
  type OpeningInterval,
} from './stations.ts';

/*
 * Calendar used below (Atlantic/Faroe):
 * - Winter week: Monday 2024-01-15 … Sunday 2024-01-21, local time = UTC.
 * - Summer week: Monday 2024-07-15 … Sunday 2024-07-21, local time = UTC+1,
 *   so local Monday 00:30 is '2024-07-14T23:30:00Z'.
 * - DST 2024 starts Sunday 2024-03-31 at 01:00 UTC and ends Sunday 2024-10-27 at 01:00 UTC.
 */

const SEP = '\u30FB'; // '・', KATAKANA MIDDLE DOT

const at = (iso: string) => new Date(iso);

const daily = (from: string, to: string): OpeningHours =>
  Array.from({ length: 7 }, () => ({ from, to }));

/** Monday first, as the schema says. */
const week = (...days: (OpeningInterval | null)[]): OpeningHours => {
  if (days.length !== 7) throw new Error('a week has 7 days');
  return days;
};

const text = (hours: OpeningHours, iso: string, locale: Locale = 'fo') =>
  openStatusText(openStatus(hours, at(iso)), locale);

describe('constants', () => {
  it('match spec §9', () => {
    expect(CLOSEST_STATION_RADIUS_KM).toBe(0.1);
    expect(EARTH_RADIUS_KM).toBe(6371);
    expect(LOCATION_POLL_MS).toBe(3000);
  });
});

describe('openStatusText', () => {
  it('uses U+30FB as the separator', () => {
    expect(SEP).toBe('・');
    expect(SEP.codePointAt(0)).toBe(0x30fb);
  });

  it.each<[OpenStatus, string, string]>([
    [
      { state: 'opensLater', opensAt: '07:00' },
      'Stongt・opnar kl. 07:00',
      'Closed・opens at 07:00',
    ],
    [{ state: 'open', closesAt: '23:00' }, 'Opið・Steingir kl. 23:00', 'Open・Closes at 23:00'],
    [{ state: 'open', closesAt: '00:00' }, 'Opið・Steingir kl. 00:00', 'Open・Closes at 00:00'],
    [{ state: 'closed' }, 'Stongt', 'Closed'],
    [{ state: 'always' }, 'Opið allan sólarhringin', 'Open 24 hours'],
  ])('%o → fo %s, en %s', (status, fo, en) => {
    expect(openStatusText(status, 'fo')).toBe(fo);
    expect(openStatusText(status, 'en')).toBe(en);
  });

  it('has the exact separator in the spec texts', () => {
    expect(openStatusText({ state: 'opensLater', opensAt: '07:00' }, 'fo')).toBe(
      `Stongt${SEP}opnar kl. 07:00`,
    );
    expect(openStatusText({ state: 'open', closesAt: '23:00' }, 'fo')).toBe(
      `Opið${SEP}Steingir kl. 23:00`,
    );
  });
});

describe('faroeClock', () => {
  it.each([
    // Winter: UTC+0.
    ['2024-01-14T23:59:00Z', { day: 6, minute: 23 * 60 + 59 }],
    ['2024-01-15T00:00:00Z', { day: 0, minute: 0 }],
    ['2024-01-15T00:01:00Z', { day: 0, minute: 1 }],
    ['2024-01-15T12:34:56Z', { day: 0, minute: 12 * 60 + 34 }],
    ['2024-01-16T23:59:59Z', { day: 1, minute: 23 * 60 + 59 }],
    ['2024-01-21T12:00:00Z', { day: 6, minute: 12 * 60 }],
    // Summer: UTC+1, local midnight is 23:00 UTC the day before.
    ['2024-07-14T22:59:00Z', { day: 6, minute: 23 * 60 + 59 }],
    ['2024-07-14T23:00:00Z', { day: 0, minute: 0 }],
    ['2024-07-14T23:30:00Z', { day: 0, minute: 30 }],
    ['2024-07-15T00:00:00Z', { day: 0, minute: 60 }],
    ['2024-07-15T11:00:00Z', { day: 0, minute: 12 * 60 }],
    ['2024-07-20T23:00:00Z', { day: 6, minute: 0 }],
    // DST starts: 00:59 UTC is 00:59 local, 01:00 UTC is 02:00 local.
    ['2024-03-31T00:59:00Z', { day: 6, minute: 59 }],
    ['2024-03-31T01:00:00Z', { day: 6, minute: 120 }],
    ['2024-03-31T22:59:00Z', { day: 6, minute: 23 * 60 + 59 }],
    ['2024-03-31T23:00:00Z', { day: 0, minute: 0 }],
    // DST ends: 00:59 UTC is 01:59 local, 01:00 UTC is 01:00 local again.
    ['2024-10-26T22:59:00Z', { day: 5, minute: 23 * 60 + 59 }],
    ['2024-10-26T23:00:00Z', { day: 6, minute: 0 }],
    ['2024-10-27T00:59:00Z', { day: 6, minute: 119 }],
    ['2024-10-27T01:00:00Z', { day: 6, minute: 60 }],
    ['2024-10-27T23:59:00Z', { day: 6, minute: 23 * 60 + 59 }],
    ['2024-10-28T00:00:00Z', { day: 0, minute: 0 }],
  ])('%s → %o', (iso, expected) => {
    expect(faroeClock(at(iso))).toEqual(expected);
  });

  it('never reports hour 24 and always a weekday 0–6', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }),
        (date) => {
          const { day, minute } = faroeClock(date);
          expect(Number.isInteger(day) && day >= 0 && day <= 6).toBe(true);
          expect(Number.isInteger(minute) && minute >= 0 && minute < 1440).toBe(true);
        },
      ),
    );
  });
});

describe('openStatus', () => {
  const regular = daily('07:00', '23:00');

  describe('regular hours 07:00–23:00, winter (UTC+0) and summer (UTC+1)', () => {
    it.each([
      [
        'before opening, just after midnight',
        '2024-01-15T00:30:00Z',
        '2024-07-14T23:30:00Z',
        'Stongt・opnar kl. 07:00',
      ],
      [
        'one minute before opening',
        '2024-01-15T06:59:00Z',
        '2024-07-15T05:59:00Z',
        'Stongt・opnar kl. 07:00',
      ],
      [
        'exactly at opening',
        '2024-01-15T07:00:00Z',
        '2024-07-15T06:00:00Z',
        'Opið・Steingir kl. 23:00',
      ],
      ['while open', '2024-01-15T12:00:00Z', '2024-07-15T11:00:00Z', 'Opið・Steingir kl. 23:00'],
      [
        'one minute before closing',
        '2024-01-15T22:59:00Z',
        '2024-07-15T21:59:00Z',
        'Opið・Steingir kl. 23:00',
      ],
      ['exactly at closing', '2024-01-15T23:00:00Z', '2024-07-15T22:00:00Z', 'Stongt'],
      [
        'after closing, though it opens tomorrow',
        '2024-01-15T23:30:00Z',
        '2024-07-15T22:30:00Z',
        'Stongt',
      ],
      ['last minute of Sunday', '2024-01-21T23:59:00Z', '2024-07-21T22:59:00Z', 'Stongt'],
    ])('%s', (_, winter, summer, expected) => {
      expect(text(regular, winter)).toBe(expected);
      expect(text(regular, summer)).toBe(expected);
    });

    it('a UTC instant that is before opening in winter is already open in summer', () => {
      // 06:30 UTC: 06:30 local in January, 07:30 local in July.
      expect(text(regular, '2024-01-15T06:30:00Z')).toBe('Stongt・opnar kl. 07:00');
      expect(text(regular, '2024-07-15T06:30:00Z')).toBe('Opið・Steingir kl. 23:00');
      // 22:30 UTC: open in January, closed (23:30 local) in July.
      expect(text(regular, '2024-01-15T22:30:00Z')).toBe('Opið・Steingir kl. 23:00');
      expect(text(regular, '2024-07-15T22:30:00Z')).toBe('Stongt');
    });

    it('returns the structured status', () => {
      expect(openStatus(regular, at('2024-01-15T06:00:00Z'))).toEqual({
        state: 'opensLater',
        opensAt: '07:00',
      });
      expect(openStatus(regular, at('2024-01-15T07:00:00Z'))).toEqual({
        state: 'open',
        closesAt: '23:00',
      });
      expect(openStatus(regular, at('2024-01-15T23:00:00Z'))).toEqual({ state: 'closed' });
    });

    it('in English', () => {
      expect(text(regular, '2024-01-15T06:59:00Z', 'en')).toBe('Closed・opens at 07:00');
      expect(text(regular, '2024-07-15T06:00:00Z', 'en')).toBe('Open・Closes at 23:00');
      expect(text(regular, '2024-01-15T23:00:00Z', 'en')).toBe('Closed');
    });

    it('on the days DST starts and ends', () => {
      // 2024-03-31 (Sunday): 06:30 UTC is 07:30 local (summer time since 01:00 UTC).
      expect(text(regular, '2024-03-31T00:30:00Z')).toBe('Stongt・opnar kl. 07:00');
      expect(text(regular, '2024-03-31T05:59:00Z')).toBe('Stongt・opnar kl. 07:00');
      expect(text(regular, '2024-03-31T06:00:00Z')).toBe('Opið・Steingir kl. 23:00');
      expect(text(regular, '2024-03-31T21:59:00Z')).toBe('Opið・Steingir kl. 23:00');
      expect(text(regular, '2024-03-31T22:00:00Z')).toBe('Stongt');
      // 2024-10-27 (Sunday): winter time again from 01:00 UTC.
      expect(text(regular, '2024-10-26T21:59:00Z')).toBe('Opið・Steingir kl. 23:00');
      expect(text(regular, '2024-10-26T22:00:00Z')).toBe('Stongt');
      expect(text(regular, '2024-10-27T06:59:00Z')).toBe('Stongt・opnar kl. 07:00');
      expect(text(regular, '2024-10-27T07:00:00Z')).toBe('Opið・Steingir kl. 23:00');
      expect(text(regular, '2024-10-27T23:00:00Z')).toBe('Stongt');
    });
  });

  describe('hours crossing midnight, 07:00–01:00 every day', () => {
    const late = daily('07:00', '01:00');

    it.each([
      [
        'Monday evening',
        '2024-01-15T20:00:00Z',
        '2024-07-15T19:00:00Z',
        'Opið・Steingir kl. 01:00',
      ],
      ['Monday 23:59', '2024-01-15T23:59:00Z', '2024-07-15T22:59:00Z', 'Opið・Steingir kl. 01:00'],
      ['Tuesday 00:00', '2024-01-16T00:00:00Z', '2024-07-15T23:00:00Z', 'Opið・Steingir kl. 01:00'],
      ['Tuesday 00:30', '2024-01-16T00:30:00Z', '2024-07-15T23:30:00Z', 'Opið・Steingir kl. 01:00'],
      ['Tuesday 00:59', '2024-01-16T00:59:00Z', '2024-07-15T23:59:00Z', 'Opið・Steingir kl. 01:00'],
      [
        'Tuesday 01:00, closing',
        '2024-01-16T01:00:00Z',
        '2024-07-16T00:00:00Z',
        'Stongt・opnar kl. 07:00',
      ],
      ['Tuesday 03:00', '2024-01-16T03:00:00Z', '2024-07-16T02:00:00Z', 'Stongt・opnar kl. 07:00'],
      ['Tuesday 07:00', '2024-01-16T07:00:00Z', '2024-07-16T06:00:00Z', 'Opið・Steingir kl. 01:00'],
      [
        'Sunday night into Monday 00:30',
        '2024-01-15T00:30:00Z',
        '2024-07-14T23:30:00Z',
        'Opið・Steingir kl. 01:00',
      ],
      [
        'Monday 01:00 after Sunday night',
        '2024-01-15T01:00:00Z',
        '2024-07-15T00:00:00Z',
        'Stongt・opnar kl. 07:00',
      ],
      ['Sunday 23:00', '2024-01-21T23:00:00Z', '2024-07-21T22:00:00Z', 'Opið・Steingir kl. 01:00'],
    ])('%s', (_, winter, summer, expected) => {
      expect(text(late, winter)).toBe(expected);
      expect(text(late, summer)).toBe(expected);
    });

    it('in English', () => {
      expect(text(late, '2024-01-16T00:30:00Z', 'en')).toBe('Open・Closes at 01:00');
      expect(text(late, '2024-07-14T23:30:00Z', 'en')).toBe('Open・Closes at 01:00');
    });

    it('only Sunday night runs into a closed Monday', () => {
      const sundayNight = week(null, null, null, null, null, null, { from: '20:00', to: '02:00' });
      expect(text(sundayNight, '2024-01-21T19:00:00Z')).toBe('Stongt・opnar kl. 20:00');
      expect(text(sundayNight, '2024-01-21T20:00:00Z')).toBe('Opið・Steingir kl. 02:00');
      expect(text(sundayNight, '2024-01-15T01:59:00Z')).toBe('Opið・Steingir kl. 02:00');
      expect(text(sundayNight, '2024-07-15T00:59:00Z')).toBe('Opið・Steingir kl. 02:00');
      expect(text(sundayNight, '2024-01-15T02:00:00Z')).toBe('Stongt');
      expect(text(sundayNight, '2024-07-15T01:00:00Z')).toBe('Stongt');
      expect(text(sundayNight, '2024-01-20T12:00:00Z')).toBe('Stongt');
    });

    it('a Monday night interval does not leak into Monday morning', () => {
      const mondayNight = week({ from: '20:00', to: '02:00' }, null, null, null, null, null, null);
      expect(text(mondayNight, '2024-01-15T01:00:00Z')).toBe('Stongt・opnar kl. 20:00');
      expect(text(mondayNight, '2024-01-16T01:00:00Z')).toBe('Opið・Steingir kl. 02:00');
      expect(text(mondayNight, '2024-01-16T02:00:00Z')).toBe('Stongt');
    });

    it('closing at 00:00 means midnight', () => {
      const toMidnight = daily('07:00', '00:00');
      expect(text(toMidnight, '2024-01-15T23:59:00Z')).toBe('Opið・Steingir kl. 00:00');
      expect(text(toMidnight, '2024-01-16T00:00:00Z')).toBe('Stongt・opnar kl. 07:00');
      expect(text(toMidnight, '2024-07-15T22:59:00Z')).toBe('Opið・Steingir kl. 00:00');
      expect(text(toMidnight, '2024-07-15T23:00:00Z')).toBe('Stongt・opnar kl. 07:00');
    });
  });

  describe('round the clock', () => {
    it.each([
      ['00:00', '24:00'],
      ['00:00', '00:00'],
      ['07:00', '07:00'],
    ])('every day %s–%s is always open', (from, to) => {
      const hours = daily(from, to);
      for (const iso of [
        '2024-01-15T00:00:00Z',
        '2024-01-17T12:00:00Z',
        '2024-01-21T23:59:00Z',
        '2024-07-14T23:00:00Z',
        '2024-07-21T22:59:00Z',
        '2024-03-31T01:00:00Z',
        '2024-10-27T01:00:00Z',
      ]) {
        expect(openStatus(hours, at(iso))).toEqual({ state: 'always' });
        expect(text(hours, iso, 'fo')).toBe('Opið allan sólarhringin');
        expect(text(hours, iso, 'en')).toBe('Open 24 hours');
      }
    });

    it('is always open at any instant', () => {
      const hours = daily('00:00', '24:00');
      fc.assert(
        fc.property(
          fc.date({
            min: new Date('2000-01-01'),
            max: new Date('2100-01-01'),
            noInvalidDate: true,
          }),
          (date) => {
            expect(openStatus(hours, date)).toEqual({ state: 'always' });
          },
        ),
      );
    });

    it('on some days only says when it closes', () => {
      // Monday–Saturday round the clock, Sunday until 18:00.
      const hours = week(
        { from: '00:00', to: '24:00' },
        { from: '00:00', to: '24:00' },
        { from: '00:00', to: '24:00' },
        { from: '00:00', to: '24:00' },
        { from: '00:00', to: '24:00' },
        { from: '00:00', to: '24:00' },
        { from: '00:00', to: '18:00' },
      );
      expect(text(hours, '2024-01-15T00:00:00Z')).toBe('Opið・Steingir kl. 18:00');
      expect(text(hours, '2024-01-17T12:00:00Z')).toBe('Opið・Steingir kl. 18:00');
      expect(text(hours, '2024-07-17T12:00:00Z', 'en')).toBe('Open・Closes at 18:00');
      expect(text(hours, '2024-01-21T17:59:00Z')).toBe('Opið・Steingir kl. 18:00');
      expect(text(hours, '2024-07-21T16:59:00Z')).toBe('Opið・Steingir kl. 18:00');
      expect(text(hours, '2024-01-21T18:00:00Z')).toBe('Stongt');
      expect(text(hours, '2024-07-21T17:00:00Z')).toBe('Stongt');
    });

    it('round the clock at weekends, regular hours on weekdays', () => {
      const hours = week(
        { from: '07:00', to: '23:00' },
        { from: '07:00', to: '23:00' },
        { from: '07:00', to: '23:00' },
        { from: '07:00', to: '23:00' },
        { from: '07:00', to: '23:00' },
        { from: '00:00', to: '24:00' },
        { from: '00:00', to: '24:00' },
      );
      // Friday 23:30: closed, though it opens at midnight.
      expect(text(hours, '2024-01-19T23:30:00Z')).toBe('Stongt');
      // Saturday and Sunday: open until Monday 00:00.
      expect(text(hours, '2024-01-20T00:00:00Z')).toBe('Opið・Steingir kl. 00:00');
      expect(text(hours, '2024-01-20T12:00:00Z')).toBe('Opið・Steingir kl. 00:00');
      expect(text(hours, '2024-07-21T22:59:00Z')).toBe('Opið・Steingir kl. 00:00');
      // Monday 00:00: closed until 07:00.
      expect(text(hours, '2024-01-15T00:00:00Z')).toBe('Stongt・opnar kl. 07:00');
      expect(text(hours, '2024-07-14T23:00:00Z')).toBe('Stongt・opnar kl. 07:00');
    });
  });

  describe('closed days', () => {
    const noMonday = week(
      null,
      { from: '07:00', to: '23:00' },
      { from: '07:00', to: '23:00' },
      { from: '07:00', to: '23:00' },
      { from: '07:00', to: '23:00' },
      { from: '07:00', to: '23:00' },
      { from: '07:00', to: '23:00' },
    );

    it('a null day is closed all day', () => {
      for (const iso of [
        '2024-01-15T00:00:00Z',
        '2024-01-15T06:00:00Z',
        '2024-01-15T12:00:00Z',
        '2024-07-15T11:00:00Z',
      ]) {
        expect(openStatus(noMonday, at(iso))).toEqual({ state: 'closed' });
        expect(text(noMonday, iso)).toBe('Stongt');
        expect(text(noMonday, iso, 'en')).toBe('Closed');
      }
    });

    it('the day after a closed day opens as usual', () => {
      expect(text(noMonday, '2024-01-16T06:00:00Z')).toBe('Stongt・opnar kl. 07:00');
      expect(text(noMonday, '2024-01-16T07:00:00Z')).toBe('Opið・Steingir kl. 23:00');
      expect(text(noMonday, '2024-07-16T06:00:00Z')).toBe('Opið・Steingir kl. 23:00');
    });

    it('all days closed is always closed', () => {
      const hours = week(null, null, null, null, null, null, null);
      fc.assert(
        fc.property(
          fc.date({
            min: new Date('2000-01-01'),
            max: new Date('2100-01-01'),
            noInvalidDate: true,
          }),
          fc.constantFrom<Locale>('fo', 'en'),
          (date, locale) => {
            const status = openStatus(hours, date);
            expect(status).toEqual({ state: 'closed' });
            expect(openStatusText(status, locale)).toBe(locale === 'fo' ? 'Stongt' : 'Closed');
          },
        ),
      );
    });
  });

  describe('24:00 chained into the next day’s 00:00', () => {
    const chained = week(
      { from: '07:00', to: '24:00' },
      { from: '00:00', to: '02:00' },
      null,
      null,
      null,
      null,
      null,
    );

    it.each([
      [
        'Monday before opening',
        '2024-01-15T06:00:00Z',
        '2024-07-15T05:00:00Z',
        'Stongt・opnar kl. 07:00',
      ],
      [
        'Monday at opening',
        '2024-01-15T07:00:00Z',
        '2024-07-15T06:00:00Z',
        'Opið・Steingir kl. 02:00',
      ],
      ['Monday 23:59', '2024-01-15T23:59:00Z', '2024-07-15T22:59:00Z', 'Opið・Steingir kl. 02:00'],
      ['Tuesday 00:00', '2024-01-16T00:00:00Z', '2024-07-15T23:00:00Z', 'Opið・Steingir kl. 02:00'],
      ['Tuesday 01:59', '2024-01-16T01:59:00Z', '2024-07-16T00:59:00Z', 'Opið・Steingir kl. 02:00'],
      ['Tuesday 02:00', '2024-01-16T02:00:00Z', '2024-07-16T01:00:00Z', 'Stongt'],
    ])('%s', (_, winter, summer, expected) => {
      expect(text(chained, winter)).toBe(expected);
      expect(text(chained, summer)).toBe(expected);
    });

    it('chains across Sunday into Monday', () => {
      const sundayIntoMonday = week({ from: '00:00', to: '03:00' }, null, null, null, null, null, {
        from: '18:00',
        to: '24:00',
      });
      expect(text(sundayIntoMonday, '2024-01-21T20:00:00Z')).toBe('Opið・Steingir kl. 03:00');
      expect(text(sundayIntoMonday, '2024-01-15T02:00:00Z')).toBe('Opið・Steingir kl. 03:00');
      expect(text(sundayIntoMonday, '2024-07-15T01:00:00Z')).toBe('Opið・Steingir kl. 03:00');
      expect(text(sundayIntoMonday, '2024-01-15T03:00:00Z')).toBe('Stongt');
    });
  });

  it('an overnight interval overlapping the next day reports the real closing time', () => {
    const hours = week(
      null,
      null,
      null,
      null,
      { from: '07:00', to: '02:00' },
      { from: '00:00', to: '24:00' },
      null,
    );
    expect(text(hours, '2024-01-19T22:00:00Z')).toBe('Opið・Steingir kl. 00:00');
    expect(text(hours, '2024-01-20T01:00:00Z')).toBe('Opið・Steingir kl. 00:00');
  });

  describe('against a minute-by-minute model', () => {
    const timeArb = (max: number) =>
      fc.integer({ min: 0, max }).map((m) => {
        const hh = String(Math.floor(m / 60)).padStart(2, '0');
        const mm = String(m % 60).padStart(2, '0');
        return `${hh}:${mm}`;
      });
    const minutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3));
    const hoursArb = fc.array(
      fc.option(fc.record({ from: timeArb(1439), to: timeArb(1440) }), { nil: null }),
      { minLength: 7, maxLength: 7 },
    );
    const dateArb = fc.date({
      min: new Date('2020-01-01'),
      max: new Date('2030-12-31'),
      noInvalidDate: true,
    });

    /** Whether local weekday `day`, minute `minute` falls in any interval, read straight off the spec. */
    function modelOpen(hours: OpeningHours, day: number, minute: number): boolean {
      const today = hours[day];
      if (today) {
        const from = minutes(today.from);
        const to = minutes(today.to);
        if (to > from ? from <= minute && minute < to : from <= minute) return true;
      }
      const yesterday = hours[(day + 6) % 7];
      if (yesterday) {
        const from = minutes(yesterday.from);
        const to = minutes(yesterday.to);
        if (to <= from && minute < to) return true;
      }
      return false;
    }

    it('generated hours are schema-valid', () => {
      fc.assert(
        fc.property(hoursArb, (hours) => {
          expect(openingHoursSchema.safeParse(hours).success).toBe(true);
        }),
      );
    });

    it('is open exactly when the model is open, and opens at the next start today', () => {
      fc.assert(
        fc.property(hoursArb, dateArb, (hours, date) => {
          const { day, minute } = faroeClock(date);
          const status = openStatus(hours, date);
          const open = modelOpen(hours, day, minute);
          expect(status.state === 'open' || status.state === 'always').toBe(open);
          if (open) return;
          const today = hours[day];
          const laterToday = today && minutes(today.from) > minute ? today.from : null;
          expect(status).toEqual(
            laterToday ? { state: 'opensLater', opensAt: laterToday } : { state: 'closed' },
          );
        }),
        { numRuns: 500 },
      );
    });

    it('text is always one of the four forms', () => {
      const fo =
        /^(?:Stongt・opnar kl\. \d\d:\d\d|Opið・Steingir kl\. \d\d:\d\d|Stongt|Opið allan sólarhringin)$/;
      const en = /^(?:Closed・opens at \d\d:\d\d|Open・Closes at \d\d:\d\d|Closed|Open 24 hours)$/;
      fc.assert(
        fc.property(hoursArb, dateArb, (hours, date) => {
          const status = openStatus(hours, date);
          expect(openStatusText(status, 'fo')).toMatch(fo);
          expect(openStatusText(status, 'en')).toMatch(en);
        }),
      );
    });
  });
});

/** Independent haversine (atan2 form), R = 6371 km, rounded to 2 decimals. */
function expectedKm(a: LatLng, b: LatLng): number {
  const toRad = (d: number) => (d * Math.PI) / 180;
  const φ1 = toRad(a.lat);
  const φ2 = toRad(b.lat);
  const Δφ = toRad(b.lat - a.lat);
  const Δλ = toRad(b.lng - a.lng);
  // Rounding can carry h a hair past 1 for nearly opposite points; 1 - h must not go negative.
  const h = Math.min(
    1,
    Math.sin(Δφ / 2) ** 2 + Math.cos(φ1) * Math.cos(φ2) * Math.sin(Δλ / 2) ** 2,
  );
  const km = 2 * 6371 * Math.atan2(Math.sqrt(h), Math.sqrt(1 - h));
  return Math.round(km * 100) / 100;
}

const TORSHAVN: LatLng = { lat: 62.0107, lng: -6.7741 };
const KLAKSVIK: LatLng = { lat: 62.2266, lng: -6.589 };

const latLngArb = fc.record({
  lat: fc.double({ min: -89, max: 89, noNaN: true }),
  lng: fc.double({ min: -180, max: 180, noNaN: true }),
});

describe('distanceKm', () => {
  it('is zero for the same point', () => {
    expect(distanceKm(TORSHAVN, TORSHAVN)).toBe(0);
    expect(distanceKm({ lat: 0, lng: 0 }, { lat: 0, lng: 0 })).toBe(0);
  });

  it('Tórshavn to Klaksvík is 25.86 km', () => {
    // Haversine with R = 6371 gives 25.8646 km.
    const km = distanceKm(TORSHAVN, KLAKSVIK);
    expect(km).toBe(expectedKm(TORSHAVN, KLAKSVIK));
    expect(km).toBe(25.86);
  });

  it('uses an earth radius of 6371 km', () => {
    // A quarter of a meridian is π/2 · R.
    expect(distanceKm({ lat: 0, lng: 0 }, { lat: 90, lng: 0 })).toBe(
      Math.round((Math.PI / 2) * 6371 * 100) / 100,
    );
    // Antipodes: half the circumference.
    expect(distanceKm({ lat: 0, lng: 0 }, { lat: 0, lng: 180 })).toBe(
      Math.round(Math.PI * 6371 * 100) / 100,
    );
  });

  it('rounds to 2 decimals', () => {
    // 50 m north, 1 metre = 1 / (6371000 · π / 180) degrees of latitude.
    const metre = 180 / (Math.PI * 6_371_000);
    expect(distanceKm(TORSHAVN, { lat: TORSHAVN.lat + 50 * metre, lng: TORSHAVN.lng })).toBe(0.05);
    expect(distanceKm(TORSHAVN, { lat: TORSHAVN.lat + 54 * metre, lng: TORSHAVN.lng })).toBe(0.05);
    expect(distanceKm(TORSHAVN, { lat: TORSHAVN.lat + 56 * metre, lng: TORSHAVN.lng })).toBe(0.06);
    expect(distanceKm(TORSHAVN, { lat: TORSHAVN.lat + 4 * metre, lng: TORSHAVN.lng })).toBe(0);
  });

  it('matches an independent haversine and has at most 2 decimals', () => {
    fc.assert(
      fc.property(latLngArb, latLngArb, (a, b) => {
        const km = distanceKm(a, b);
        // asin and atan2 can land on either side of a rounding boundary: one hundredth apart at most.
        expect(Math.abs(km - expectedKm(a, b))).toBeLessThanOrEqual(0.010001);
        expect(Number(km.toFixed(2))).toBe(km);
        expect(km).toBeGreaterThanOrEqual(0);
        expect(km).toBeLessThanOrEqual(Math.round(Math.PI * 6371 * 100) / 100);
      }),
    );
  });

  it('is symmetric', () => {
    expect(distanceKm(TORSHAVN, KLAKSVIK)).toBe(distanceKm(KLAKSVIK, TORSHAVN));
    fc.assert(
      fc.property(latLngArb, latLngArb, (a, b) => {
        expect(distanceKm(a, b)).toBe(distanceKm(b, a));
      }),
    );
  });
});

describe('closestStation', () => {
  interface Station {
    id: string;
    location: LatLng;
  }
  const metreLat = 180 / (Math.PI * 6_371_000);
  /** A station `m` metres north of `from`. */
  const north = (id: string, from: LatLng, m: number): Station => ({
    id,
    location: { lat: from.lat + m * metreLat, lng: from.lng },
  });
  const me = TORSHAVN;

  it('an empty list gives null', () => {
    expect(closestStation([], me)).toBeNull();
  });

  it('gives null when none is within 0.1 km', () => {
    const stations = [north('a', me, 200), north('b', me, 1000), { id: 'k', location: KLAKSVIK }];
    expect(closestStation(stations, me)).toBeNull();
  });

  it('a station about 50 m away wins', () => {
    const s = north('a', me, 50);
    expect(distanceKm(me, s.location)).toBe(0.05);
    expect(closestStation([s], me)).toBe(s);
  });

  it('a station about 200 m away does not', () => {
    const s = north('a', me, 200);
    expect(distanceKm(me, s.location)).toBe(0.2);
    expect(closestStation([s], me)).toBeNull();
  });

  it('standing on the station counts', () => {
    const s = { id: 'a', location: { ...me } };
    expect(closestStation([s], me)).toBe(s);
  });

  it('exactly 0.1 km qualifies; 0.11 km does not', () => {
    const edge = north('edge', me, 100);
    expect(distanceKm(me, edge.location)).toBe(0.1);
    expect(closestStation([edge], me)).toBe(edge);
    const beyond = north('beyond', me, 110);
    expect(distanceKm(me, beyond.location)).toBe(0.11);
    expect(closestStation([beyond], me)).toBeNull();
  });

  it('compares the rounded distance, so 103 m (0.10 km) still qualifies', () => {
    // The spec defines distance as rounded to 2 decimals; the radius applies to that value.
    const s = north('a', me, 103);
    expect(distanceKm(me, s.location)).toBe(0.1);
    expect(closestStation([s], me)).toBe(s);
  });

  it('of two within range the nearer wins, in either order', () => {
    const near = north('near', me, 30);
    const far = north('far', me, 80);
    expect(closestStation([near, far], me)).toBe(near);
    expect(closestStation([far, near], me)).toBe(near);
    expect(closestStation([north('x', me, 500), far, near, north('y', me, 150)], me)).toBe(near);
  });

  it('ignores stations out of range even if listed first', () => {
    const far = north('far', me, 150);
    const near = north('near', me, 90);
    expect(closestStation([far, near], me)).toBe(near);
  });

  describe('properties', () => {
    // Positions around the Faroes; stations within roughly ±300 m so that some qualify.
    const positionArb = fc.record({
      lat: fc.double({ min: 61.3, max: 62.4, noNaN: true }),
      lng: fc.double({ min: -7.7, max: -6.2, noNaN: true }),
    });
    const offsetArb = fc.record({
      dLat: fc.double({ min: -0.003, max: 0.003, noNaN: true }),
      dLng: fc.double({ min: -0.006, max: 0.006, noNaN: true }),
    });
    const scenarioArb = fc
      .tuple(positionArb, fc.array(offsetArb, { maxLength: 12 }))
      .map(([position, offsets]) => ({
        position,
        stations: offsets.map(({ dLat, dLng }, i) => ({
          id: `s${i}`,
          location: { lat: position.lat + dLat, lng: position.lng + dLng },
        })),
      }));

    it('the winner is a listed station, within 0.1 km, and never farther than any other qualifying station', () => {
      fc.assert(
        fc.property(scenarioArb, ({ position, stations }) => {
          const winner = closestStation(stations, position);
          const qualifying = stations.filter(
            (s) => distanceKm(position, s.location) <= CLOSEST_STATION_RADIUS_KM,
          );
          if (qualifying.length === 0) {
            expect(winner).toBeNull();
            return;
          }
          expect(winner).not.toBeNull();
          expect(stations).toContain(winner);
          const winnerKm = distanceKm(position, winner!.location);
          expect(winnerKm).toBeLessThanOrEqual(CLOSEST_STATION_RADIUS_KM);
          for (const s of qualifying) {
            expect(winnerKm).toBeLessThanOrEqual(distanceKm(position, s.location));
          }
        }),
        { numRuns: 500 },
      );
    });

    it('no station beyond 0.1 km ever wins', () => {
      fc.assert(
        fc.property(scenarioArb, ({ position, stations }) => {
          const beyond = stations.filter(
            (s) => distanceKm(position, s.location) > CLOSEST_STATION_RADIUS_KM,
          );
          expect(closestStation(beyond, position)).toBeNull();
          const winner = closestStation(stations, position);
          if (winner) expect(beyond).not.toContain(winner);
        }),
        { numRuns: 500 },
      );
    });

    it('does not depend on the order of the list, up to ties', () => {
      fc.assert(
        fc.property(scenarioArb, ({ position, stations }) => {
          const a = closestStation(stations, position);
          const b = closestStation([...stations].reverse(), position);
          expect(a === null).toBe(b === null);
          if (a && b) {
            expect(distanceKm(position, a.location)).toBe(distanceKm(position, b.location));
          }
        }),
      );
    });
  });
});

describe('timeOfDaySchema', () => {
  it.each(['00:00', '07:00', '12:30', '23:59', '24:00'])('accepts %s', (value) => {
    expect(timeOfDaySchema.safeParse(value).success).toBe(true);
  });

  it.each([
    '24:01',
    '24:30',
    '25:00',
    '7:00',
    '07:0',
    '07:60',
    '0700',
    ' 07:00',
    '07:00 ',
    '',
    '07:00:00',
  ])('refuses %j', (value) => {
    expect(timeOfDaySchema.safeParse(value).success).toBe(false);
  });

  it.each([700, null, undefined])('refuses non-strings (%j)', (value) => {
    expect(timeOfDaySchema.safeParse(value).success).toBe(false);
  });
});

describe('openingHoursSchema', () => {
  it('accepts exactly 7 entries, with null for closed days', () => {
    expect(openingHoursSchema.safeParse(daily('07:00', '23:00')).success).toBe(true);
    expect(openingHoursSchema.safeParse(daily('00:00', '24:00')).success).toBe(true);
    expect(openingHoursSchema.safeParse(daily('07:00', '01:00')).success).toBe(true);
    expect(openingHoursSchema.safeParse(Array.from({ length: 7 }, () => null)).success).toBe(true);
  });

  it.each([0, 6, 8])('refuses %i entries', (length) => {
    const hours = Array.from({ length }, () => ({ from: '07:00', to: '23:00' }));
    expect(openingHoursSchema.safeParse(hours).success).toBe(false);
  });

  it('refuses bad intervals', () => {
    const withDay = (day: unknown) => [day, ...daily('07:00', '23:00').slice(1)];
    expect(openingHoursSchema.safeParse(withDay({ from: '7:00', to: '23:00' })).success).toBe(
      false,
    );
    expect(openingHoursSchema.safeParse(withDay({ from: '07:00', to: '24:01' })).success).toBe(
      false,
    );
    expect(openingHoursSchema.safeParse(withDay({ from: '07:00' })).success).toBe(false);
    expect(openingHoursSchema.safeParse(withDay(undefined)).success).toBe(false);
    expect(openingHoursSchema.safeParse(withDay('closed')).success).toBe(false);
  });

  it('refuses a non-array', () => {
    expect(openingHoursSchema.safeParse({ from: '07:00', to: '23:00' }).success).toBe(false);
    expect(openingHoursSchema.safeParse(null).success).toBe(false);
  });
});
