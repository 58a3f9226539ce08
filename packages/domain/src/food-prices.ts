import { z } from 'zod';
import { idField, strict } from './fields.ts';
import type { FoodItem } from './receipts.ts';
import {
  ALLERGENS,
  offerItemTypes,
  type Menu,
  type MenuProduct,
  type OfferItemType,
} from './food-menu.ts';

// What a food order holds and what it costs (spec §3 "Food cart line product", §4 "Food cart",
// §9 "Food pricing"). The price rules live here once: the app shows them and the API charges
// them, computing every total again from the menu.

/** The most of one line, and the most lines, an order may have. */
export const FOOD_QUANTITY_MAX = 20;
export const FOOD_LINES_MAX = 30;

// ---------------------------------------------------------------------------------------------
// Order lines: the same for the quote and the order, so outside tools can rely on them.

const idList = z.array(z.string().max(64, 'validation.invalid')).max(30, 'validation.invalid');
const quantityField = z
  .number({ error: 'validation.invalid' })
  .int('validation.invalid')
  .min(1, 'validation.invalid')
  .max(FOOD_QUANTITY_MAX, 'validation.invalid');

export const productLineSchema = strict({
  type: z.literal('product'),
  productId: z.string().max(64, 'validation.invalid'),
  quantity: quantityField,
  addedIngredientIds: idList.default([]),
  removedIngredientIds: idList.default([]),
});
export const offerLineSchema = strict({
  type: z.literal('offer'),
  offerId: z.string().max(64, 'validation.invalid'),
  quantity: quantityField,
  items: z
    .array(
      strict({
        productId: z.string().max(64, 'validation.invalid'),
        addedIngredientIds: idList.default([]),
        removedIngredientIds: idList.default([]),
      }),
    )
    .max(5, 'validation.invalid'),
});
export const orderLineSchema = z.discriminatedUnion('type', [productLineSchema, offerLineSchema], {
  error: 'validation.invalid',
});
export type OrderLine = z.input<typeof orderLineSchema>;
export type ParsedOrderLine = z.output<typeof orderLineSchema>;
export const orderLinesSchema = z
  .array(orderLineSchema)
  .min(1, 'validation.required')
  .max(FOOD_LINES_MAX, 'validation.invalid');

export const foodQuoteSchema = strict({
  stationId: idField,
  lines: orderLinesSchema,
});

// ---------------------------------------------------------------------------------------------
// Prices (§9).

/** Whole units of a cart: a quantity below 1 removes the line or the offer (§4). */
export const keepsLine = (quantity: number) => quantity >= 1;

/** The cost of the ingredients added to a product, each counted once per unit. */
export function addedCost(product: Pick<MenuProduct, 'ingredients'>, addedIds: readonly string[]) {
  const added = new Set(addedIds);
  return product.ingredients
    .filter((i) => !i.included && added.has(i.id))
    .reduce((sum, i) => sum + i.additionalCost, 0);
}

/** A product line: quantity × (unit price + the cost of every added ingredient). */
export const productLineTotal = (quantity: number, unitPrice: number, added: number) =>
  quantity * (unitPrice + added);

/** An offer: its items' offer prices (and their added ingredients) summed, then × quantity. */
export const offerLineTotal = (quantity: number, itemPrices: readonly number[]) =>
  quantity * itemPrices.reduce((sum, price) => sum + price, 0);

// A priced line keeps the menu's English beside the Faroese (`nameEn`): the kitchen reads the
// Faroese, and the customer's screens and receipt show their language (`localized`).
export const pricedIngredientSchema = z.object({
  id: z.string(),
  name: z.string(),
  nameEn: z.string().optional(),
  additionalCost: z.number().int(),
});
export type PricedIngredient = z.infer<typeof pricedIngredientSchema>;

export const pricedProductSchema = z.object({
  productId: z.string(),
  name: z.string(),
  nameEn: z.string().optional(),
  /** The product's price alone: its own, or its offer price inside an offer. */
  price: z.number().int(),
  added: z.array(pricedIngredientSchema),
  removed: z.array(pricedIngredientSchema),
  allergens: z.array(z.enum(ALLERGENS)),
});
export type PricedProduct = z.infer<typeof pricedProductSchema>;

export const pricedLineSchema = z.discriminatedUnion('type', [
  pricedProductSchema.extend({
    type: z.literal('product'),
    quantity: z.number().int(),
    unit: z.number().int(),
    total: z.number().int(),
  }),
  z.object({
    type: z.literal('offer'),
    offerId: z.string(),
    name: z.string(),
    nameEn: z.string().optional(),
    navisionId: z.string(),
    quantity: z.number().int(),
    unit: z.number().int(),
    total: z.number().int(),
    /** What the same items cost outside the offer, per unit. */
    normalUnit: z.number().int(),
    items: z.array(pricedProductSchema.extend({ type: z.enum(offerItemTypes) })),
  }),
]);
export type PricedLine = z.infer<typeof pricedLineSchema>;

export const foodQuoteResultSchema = z.object({
  stationId: z.number().int(),
  menuVersion: z.string(),
  lines: z.array(pricedLineSchema),
  total: z.number().int(),
});
export type FoodQuoteResult = z.infer<typeof foodQuoteResultSchema>;

export type PriceProblem =
  | { code: 'UNKNOWN_ITEM'; line: number }
  | { code: 'ITEM_UNAVAILABLE'; line: number; name: string }
  | { code: 'BAD_CHOICE'; line: number };

