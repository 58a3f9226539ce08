import { describe, expect, it } from 'vitest';
import { priceBoundsSchema, priceChangeSchema, priceWarnings } from './prices.ts';

const station = [
  { productId: 1, service: 'fuel', price: 1189 },
  { productId: 2, service: 'fuel', price: 1289 },
  { productId: 3, service: 'fuel', price: 1099 },
  { productId: 4, service: 'carwash', price: 9900 },
];

describe('priceWarnings', () => {
  it('asks to confirm a change of more than a tenth, up or down', () => {
    expect(priceWarnings(station, new Map([[1, 1300]]))).toEqual([]);
    expect(priceWarnings(station, new Map([[1, 1400]]))).toEqual([{ productId: 1, kind: 'large' }]);
    expect(priceWarnings(station, new Map([[4, 8000]]))).toEqual([{ productId: 4, kind: 'large' }]);
  });

  it('asks to confirm a grade that would sell below one that cost less (premium under regular)', () => {
    expect(priceWarnings(station, new Map([[2, 1180]]))).toEqual([
      { productId: 2, kind: 'belowCheaper', otherId: 1 },
    ]);
    // Both moved together, keeping their order: nothing to confirm.
    expect(
      priceWarnings(
        station,
        new Map([
          [1, 1150],
          [2, 1250],
        ]),
      ),
    ).toEqual([]);
  });
});

describe('the price schemas', () => {
  it('take whole øre within the limits, bounds the right way round', () => {
    expect(priceBoundsSchema.safeParse({ min: 500, max: 2000 }).success).toBe(true);
    expect(priceBoundsSchema.safeParse({ min: 2000, max: 500 }).error?.issues[0]).toMatchObject({
      path: ['max'],
      message: 'validation.priceBoundsOrder',
    });
    expect(priceChangeSchema.safeParse({ items: [{ productId: 1, price: 1199 }] }).success).toBe(
      true,
    );
    for (const items of [[], [{ productId: 1, price: 0 }], [{ productId: 1, price: 1e8 }]])
      expect(priceChangeSchema.safeParse({ items }).success).toBe(false);
  });
});
