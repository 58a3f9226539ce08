import { describe, expect, it } from 'vitest';
import { dateTimeText, dayOfText, dayText, instantOfText, nextTimeOfText } from './dates.ts';

describe('day fields', () => {
  it('show a day as DD.MM.YYYY and read it back', () => {
    expect(dayText('2027-11-28')).toBe('28.11.2027');
    expect(dayOfText('28.11.2027')).toBe('2027-11-28');
    expect(dayOfText(' 1.2.2027 ')).toBe('2027-02-01');
    expect(dayOfText('01/02/2027')).toBe('2027-02-01');
    expect(dayText(null)).toBe('');
  });

  it('refuse what is no day', () => {
    for (const text of ['', '31.02.2027', '28.13.2027', '2027-11-28', '28.11.27', 'í morgin'])
      expect(dayOfText(text), text).toBeNull();
  });
});

describe('date-and-time fields', () => {
  it('show an instant in this device’s time, to the minute, and read it back', () => {
    const iso = '2026-12-01T10:15:00.000Z';
    expect(instantOfText(dateTimeText(iso))).toBe(iso);
    expect(dateTimeText(iso)).toMatch(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/);
    expect(instantOfText('1.12.2026 9.05')).toBe(new Date(2026, 11, 1, 9, 5).toISOString());
  });

  it('leave an empty or broken field empty', () => {
    expect(dateTimeText(null)).toBe('');
    for (const text of ['', '01.12.2026', '01.12.2026 24:00', '30.02.2026 10:00', '10:00'])
      expect(instantOfText(text), text).toBeNull();
  });
});

describe('time-of-day fields', () => {
  const now = new Date(2026, 11, 1, 13, 30);
  it('read a time still to come as today, and one gone as tomorrow', () => {
    expect(nextTimeOfText('14:00', now)).toBe(new Date(2026, 11, 1, 14, 0).toISOString());
    expect(nextTimeOfText('9.05', now)).toBe(new Date(2026, 11, 2, 9, 5).toISOString());
    expect(nextTimeOfText('13:30', now)).toBe(new Date(2026, 11, 2, 13, 30).toISOString());
  });

  it('refuse what is no time', () => {
    for (const text of ['', '24:00', '12:60', '12', 'kl. 12'])
      expect(nextTimeOfText(text, now), text).toBeNull();
  });
});
