import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { fieldErrorsFromIssues } from './errors.ts';
import type { Locale } from './messages/index.ts';
import {
  EXPIRES_SOON_MS,
  canUpgrade,
  coversBeverage,
  periodEnd,
  renewalDue,
  RENEW_AHEAD_MS,
  remainingValue,
  subscribeSchema,
  subscriptionState,
  upgradeSchema,
  upgradeTargets,
} from './subscriptions.ts';

const SECOND = 1000;
const HOUR = 60 * 60 * SECOND;
const DAY = 24 * HOUR;
const NOW = new Date('2026-03-10T12:00:00.000Z');
const at = (offsetMs: number) => new Date(NOW.getTime() + offsetMs);

function errorsOf(schema: z.ZodType, input: unknown, locale: Locale = 'fo') {
  const result = schema.safeParse(input);
  return result.success ? {} : fieldErrorsFromIssues(result.error.issues, locale);
}

describe('subscriptionState', () => {
  const renewing = (validTo: Date | string) => ({
    validTo,
    cancelledAt: null,
    nextPaymentAt: validTo,
  });
  const cancelled = (validTo: Date | string) => ({
    validTo,
    cancelledAt: at(-5 * DAY),
    nextPaymentAt: null,
  });
  const notRenewing = (validTo: Date | string) => ({
    validTo,
    cancelledAt: null,
    nextPaymentAt: null,
  });

  it('is 7 days', () => {
    expect(EXPIRES_SOON_MS).toBe(7 * DAY);
  });

  it('is active while it renews by itself', () => {
    expect(subscriptionState(renewing(at(20 * DAY)), NOW)).toBe('active');
  });

  it('is active 2 days before its end when it renews by itself', () => {
    expect(subscriptionState(renewing(at(2 * DAY)), NOW)).toBe('active');
    expect(subscriptionState(renewing(at(SECOND)), NOW)).toBe('active');
  });

  it('is active when it does not renew but ends more than 7 days from now', () => {
    expect(subscriptionState(notRenewing(at(7 * DAY + SECOND)), NOW)).toBe('active');
    expect(subscriptionState(notRenewing(at(30 * DAY)), NOW)).toBe('active');
  });

  it('expires soon within 7 days when it will not renew (a failed renewal)', () => {
    expect(subscriptionState(notRenewing(at(7 * DAY)), NOW)).toBe('expiresSoon');
    expect(subscriptionState(notRenewing(at(2 * DAY)), NOW)).toBe('expiresSoon');
    expect(subscriptionState(notRenewing(at(SECOND)), NOW)).toBe('expiresSoon');
  });

  it('is cancelled, and usable, until validTo', () => {
    expect(subscriptionState(cancelled(at(20 * DAY)), NOW)).toBe('cancelled');
    // Within the last 7 days it stays 'cancelled' rather than 'expiresSoon'.
    expect(subscriptionState(cancelled(at(2 * DAY)), NOW)).toBe('cancelled');
    expect(subscriptionState(cancelled(at(SECOND)), NOW)).toBe('cancelled');
  });

  it('is expired at validTo and after, whatever else is set', () => {
    for (const make of [renewing, cancelled, notRenewing]) {
      expect(subscriptionState(make(NOW), NOW)).toBe('expired');
      expect(subscriptionState(make(at(-SECOND)), NOW)).toBe('expired');
      expect(subscriptionState(make(at(-365 * DAY)), NOW)).toBe('expired');
    }
  });

  it('reads ISO strings as well as dates', () => {
    expect(
      subscriptionState(
        {
          validTo: at(3 * DAY).toISOString(),
          cancelledAt: '2026-03-01T00:00:00.000Z',
          nextPaymentAt: null,
        },
        NOW,
      ),
    ).toBe('cancelled');
    expect(subscriptionState(notRenewing(at(3 * DAY).toISOString()), NOW)).toBe('expiresSoon');
    expect(subscriptionState(renewing(at(3 * DAY).toISOString()), NOW)).toBe('active');
    expect(subscriptionState(renewing(at(-SECOND).toISOString()), NOW)).toBe('expired');
  });

  it('agrees with the rule of spec §4 at any moment', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -60 * DAY, max: 60 * DAY }),
        fc.boolean(),
        fc.boolean(),
        (left, isCancelled, renews) => {
          const state = subscriptionState(
            {
              validTo: at(left),
              cancelledAt: isCancelled ? at(-DAY) : null,
              nextPaymentAt: renews ? at(left) : null,
            },
            NOW,
          );
          const expected =
            left <= 0
              ? 'expired'
              : isCancelled
                ? 'cancelled'
                : !renews && left <= 7 * DAY
                  ? 'expiresSoon'
                  : 'active';
          expect(state).toBe(expected);
        },
      ),
    );
  });
});

