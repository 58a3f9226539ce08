import { z } from 'zod';
import { idField, intField, strict } from './fields.ts';

/** The highest price any product may be given: 99 999,99 kr. */
export const MAX_PRICE_ORE = 9_999_999;
const priceField = intField(1, MAX_PRICE_ORE);

/**
 * `PUT /api/admin/products/{id}/bounds`: the lowest and highest price (øre) a product may be
 * given; they hold for the same product (its code) at every station.
 */
export const priceBoundsSchema = strict({ min: priceField, max: priceField }).refine(
  (bounds) => bounds.min <= bounds.max,
  { path: ['max'], message: 'validation.priceBoundsOrder' },
);
export type PriceBounds = z.infer<typeof priceBoundsSchema>;

/**
 * `PUT /api/admin/stations/{id}/prices`: new prices (øre, VAT included) for some of a station's
 * products, each at once or from a set time. All or nothing: one price outside its product's
 * bounds refuses the lot.
 */
export const priceChangeSchema = strict({
  items: z
    .array(
      strict({
        productId: idField,
        price: priceField,
        at: z.iso.datetime({ offset: true, error: 'validation.invalid' }).optional(),
      }),
    )
    .min(1, 'validation.required')
    .max(100, 'validation.invalid')
    .refine(
      (items) =>
        new Set(items.map((i) => `${String(i.productId)}@${i.at ?? ''}`)).size === items.length,
      'validation.invalid',
    ),
});
export type PriceChange = z.infer<typeof priceChangeSchema>;

export const priceBoundsStateSchema = z.object({
  productId: z.number().int(),
  service: z.string(),
  code: z.string(),
  min: z.number().int(),
  max: z.number().int(),
});

/** A station's products with their prices, bounds and changes to come (`GET …/prices`). */
export const stationPricesSchema = z.object({
  station: z.object({ id: z.number().int(), name: z.string() }),
  items: z.array(
    z.object({
      productId: z.number().int(),
      service: z.enum(['fuel', 'carwash', 'food']),
      code: z.string(),
      name: z.string(),
      unit: z.enum(['litre', 'wash', 'item']),
      price: z.number().int(),
      /** Null where no operator has set any: then only the price limits of every product hold. */
      bounds: z.object({ min: z.number().int(), max: z.number().int() }).nullable(),
      scheduled: z.array(
        z.object({ id: z.number().int(), price: z.number().int(), at: z.string() }),
      ),
    }),
  ),
});
export type StationPrices = z.infer<typeof stationPricesSchema>;

/** A change larger than this share of the price asks the operator to confirm it. */
export const LARGE_PRICE_CHANGE = 0.1;

export interface PriceWarning {
  productId: number;
  kind: 'large' | 'belowCheaper';
  /** For `belowCheaper`: the product that was cheaper and would now cost more. */
  otherId?: number;
}

/**
 * What the console asks the operator to confirm before it sends new prices: a change of more
 * than a tenth, or a fuel grade that would sell below one that cost less before (premium under
 * regular). `current` holds every product of the station as it is priced now.
 */
export function priceWarnings(
  current: readonly { productId: number; service: string; price: number }[],
  next: ReadonlyMap<number, number>,
): PriceWarning[] {
  const warnings: PriceWarning[] = [];
  const after = (p: { productId: number; price: number }) => next.get(p.productId) ?? p.price;
  for (const product of current) {
    const price = next.get(product.productId);
    if (price === undefined) continue;
    if (Math.abs(price - product.price) > product.price * LARGE_PRICE_CHANGE)
      warnings.push({ productId: product.productId, kind: 'large' });
    if (product.service !== 'fuel') continue;
    const overtaken = current.find(
      (other) =>
        other.service === 'fuel' &&
        other.productId !== product.productId &&
        other.price < product.price &&
        after(other) > price,
    );
    if (overtaken)
      warnings.push({
        productId: product.productId,
        kind: 'belowCheaper',
        otherId: overtaken.productId,
      });
  }
  return warnings;
}
