import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  priceBoundsSchema,
  priceChangeSchema,
  priceWarnings,
  sameSign,
  signPlan,
  type SignProduct,
} from './prices.ts';

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

describe('signPlan', () => {
  const products: SignProduct[] = [
    { productId: 1, service: 'fuel', code: 'Diesel', price: 1049 },
    { productId: 2, service: 'fuel', code: 'NormalUnleaded', price: 1189 },
    { productId: 3, service: 'carwash', code: 'Basic', price: 9900 },
  ];

  it('puts a fall and every other product first, a rise after the sign', () => {
    const plan = signPlan(products, [
      { id: 10, productId: 1, price: 1000 },
      { id: 11, productId: 2, price: 1200 },
      { id: 12, productId: 3, price: 12900 },
    ]);
    expect(plan).toEqual({
      first: [10, 12],
      afterSign: [11],
      sign: [
        { grade: 'Diesel', unitPrice: 1000 },
        { grade: 'NormalUnleaded', unitPrice: 1200 },
      ],
    });
  });

  it('judges a product by its last due change, and sends the sign with nothing due', () => {
    const plan = signPlan(products, [
      { id: 20, productId: 1, price: 900 },
      { id: 21, productId: 1, price: 1100 },
    ]);
    expect(plan.afterSign).toEqual([20, 21]);
    expect(plan.sign[0]).toEqual({ grade: 'Diesel', unitPrice: 1100 });
    expect(signPlan(products, []).sign).toEqual([
      { grade: 'Diesel', unitPrice: 1049 },
      { grade: 'NormalUnleaded', unitPrice: 1189 },
    ]);
  });

  it('never lets the sign show less than a pump charges, at any step, whatever is due', () => {
    const price = fc.integer({ min: 1, max: 5000 });
    fc.assert(
      fc.property(
        fc.array(price, { minLength: 1, maxLength: 4 }),
        fc.array(fc.record({ product: fc.nat(3), price }), { maxLength: 8 }),
        (prices, changes) => {
          const fuel = prices.map((p, i) => ({
            productId: i + 1,
            service: 'fuel',
            code: `G${String(i)}`,
            price: p,
          }));
          const due = changes
            .filter((c) => c.product < fuel.length)
            .map((c, i) => ({ id: i + 1, productId: c.product + 1, price: c.price }));
          const plan = signPlan(fuel, due);
          // The sign still shows the old prices while the first changes reach the pumps.
          const pumps = new Map(fuel.map((p) => [p.productId, p.price]));
          const apply = (ids: number[]) => {
            for (const change of due)
              if (ids.includes(change.id)) pumps.set(change.productId, change.price);
          };
          const signAbovePumps = (sign: Map<string, number>) =>
            fuel.every((p) => (sign.get(p.code) ?? 0) >= (pumps.get(p.productId) ?? 0));
          const oldSign = new Map(fuel.map((p) => [p.code, p.price]));
          apply(plan.first);
          expect(signAbovePumps(oldSign)).toBe(true);
          const newSign = new Map(plan.sign.map((p) => [p.grade, p.unitPrice]));
          expect(signAbovePumps(newSign)).toBe(true);
          apply(plan.afterSign);
          // Once both are done, the sign shows exactly what the pumps charge.
          for (const p of fuel) expect(newSign.get(p.code)).toBe(pumps.get(p.productId));
        },
      ),
    );
  });

  it('compares signs whatever their order', () => {
    const a = [
      { grade: 'Diesel', unitPrice: 1 },
      { grade: 'NormalUnleaded', unitPrice: 2 },
    ];
    expect(sameSign(a, [...a].reverse())).toBe(true);
    expect(sameSign(a, [{ grade: 'Diesel', unitPrice: 1 }])).toBe(false);
    expect(sameSign(a, [a[0]!, { grade: 'NormalUnleaded', unitPrice: 3 }])).toBe(false);
  });
});