describe('upgradeTargets and canUpgrade', () => {
  const plan = (id: number, type: string, index: number) => ({ id, type, index });
  const plans = [
    plan(3, 'BEVERAGE', 3),
    plan(1, 'BEVERAGE', 1),
    plan(10, 'WASH', 5),
    plan(2, 'BEVERAGE', 2),
    plan(11, 'WASH', 9),
    plan(4, 'beverage', 7),
  ];

  it('offers the higher tiers of the same type, lowest first', () => {
    expect(upgradeTargets(plans[1]!, plans).map((p) => p.id)).toEqual([2, 3]);
    expect(canUpgrade(plans[1]!, plans)).toBe(true);
  });

  it('offers only what is above the current index', () => {
    expect(upgradeTargets(plans[3]!, plans).map((p) => p.id)).toEqual([3]);
    expect(upgradeTargets(plans[0]!, plans)).toEqual([]);
    expect(canUpgrade(plans[0]!, plans)).toBe(false);
  });

  it('ignores other types, even with a higher index, and types are case-sensitive', () => {
    const coffee = plan(20, 'COFFEE', 0);
    expect(upgradeTargets(coffee, plans)).toEqual([]);
    expect(canUpgrade(coffee, plans)).toBe(false);
    expect(upgradeTargets(plans[2]!, plans).map((p) => p.id)).toEqual([11]);
  });

  it('does not offer a tier of the same index', () => {
    const same = [plan(1, 'BEVERAGE', 1), plan(2, 'BEVERAGE', 1)];
    expect(upgradeTargets(same[0]!, same)).toEqual([]);
    expect(canUpgrade(same[0]!, same)).toBe(false);
  });

  it('works when the current plan is not in the list, and leaves the list as it was', () => {
    const copy = [...plans];
    expect(upgradeTargets(plan(99, 'BEVERAGE', 0), plans).map((p) => p.id)).toEqual([1, 2, 3]);
    expect(plans).toEqual(copy);
    expect(canUpgrade(plan(99, 'BEVERAGE', 0), [])).toBe(false);
  });

  it('returns exactly the same-type plans with a higher index, sorted', () => {
    const planArb = fc.record({
      id: fc.nat(1000),
      type: fc.constantFrom('BEVERAGE', 'WASH', 'FOOD'),
      index: fc.integer({ min: -5, max: 20 }),
    });
    fc.assert(
      fc.property(planArb, fc.array(planArb, { maxLength: 20 }), (current, list) => {
        const targets = upgradeTargets(current, list);
        const wanted = list.filter((p) => p.type === current.type && p.index > current.index);
        expect([...targets].sort((a, b) => a.id - b.id || a.index - b.index)).toEqual(
          [...wanted].sort((a, b) => a.id - b.id || a.index - b.index),
        );
        for (let i = 1; i < targets.length; i++) {
          expect(targets[i]!.index).toBeGreaterThanOrEqual(targets[i - 1]!.index);
        }
        expect(canUpgrade(current, list)).toBe(wanted.length > 0);
      }),
    );
  });
});

