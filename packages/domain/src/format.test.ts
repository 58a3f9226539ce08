import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  TIME_ZONE,
  faroeFormatter,
  formatCurrency,
  formatDate,
  formatDateTime,
  formatTime,
  formatReceiptDate,
} from './format.ts';

const CURRENCY = /^-?\d{1,3}(\.\d{3})*,\d{2} kr\.$/;

/** Reads a formatted amount back to øre. */
function parseCurrency(text: string): number {
  const digits = text.replace(' kr.', '').replaceAll('.', '').replace(',', '');
  return Number(digits);
}

describe('formatCurrency', () => {
  it.each([
    [0, '0,00 kr.'],
    [1, '0,01 kr.'],
    [5, '0,05 kr.'],
    [10, '0,10 kr.'],
    [99, '0,99 kr.'],
    [100, '1,00 kr.'],
    [12_345, '123,45 kr.'],
    [99_999, '999,99 kr.'],
    [100_000, '1.000,00 kr.'],
    [123_450, '1.234,50 kr.'],
    [75_000, '750,00 kr.'],
    [100_000_000, '1.000.000,00 kr.'],
    [123_456_789_01, '123.456.789,01 kr.'],
    [Number.MAX_SAFE_INTEGER, '90.071.992.547.409,91 kr.'],
  ])('formats %i øre as %s', (ore, expected) => {
    expect(formatCurrency(ore)).toBe(expected);
  });

  it.each([
    [-5, '-0,05 kr.'],
    [-100, '-1,00 kr.'],
    [-123_450, '-1.234,50 kr.'],
    [-100_000_000, '-1.000.000,00 kr.'],
  ])('formats the negative amount %i as %s', (ore, expected) => {
    expect(formatCurrency(ore)).toBe(expected);
  });

  it('formats negative zero without a sign', () => {
    expect(formatCurrency(-0)).toBe('0,00 kr.');
  });

  it.each([0.5, 1.01, -2.5, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY])(
    'throws a RangeError for %s',
    (ore) => {
      expect(() => formatCurrency(ore)).toThrow(RangeError);
    },
  );

  it('always matches the currency pattern for any safe integer', () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), (ore) => {
        expect(formatCurrency(ore)).toMatch(CURRENCY);
      }),
    );
  });

  it('can be read back to the same amount', () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), (ore) => {
        expect(parseCurrency(formatCurrency(ore))).toBe(ore === 0 ? 0 : ore);
      }),
    );
  });

  it('formats a negative amount as the positive one with a minus sign', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }), (ore) => {
        expect(formatCurrency(-ore)).toBe(`-${formatCurrency(ore)}`);
      }),
    );
  });
});

describe('time zone', () => {
  it('is the Faroe Islands', () => {
    expect(TIME_ZONE).toBe('Atlantic/Faroe');
  });
});

describe('formatDate', () => {
  it('formats a winter instant (UTC+0) as DD.MM.YYYY', () => {
    expect(formatDate(new Date('2026-01-15T12:34:00Z'))).toBe('15.01.2026');
  });

  it('formats a summer instant (UTC+1)', () => {
    expect(formatDate(new Date('2026-07-04T09:00:00Z'))).toBe('04.07.2026');
  });

  it('moves to the next day when summer time crosses midnight', () => {
    expect(formatDate(new Date('2026-06-30T23:15:00Z'))).toBe('01.07.2026');
    expect(formatDate(new Date('2026-06-30T22:59:00Z'))).toBe('30.06.2026');
  });

  it('does not move to the next day at the same UTC time in winter', () => {
    expect(formatDate(new Date('2026-12-31T23:59:00Z'))).toBe('31.12.2026');
    expect(formatDate(new Date('2027-01-01T00:00:00Z'))).toBe('01.01.2027');
  });

  it('accepts ISO strings and epoch milliseconds', () => {
    expect(formatDate('2026-03-05T14:07:00Z')).toBe('05.03.2026');
    expect(formatDate(Date.UTC(2026, 2, 5, 14, 7))).toBe('05.03.2026');
  });

  it.each([
    ['an invalid Date', new Date('nope')],
    ['an unparsable string', 'not a date'],
    ['an empty string', ''],
    ['NaN', Number.NaN],
  ])('throws a RangeError for %s', (_label, value) => {
    expect(() => formatDate(value)).toThrow(RangeError);
  });
});

describe('formatTime', () => {
  it('shows the Faroe clock: winter UTC+0, summer UTC+1', () => {
    expect(formatTime(new Date('2026-01-15T12:34:00Z'))).toBe('12:34');
    expect(formatTime(new Date('2026-07-04T23:05:00Z'))).toBe('00:05');
  });
});

