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
        z.object({
          id: z.number().int(),
          price: z.number().int(),
          at: z.string(),
          /** Its time has come, but the price rises and the sign has not shown it yet. */
          waitingForSign: z.boolean(),
        }),
      ),
    }),
  ),
  /**
   * What the station's price sign was last seen to show, and when; null before the platform
   * reached it. `hasSign` false: the site's controller has no sign the platform sets.
   */
  sign: z
    .object({
      hasSign: z.boolean(),
      prices: z.array(z.object({ grade: z.string(), unitPrice: z.number().int() })),
      shownAt: z.string(),
    })
    .nullable(),
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

/** A station's product as the price sign and the pumps see it. */
export interface SignProduct {
  productId: number;
  service: string;
  code: string;
  price: number;
}

/** A price change whose time has come. */
export interface DuePriceChange {
  id: number;
  productId: number;
  price: number;
}

/** A grade's price on the station's price sign (øre per litre). */
export interface SignPrice {
  grade: string;
  unitPrice: number;
}

export interface SignPlan {
  /** Changes the pumps take at once: every product but fuel, and fuel prices that fall. */
  first: number[];
  /** Fuel prices that rise: the pumps take them only once the sign shows them. */
  afterSign: number[];
  /** What the sign is to show, every grade of the station: its price once the due changes hold. */
  sign: SignPrice[];
}

/**
 * The order in which a station takes the price changes that came due, so that its price sign
 * never shows less than a pump charges: a fuel price that falls reaches the pumps first and the
 * sign after, one that rises reaches the sign first and the pumps only after. A product with
 * several due changes takes the last of them (the list is in the order of their times).
 */
export function signPlan(
  products: readonly SignProduct[],
  due: readonly DuePriceChange[],
): SignPlan {
  const last = new Map<number, number>();
  for (const change of due) last.set(change.productId, change.price);
  const plan: SignPlan = { first: [], afterSign: [], sign: [] };
  const byId = new Map(products.map((p) => [p.productId, p]));
  for (const change of due) {
    const product = byId.get(change.productId);
    if (!product) continue;
    const rises = product.service === 'fuel' && (last.get(product.productId) ?? 0) > product.price;
    (rises ? plan.afterSign : plan.first).push(change.id);
  }
  for (const product of products)
    if (product.service === 'fuel')
      plan.sign.push({
        grade: product.code,
        unitPrice: last.get(product.productId) ?? product.price,
      });
  return plan;
}

/** Whether two sign contents are the same, whatever their order. */
export function sameSign(a: readonly SignPrice[], b: readonly SignPrice[]) {
  if (a.length !== b.length) return false;
  const prices = new Map(a.map((p) => [p.grade, p.unitPrice]));
  return b.every((p) => prices.get(p.grade) === p.unitPrice);
}