describe('coversBeverage', () => {
  const sub = (type: string, productIds: string, validTo: Date | string = at(10 * DAY)) => ({
    validTo,
    subscription: { type, productIds },
  });

  it('covers a listed family on an unexpired BEVERAGE subscription', () => {
    expect(coversBeverage([sub('BEVERAGE', 'COFFEE,TEA')], 'COFFEE', NOW)).toBe(true);
    expect(coversBeverage([sub('BEVERAGE', 'COFFEE,TEA')], 'TEA', NOW)).toBe(true);
  });

  it('tolerates spaces around the ids', () => {
    expect(coversBeverage([sub('BEVERAGE', ' COFFEE , TEA ,JUICE')], 'TEA', NOW)).toBe(true);
    expect(coversBeverage([sub('BEVERAGE', ' COFFEE , TEA ,JUICE')], 'COFFEE', NOW)).toBe(true);
    expect(coversBeverage([sub('BEVERAGE', ' COFFEE , TEA ,JUICE')], 'JUICE', NOW)).toBe(true);
  });

  it('needs the family to be listed, whole', () => {
    expect(coversBeverage([sub('BEVERAGE', 'COFFEE,TEA')], 'JUICE', NOW)).toBe(false);
    expect(coversBeverage([sub('BEVERAGE', 'COFFEE,TEA')], 'COFF', NOW)).toBe(false);
    expect(coversBeverage([sub('BEVERAGE', 'ICED_COFFEE')], 'COFFEE', NOW)).toBe(false);
    expect(coversBeverage([sub('BEVERAGE', 'COFFEE TEA')], 'COFFEE', NOW)).toBe(false);
  });

  it('needs the type BEVERAGE', () => {
    expect(coversBeverage([sub('WASH', 'COFFEE')], 'COFFEE', NOW)).toBe(false);
    expect(coversBeverage([sub('beverage', 'COFFEE')], 'COFFEE', NOW)).toBe(false);
  });

  it('needs an unexpired subscription: expired at validTo', () => {
    expect(coversBeverage([sub('BEVERAGE', 'COFFEE', NOW)], 'COFFEE', NOW)).toBe(false);
    expect(coversBeverage([sub('BEVERAGE', 'COFFEE', at(-DAY))], 'COFFEE', NOW)).toBe(false);
    expect(coversBeverage([sub('BEVERAGE', 'COFFEE', at(SECOND))], 'COFFEE', NOW)).toBe(true);
    expect(coversBeverage([sub('BEVERAGE', 'COFFEE', at(DAY).toISOString())], 'COFFEE', NOW)).toBe(
      true,
    );
  });

  it('does not cover on an invalid validTo', () => {
    expect(coversBeverage([sub('BEVERAGE', 'COFFEE', 'not a date')], 'COFFEE', NOW)).toBe(false);
  });

  it('is enough that one subscription covers it', () => {
    const subs = [
      sub('BEVERAGE', 'COFFEE', at(-DAY)),
      sub('WASH', 'TEA'),
      sub('BEVERAGE', 'JUICE'),
      sub('BEVERAGE', 'TEA'),
    ];
    expect(coversBeverage(subs, 'TEA', NOW)).toBe(true);
    expect(coversBeverage(subs, 'COFFEE', NOW)).toBe(false);
    expect(coversBeverage([], 'COFFEE', NOW)).toBe(false);
  });

  it('never covers an empty beverage family', () => {
    expect(coversBeverage([sub('BEVERAGE', '')], '', NOW)).toBe(false);
    expect(coversBeverage([sub('BEVERAGE', 'COFFEE,')], '', NOW)).toBe(false);
    expect(coversBeverage([sub('BEVERAGE', 'COFFEE, ,TEA')], '', NOW)).toBe(false);
  });

  it('covers a family exactly when some unexpired BEVERAGE subscription lists it', () => {
    const family = fc.constantFrom('COFFEE', 'TEA', 'JUICE', 'SODA', 'WATER');
    const subArb = fc.record({
      type: fc.constantFrom('BEVERAGE', 'WASH'),
      ids: fc.uniqueArray(family, { maxLength: 4 }),
      pad: fc.constantFrom('', ' ', '  '),
      left: fc.integer({ min: -10 * DAY, max: 10 * DAY }),
    });
    fc.assert(
      fc.property(fc.array(subArb, { maxLength: 5 }), family, (list, wanted) => {
        const subs = list.map((s) =>
          sub(s.type, s.ids.map((id) => `${s.pad}${id}${s.pad}`).join(','), at(s.left)),
        );
        const expected = list.some(
          (s) => s.type === 'BEVERAGE' && s.left > 0 && s.ids.includes(wanted),
        );
        expect(coversBeverage(subs, wanted, NOW)).toBe(expected);
      }),
    );
  });
});