/** The English of a name, when the menu has one. */
const english = (nameEn: string | undefined) => (nameEn ? { nameEn } : {});

function pricedProduct(
  product: MenuProduct,
  price: number,
  addedIds: readonly string[],
  removedIds: readonly string[],
): PricedProduct | null {
  const byId = new Map(product.ingredients.map((i) => [i.id, i]));
  const added: PricedIngredient[] = [];
  const removed: PricedIngredient[] = [];
  for (const id of new Set(addedIds)) {
    const ingredient = byId.get(id);
    if (!ingredient || ingredient.included) return null;
    added.push({
      id,
      name: ingredient.name,
      ...english(ingredient.nameEn),
      additionalCost: ingredient.additionalCost,
    });
  }
  for (const id of new Set(removedIds)) {
    const ingredient = byId.get(id);
    if (!ingredient?.included) return null;
    removed.push({ id, name: ingredient.name, ...english(ingredient.nameEn), additionalCost: 0 });
  }
  return {
    productId: product.id,
    name: product.name,
    ...english(product.nameEn),
    price,
    added,
    removed,
    allergens: product.allergens,
  };
}

const withAdded = (p: PricedProduct) =>
  p.price + p.added.reduce((sum, i) => sum + i.additionalCost, 0);

/**
 * Prices an order's lines from the menu: every total is computed here, whatever the client
 * thought. An unknown or unavailable item, or a choice the offer does not have, is a problem.
 */
export function priceLines(
  menu: Menu,
  lines: readonly ParsedOrderLine[],
): { lines: PricedLine[]; total: number } | PriceProblem {
  const products = new Map(menu.products.map((p) => [p.id, p]));
  const offers = new Map(menu.offers.map((o) => [o.id, o]));
  const out: PricedLine[] = [];
  for (const [index, line] of lines.entries()) {
    if (line.type === 'product') {
      const product = products.get(line.productId);
      if (!product) return { code: 'UNKNOWN_ITEM', line: index };
      if (!product.available) return { code: 'ITEM_UNAVAILABLE', line: index, name: product.name };
      const priced = pricedProduct(
        product,
        product.price,
        line.addedIngredientIds,
        line.removedIngredientIds,
      );
      if (!priced) return { code: 'BAD_CHOICE', line: index };
      const unit = withAdded(priced);
      out.push({
        type: 'product',
        quantity: line.quantity,
        unit,
        total: line.quantity * unit,
        ...priced,
      });
      continue;
    }
    const offer = offers.get(line.offerId);
    if (!offer) return { code: 'UNKNOWN_ITEM', line: index };
    if (!offer.available) return { code: 'ITEM_UNAVAILABLE', line: index, name: offer.name };
    if (line.items.length !== offer.items.length) return { code: 'BAD_CHOICE', line: index };
    const items: (PricedProduct & { type: OfferItemType })[] = [];
    let normalUnit = 0;
    for (const [k, slot] of offer.items.entries()) {
      const chosen = line.items[k];
      const choice = slot.choices.find((c) => c.productId === chosen?.productId);
      const product = choice ? products.get(choice.productId) : undefined;
      if (!chosen || !choice || !product) return { code: 'BAD_CHOICE', line: index };
      if (!product.available) return { code: 'ITEM_UNAVAILABLE', line: index, name: product.name };
      const priced = pricedProduct(
        product,
        choice.offerPrice,
        chosen.addedIngredientIds,
        chosen.removedIngredientIds,
      );
      if (!priced) return { code: 'BAD_CHOICE', line: index };
      items.push({ ...priced, type: slot.type });
      normalUnit += choice.normalPrice + (withAdded(priced) - priced.price);
    }
    const unit = offerLineTotal(1, items.map(withAdded));
    out.push({
      type: 'offer',
      offerId: offer.id,
      name: offer.name,
      ...english(offer.nameEn),
      navisionId: offer.offerGroup.navisionId,
      quantity: line.quantity,
      unit,
      total: line.quantity * unit,
      normalUnit,
      items,
    });
  }
  return { lines: out, total: out.reduce((sum, l) => sum + l.total, 0) };
}

/** The receipt's food items (§2 "Receipt layout"): offers with nested items, and products. */
export function receiptItemsOf(
  lines: readonly PricedLine[],
  uuid: (n: number) => string,
): FoodItem[] {
  let n = 0;
  const next = () => uuid((n += 1));
  const product = (p: PricedProduct, amount: number, totalAmount: number): FoodItem => ({
    type: 'product',
    uuid: next(),
    amount,
    totalAmount,
    product: {
      name: p.name,
      ...english(p.nameEn),
      price: p.price,
      ingredientDifference: {
        added: p.added.map((i) => ({
          name: i.name,
          ...english(i.nameEn),
          additionalCost: i.additionalCost,
        })),
        removed: p.removed.map((i) => ({ name: i.name, ...english(i.nameEn) })),
      },
    },
  });
  return lines.map((line) =>
    line.type === 'product'
      ? product(line, line.quantity, line.total)
      : {
          type: 'offer',
          uuid: next(),
          amount: line.quantity,
          totalAmount: line.total,
          offer: { name: line.name, ...english(line.nameEn) },
          // Inside an offer, each item is shown once a unit at its offer price; its added
          // ingredients follow with their cost, and the offer's line carries the total.
          items: line.items.map((item) => product(item, 1, item.price)),
        },
  );
}