describe('formatDateTime', () => {
  it('formats a winter instant as DD.MM.YYYY kl. HH:mm in UTC+0', () => {
    expect(formatDateTime(new Date('2026-01-15T12:34:00Z'))).toBe('15.01.2026 kl. 12:34');
    expect(formatDateTime(new Date('2026-01-15T12:34:00Z'), 'en')).toBe('15.01.2026, 12:34');
  });

  it('formats a summer instant in UTC+1', () => {
    expect(formatDateTime(new Date('2026-07-04T09:05:00Z'))).toBe('04.07.2026 kl. 10:05');
  });

  it('shows midnight as 00 and crosses to the next day in summer', () => {
    expect(formatDateTime(new Date('2026-06-30T23:15:00Z'))).toBe('01.07.2026 kl. 00:15');
    expect(formatDateTime(new Date('2026-01-01T00:00:00Z'))).toBe('01.01.2026 kl. 00:00');
  });

  it('follows the switch to summer time (last Sunday of March, 01:00 UTC)', () => {
    expect(formatDateTime('2026-03-29T00:59:00Z')).toBe('29.03.2026 kl. 00:59');
    expect(formatDateTime('2026-03-29T01:00:00Z')).toBe('29.03.2026 kl. 02:00');
  });

  it('follows the switch back to winter time (last Sunday of October, 01:00 UTC)', () => {
    expect(formatDateTime('2026-10-25T00:59:00Z')).toBe('25.10.2026 kl. 01:59');
    expect(formatDateTime('2026-10-25T01:00:00Z')).toBe('25.10.2026 kl. 01:00');
  });

  it('ignores seconds without rounding', () => {
    expect(formatDateTime('2026-01-15T12:34:59.999Z')).toBe('15.01.2026 kl. 12:34');
  });

  it('throws a RangeError for an invalid date', () => {
    expect(() => formatDateTime(new Date(Number.NaN))).toThrow(RangeError);
    expect(() => formatDateTime('2026-13-45')).toThrow(RangeError);
  });

  it('always starts with formatDate and has the expected shape', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('1970-01-01T00:00:00Z'),
          max: new Date('2999-12-31T00:00:00Z'),
          noInvalidDate: true,
        }),
        (date) => {
          const text = formatDateTime(date);
          expect(text).toMatch(/^\d{2}\.\d{2}\.\d{4} kl\. ([01]\d|2[0-3]):[0-5]\d$/);
          expect(text.startsWith(`${formatDate(date)} kl. `)).toBe(true);
        },
      ),
    );
  });
});

describe('formatReceiptDate', () => {
  const FO_MONTHS = [
    'jan',
    'feb',
    'mar',
    'apr',
    'mai',
    'jun',
    'jul',
    'aug',
    'sep',
    'okt',
    'nov',
    'des',
  ];
  const EN_MONTHS = [
    'Jan',
    'Feb',
    'Mar',
    'Apr',
    'May',
    'Jun',
    'Jul',
    'Aug',
    'Sep',
    'Oct',
    'Nov',
    'Dec',
  ];

  it("formats the spec's example as 'DD. MMM. YYYY kl. HH.MM' in Faroese by default", () => {
    expect(formatReceiptDate('2026-03-05T14:07:00Z')).toBe('05. mar. 2026 kl. 14.07');
    expect(formatReceiptDate('2026-03-05T14:07:00Z', 'fo')).toBe('05. mar. 2026 kl. 14.07');
  });

  it('writes English as English does, with no Faroese "kl."', () => {
    expect(formatReceiptDate('2026-03-05T14:07:00Z', 'en')).toBe('05 Mar 2026, 14:07');
  });

  it.each(FO_MONTHS.map((month, index) => [index, month, EN_MONTHS[index]!] as const))(
    'names month %i as %s / %s',
    (index, fo, en) => {
      // The 15th at noon UTC is the 15th in the Faroes in every season.
      const date = new Date(Date.UTC(2026, index, 15, 12, 0));
      const hour = index >= 3 && index <= 9 ? '13' : '12';
      expect(formatReceiptDate(date, 'fo')).toBe(`15. ${fo}. 2026 kl. ${hour}.00`);
      expect(formatReceiptDate(date, 'en')).toBe(`15 ${en} 2026, ${hour}:00`);
    },
  );

  it('uses summer time and changes day and month across midnight', () => {
    expect(formatReceiptDate('2026-06-30T23:15:00Z')).toBe('01. jul. 2026 kl. 00.15');
    expect(formatReceiptDate('2026-06-30T23:15:00Z', 'en')).toBe('01 Jul 2026, 00:15');
  });

  it('uses winter time on New Year’s Eve', () => {
    expect(formatReceiptDate('2026-12-31T23:59:00Z')).toBe('31. des. 2026 kl. 23.59');
    expect(formatReceiptDate('2026-12-31T23:59:00Z', 'en')).toBe('31 Dec 2026, 23:59');
  });

  it('throws a RangeError for an invalid date', () => {
    expect(() => formatReceiptDate('yesterday')).toThrow(RangeError);
    expect(() => formatReceiptDate(new Date(Number.NaN), 'en')).toThrow(RangeError);
  });

  it('always has the receipt shape in both locales', () => {
    const fo = new RegExp(`^\\d{2}\\. (${FO_MONTHS.join('|')})\\. \\d{4} kl\\. \\d{2}\\.\\d{2}$`);
    const en = new RegExp(`^\\d{2} (${EN_MONTHS.join('|')}) \\d{4}, \\d{2}:\\d{2}$`);
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('1970-01-01T00:00:00Z'),
          max: new Date('2999-12-31T00:00:00Z'),
          noInvalidDate: true,
        }),
        (date) => {
          expect(formatReceiptDate(date, 'fo')).toMatch(fo);
          expect(formatReceiptDate(date, 'en')).toMatch(en);
        },
      ),
    );
  });
});

describe('faroeFormatter', () => {
  it('makes its formatter once, on first use, in Faroese time', () => {
    const clock = faroeFormatter({ hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    const first = clock();
    expect(clock()).toBe(first);
    // ICU may name the zone by its older spelling, Atlantic/Faeroe.
    expect(first.resolvedOptions().timeZone).toMatch(/^Atlantic\/Fae?roe$/);
    // Midsummer: the islands are an hour ahead of UTC.
    expect(first.format(Date.UTC(2026, 5, 21, 12, 5))).toBe('13:05');
  });
});