describe('periodEnd', () => {
  it('adds a month', () => {
    expect(periodEnd(new Date('2026-03-10T12:34:56.789Z'), 'monthly').toISOString()).toBe(
      '2026-04-10T12:34:56.789Z',
    );
    expect(periodEnd(new Date('2026-12-15T00:00:00.000Z'), 'monthly').toISOString()).toBe(
      '2027-01-15T00:00:00.000Z',
    );
  });

  it('adds a year', () => {
    expect(periodEnd(new Date('2026-03-10T12:00:00.000Z'), 'yearly').toISOString()).toBe(
      '2027-03-10T12:00:00.000Z',
    );
  });

  it('ends on the last day of a shorter month instead of rolling over', () => {
    const start = new Date('2026-01-31T10:00:00.000Z');
    const end = periodEnd(start, 'monthly');
    expect(end.toISOString()).toBe('2026-02-28T10:00:00.000Z');
    // In a leap year, 29 February.
    expect(periodEnd(new Date('2024-01-31T10:00:00.000Z'), 'monthly').toISOString()).toBe(
      '2024-02-29T10:00:00.000Z',
    );
    expect(periodEnd(new Date('2026-01-29T00:00:00.000Z'), 'monthly').toISOString()).toBe(
      '2026-02-28T00:00:00.000Z',
    );
    // 31 March → 30 April.
    expect(periodEnd(new Date('2026-03-31T00:00:00.000Z'), 'monthly').toISOString()).toBe(
      '2026-04-30T00:00:00.000Z',
    );
  });

  it('returns to the day the subscription began once the month is long enough', () => {
    const began = new Date('2026-01-31T10:00:00.000Z');
    const feb = periodEnd(began, 'monthly', began);
    const mar = periodEnd(feb, 'monthly', began);
    const apr = periodEnd(mar, 'monthly', began);
    expect([feb, mar, apr].map((d) => d.toISOString())).toEqual([
      '2026-02-28T10:00:00.000Z',
      '2026-03-31T10:00:00.000Z',
      '2026-04-30T10:00:00.000Z',
    ]);
  });

  it('ends 29 February on 28 February a year later', () => {
    expect(periodEnd(new Date('2024-02-29T08:00:00.000Z'), 'yearly').toISOString()).toBe(
      '2025-02-28T08:00:00.000Z',
    );
  });

  it('works in UTC, not the server time zone', () => {
    // 23:30 UTC on the 31st is already the 1st in many zones; it must not matter.
    expect(periodEnd(new Date('2026-10-31T23:30:00.000Z'), 'monthly').toISOString()).toBe(
      '2026-11-30T23:30:00.000Z',
    );
  });

  it('does not change its argument', () => {
    const start = new Date('2026-03-10T12:00:00.000Z');
    periodEnd(start, 'monthly');
    periodEnd(start, 'yearly');
    expect(start.toISOString()).toBe('2026-03-10T12:00:00.000Z');
  });

  it('always ends 28–31 days (monthly) or 365–366 days (yearly) later, at the same time of day', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('2000-01-01T00:00:00Z'),
          max: new Date('2100-01-01T00:00:00Z'),
          noInvalidDate: true,
        }),
        (start) => {
          const month = periodEnd(start, 'monthly').getTime() - start.getTime();
          const year = periodEnd(start, 'yearly').getTime() - start.getTime();
          expect(month).toBeGreaterThanOrEqual(28 * DAY);
          expect(month).toBeLessThanOrEqual(31 * DAY);
          expect(month % DAY).toBe(0);
          expect(year).toBeGreaterThanOrEqual(365 * DAY);
          expect(year).toBeLessThanOrEqual(366 * DAY);
          expect(year % DAY).toBe(0);
        },
      ),
    );
  });
});

