import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assertOre, CURRENCY, FUEL_HOLD_ORE, VAT_RATE_PERCENT, vatOf } from './money.ts';

/** The exact VAT inside a 25%-inclusive amount: gross/5 rounded to the nearest øre, in integers. */
function exactVat(grossOre: number): number {
  // gross/5 never ends in .5 (remainders are .0 .2 .4 .6 .8), so there is no tie to break.
  return Number((BigInt(grossOre) + 2n) / 5n);
}

describe('money constants', () => {
  it('uses Danish kroner and 25% VAT (spec §9)', () => {
    expect(CURRENCY).toBe('DKK');
    expect(VAT_RATE_PERCENT).toBe(25);
  });

  it('holds 750 kroner before a refuelling starts (spec §9)', () => {
    expect(FUEL_HOLD_ORE).toBe(75_000);
    expect(FUEL_HOLD_ORE / 100).toBe(750);
  });
});

describe('assertOre', () => {
  it.each([0, 1, 75_000, Number.MAX_SAFE_INTEGER])('accepts %d', (amount) => {
    expect(() => assertOre(amount)).not.toThrow();
  });

  it.each([
    -1,
    -0.5,
    0.5,
    1.25,
    Number.MAX_SAFE_INTEGER + 1,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    Number.NEGATIVE_INFINITY,
  ])('refuses %d with a RangeError', (amount) => {
    expect(() => assertOre(amount)).toThrow(RangeError);
  });

  it('refuses every negative integer', () => {
    fc.assert(
      fc.property(fc.integer({ min: Number.MIN_SAFE_INTEGER, max: -1 }), (amount) => {
        expect(() => assertOre(amount)).toThrow(RangeError);
      }),
    );
  });

  it('refuses every non-integer', () => {
    fc.assert(
      fc.property(
        fc.double({ noNaN: true, min: -1e12, max: 1e12 }).filter((x) => !Number.isInteger(x)),
        (amount) => {
          expect(() => assertOre(amount)).toThrow(RangeError);
        },
      ),
    );
  });
});

describe('vatOf', () => {
  it.each([
    [0, 0],
    [1, 0], // 0.2 øre
    [2, 0], // 0.4 øre
    [3, 1], // 0.6 øre
    [4, 1], // 0.8 øre
    [5, 1],
    [125, 25], // 100 net + 25 VAT
    [10_000, 2_000], // 100 kr gross: 80 kr net + 20 kr VAT
    [1_189, 238], // 237.8 øre
    [1_187, 237], // 237.4 øre
    [75_000, 15_000], // the fuel hold
    [100_000_000_000, 20_000_000_000], // 1 000 000 000 kr
    [1_000_000_000_000, 200_000_000_000],
  ])('the VAT in %d øre is %d øre', (gross, vat) => {
    expect(vatOf(gross)).toBe(vat);
  });

  it('is 25% of the net amount when the VAT is a whole number of øre', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e12 }), (vat) => {
        const net = vat * 4;
        expect(vatOf(net + vat)).toBe(vat);
      }),
    );
  });

  it.each([-1, -125, 0.5, 124.9, Number.NaN, Number.POSITIVE_INFINITY])(
    'refuses %d with a RangeError',
    (gross) => {
      expect(() => vatOf(gross)).toThrow(RangeError);
    },
  );

  it('stays between 0 and the gross and within half an øre of gross/5', () => {
    // Everyday and very large amounts, up to 10^14 øre (1 000 000 000 000 kr).
    fc.assert(
      fc.property(
        fc.oneof(fc.integer({ min: 0, max: 1_000_000 }), fc.integer({ min: 0, max: 1e14 })),
        (gross) => {
          const vat = vatOf(gross);
          expect(Number.isInteger(vat)).toBe(true);
          expect(vat).toBeGreaterThanOrEqual(0);
          expect(vat).toBeLessThanOrEqual(gross);
          expect(Math.abs(vat - gross / 5)).toBeLessThanOrEqual(0.5);
          expect(vat).toBe(exactVat(gross));
        },
      ),
    );
  });

  it('never decreases as the gross grows', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e12 }),
        fc.integer({ min: 0, max: 1e6 }),
        (gross, more) => {
          expect(vatOf(gross + more)).toBeGreaterThanOrEqual(vatOf(gross));
        },
      ),
    );
  });

  it('is exact at the largest safe amount', () => {
    expect(vatOf(Number.MAX_SAFE_INTEGER)).toBe(exactVat(Number.MAX_SAFE_INTEGER));
  });

  it('is the nearest øre to gross/5 for every safe integer amount', () => {
    expect(vatOf(6_281_682_850_479_997)).toBe(1_256_336_570_095_999);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), (gross) => {
        expect(vatOf(gross)).toBe(exactVat(gross));
      }),
    );
  });
});