describe('remainingValue', () => {
  const start = new Date('2026-03-01T00:00:00.000Z');
  const end = new Date('2026-03-31T00:00:00.000Z'); // 30 days
  const middle = new Date('2026-03-16T00:00:00.000Z');

  it('is the full price at the start, and before it', () => {
    expect(remainingValue(99_00, start, end, start)).toBe(99_00);
    expect(remainingValue(99_00, start, end, new Date(start.getTime() - DAY))).toBe(99_00);
  });

  it('is half the price in the middle', () => {
    expect(remainingValue(99_00, start, end, middle)).toBe(49_50);
    expect(remainingValue(100_00, start, end, middle)).toBe(50_00);
  });

  it('rounds down to whole øre', () => {
    expect(remainingValue(99, start, end, middle)).toBe(49);
    // A third of the period left.
    expect(remainingValue(100, start, end, new Date('2026-03-21T00:00:00.000Z'))).toBe(33);
  });

  it('is 0 at the end and after it', () => {
    expect(remainingValue(99_00, start, end, end)).toBe(0);
    expect(remainingValue(99_00, start, end, new Date(end.getTime() + DAY))).toBe(0);
  });

  it('is 0 for an empty or backwards period', () => {
    expect(remainingValue(99_00, start, start, start)).toBe(0);
    expect(remainingValue(99_00, end, start, middle)).toBe(0);
  });

  it('is a whole number of øre between 0 and the price, falling as time passes', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.date({
          min: new Date('2020-01-01T00:00:00Z'),
          max: new Date('2040-01-01T00:00:00Z'),
          noInvalidDate: true,
        }),
        fc.constantFrom('monthly' as const, 'yearly' as const),
        fc.double({ min: -0.2, max: 1.2, noNaN: true }),
        fc.double({ min: -0.2, max: 1.2, noNaN: true }),
        (price, from, interval, a, b) => {
          const to = periodEnd(from, interval);
          const total = to.getTime() - from.getTime();
          const [early, late] = [Math.min(a, b), Math.max(a, b)];
          const now1 = new Date(from.getTime() + Math.round(early * total));
          const now2 = new Date(from.getTime() + Math.round(late * total));
          const v1 = remainingValue(price, from, to, now1);
          const v2 = remainingValue(price, from, to, now2);
          for (const v of [v1, v2]) {
            expect(Number.isInteger(v)).toBe(true);
            expect(v).toBeGreaterThanOrEqual(0);
            expect(v).toBeLessThanOrEqual(price);
          }
          expect(v2).toBeLessThanOrEqual(v1);
          // Exactly ⌊price × left / total⌋, computed without floating point.
          const left = Math.min(total, Math.max(0, to.getTime() - now1.getTime()));
          expect(v1).toBe(Number((BigInt(price) * BigInt(left)) / BigInt(total)));
          expect(remainingValue(price, from, to, from)).toBe(price);
          expect(remainingValue(price, from, to, to)).toBe(0);
        },
      ),
    );
  });
});

describe('subscribeSchema', () => {
  const valid = { interval: 'monthly', paymentMethodId: '3f0b9d2e-8c4a-4b6e-9f1d-2a7c5e8b1d40' };

  it.each(['monthly', 'yearly'])('accepts the interval %s', (interval) => {
    expect(subscribeSchema.parse({ ...valid, interval })).toEqual({ ...valid, interval });
  });

  it('accepts any random UUID as the payment method', () => {
    fc.assert(
      fc.property(fc.uuid({ version: [4] }), (paymentMethodId) => {
        expect(subscribeSchema.safeParse({ ...valid, paymentMethodId }).success).toBe(true);
      }),
    );
  });

  it.each(['weekly', 'Monthly', 'MONTHLY', '', 1, null])('refuses the interval %j', (interval) => {
    expect(errorsOf(subscribeSchema, { ...valid, interval })).toEqual({
      interval: 'Virðið er ikki gildigt.',
    });
    expect(errorsOf(subscribeSchema, { ...valid, interval }, 'en')).toEqual({
      interval: 'The value is not valid.',
    });
  });

  it.each([
    '',
    'card-1',
    '3f0b9d2e8c4a4b6e9f1d2a7c5e8b1d40',
    '3f0b9d2e-8c4a-4b6e-9f1d-2a7c5e8b1d4',
    42,
    null,
  ])('refuses the payment method id %j', (paymentMethodId) => {
    expect(errorsOf(subscribeSchema, { ...valid, paymentMethodId })).toEqual({
      paymentMethodId: 'Virðið er ikki gildigt.',
    });
  });

  it('reports missing fields', () => {
    expect(errorsOf(subscribeSchema, {}, 'en')).toEqual({
      interval: 'The value is not valid.',
      paymentMethodId: 'The value is not valid.',
    });
  });

  it('refuses unknown keys, on each key', () => {
    expect(errorsOf(subscribeSchema, { ...valid, price: 0, userId: 'x' })).toEqual({
      price: 'Hesin teigurin er ikki loyvdur.',
      userId: 'Hesin teigurin er ikki loyvdur.',
    });
    expect(errorsOf(subscribeSchema, { ...valid, price: 0 }, 'en')).toEqual({
      price: 'This field is not allowed.',
    });
  });

  it.each([null, 'monthly', [], 1])('refuses a body of %j', (body) => {
    expect(errorsOf(subscribeSchema, body, 'en')).toEqual({ _: 'The value is not valid.' });
  });
});

describe('upgradeSchema', () => {
  it.each([1, 2, 1_000_000])('accepts the subscription id %j', (subscriptionId) => {
    expect(upgradeSchema.parse({ subscriptionId })).toEqual({ subscriptionId });
  });

  it.each([0, -1, 1.5, '2', null, Number.NaN, Number.POSITIVE_INFINITY])(
    'refuses the subscription id %j',
    (subscriptionId) => {
      expect(errorsOf(upgradeSchema, { subscriptionId })).toEqual({
        subscriptionId: 'Virðið er ikki gildigt.',
      });
      expect(errorsOf(upgradeSchema, { subscriptionId }, 'en')).toEqual({
        subscriptionId: 'The value is not valid.',
      });
    },
  );

  it('needs the subscription id', () => {
    expect(errorsOf(upgradeSchema, {})).toEqual({ subscriptionId: 'Virðið er ikki gildigt.' });
  });

  it('refuses unknown keys', () => {
    expect(errorsOf(upgradeSchema, { subscriptionId: 2, credit: 100 })).toEqual({
      credit: 'Hesin teigurin er ikki loyvdur.',
    });
  });
});

describe('renewalDue', () => {
  it('is a day before the period ends', () => {
    expect(renewalDue(new Date('2026-03-31T10:00:00.000Z')).toISOString()).toBe(
      '2026-03-30T10:00:00.000Z',
    );
    expect(RENEW_AHEAD_MS).toBe(86_400_000);
  });
});
