import { z } from 'zod';
import { strict } from './fields.ts';
import { localized, type Locale } from './messages/index.ts';

// The menu of a station's restaurant (spec §3 "Food item", "Food offer"): its products with
// their allergens and ingredients, and its offers.

/** The 14 allergens the EU requires a menu to name (Regulation 1169/2011, Annex II). */
export const ALLERGENS = [
  'gluten',
  'crustaceans',
  'eggs',
  'fish',
  'peanuts',
  'soybeans',
  'milk',
  'nuts',
  'celery',
  'mustard',
  'sesame',
  'sulphites',
  'lupin',
  'molluscs',
] as const;
export type Allergen = (typeof ALLERGENS)[number];

/** The allergens' names, as a menu and a kitchen show them. */
export const ALLERGEN_NAMES: Readonly<Record<Locale, Readonly<Record<Allergen, string>>>> = {
  fo: {
    gluten: 'Gluten',
    crustaceans: 'Krabbadýr',
    eggs: 'Egg',
    fish: 'Fiskur',
    peanuts: 'Jarðnøtir',
    soybeans: 'Soja',
    milk: 'Mjólk',
    nuts: 'Nøtir',
    celery: 'Selleri',
    mustard: 'Sinnep',
    sesame: 'Sesam',
    sulphites: 'Sulfitt',
    lupin: 'Lupin',
    molluscs: 'Lindýr',
  },
  en: {
    gluten: 'Gluten',
    crustaceans: 'Crustaceans',
    eggs: 'Eggs',
    fish: 'Fish',
    peanuts: 'Peanuts',
    soybeans: 'Soybeans',
    milk: 'Milk',
    nuts: 'Nuts',
    celery: 'Celery',
    mustard: 'Mustard',
    sesame: 'Sesame',
    sulphites: 'Sulphites',
    lupin: 'Lupin',
    molluscs: 'Molluscs',
  },
};

// The ERP writes its content in Faroese and, where it has it, in English (`nameEn`,
// `descriptionEn`: decision 0017's rule for content). The API answers each customer in their
// language (`localizeMenu`); the kitchen and the receipts keep the Faroese.

export const menuIngredientSchema = z.object({
  id: z.string(),
  name: z.string(),
  nameEn: z.string().optional(),
  /** Part of the product as it comes; it may be removed. One not included may be added. */
  included: z.boolean(),
  /** What adding it costs, in øre; removing an included one costs and saves nothing. */
  additionalCost: z.number().int(),
});
export type MenuIngredient = z.infer<typeof menuIngredientSchema>;

export const menuProductSchema = z.object({
  id: z.string(),
  categoryId: z.string(),
  name: z.string(),
  nameEn: z.string().optional(),
  description: z.string(),
  descriptionEn: z.string().optional(),
  imageUrl: z.string().nullable(),
  price: z.number().int(),
  allergens: z.array(z.enum(ALLERGENS)),
  ingredients: z.array(menuIngredientSchema),
  available: z.boolean(),
  /** Sold out at the station until this time (ISO 8601), then back by itself; null or absent: no set time. */
  backAt: z.string().nullable().optional(),
});
export type MenuProduct = z.infer<typeof menuProductSchema>;

export const menuCategorySchema = z.object({
  id: z.string(),
  name: z.string(),
  nameEn: z.string().optional(),
});
export type MenuCategory = z.infer<typeof menuCategorySchema>;

export const offerItemTypes = ['matur', 'sodavatn'] as const;
export type OfferItemType = (typeof offerItemTypes)[number];

export const offerChoiceSchema = z.object({
  productId: z.string(),
  normalPrice: z.number().int(),
  offerPrice: z.number().int(),
});
export type OfferChoice = z.infer<typeof offerChoiceSchema>;

export const menuOfferSchema = z.object({
  id: z.string(),
  name: z.string(),
  nameEn: z.string().optional(),
  description: z.string(),
  descriptionEn: z.string().optional(),
  imageUrl: z.string().nullable(),
  offerGroup: z.object({ navisionId: z.string() }),
  items: z.array(z.object({ type: z.enum(offerItemTypes), choices: z.array(offerChoiceSchema) })),
  available: z.boolean(),
});
export type MenuOffer = z.infer<typeof menuOfferSchema>;

export const menuSchema = z.object({
  stationId: z.number().int(),
  /** Changes whenever anything on the menu does; an order names the version it was built on. */
  version: z.string(),
  categories: z.array(menuCategorySchema),
  products: z.array(menuProductSchema),
  offers: z.array(menuOfferSchema),
});
export type Menu = z.infer<typeof menuSchema>;

/**
 * The menu in one language, as a customer reads it: each name and description in English where
 * the ERP wrote one (else the Faroese), and the English fields themselves left out.
 */
export function localizeMenu(menu: Menu, locale: Locale): Menu {
  return {
    ...menu,
    categories: menu.categories.map(({ nameEn, ...c }) => ({
      ...c,
      name: localized(c.name, nameEn, locale),
    })),
    products: menu.products.map(({ nameEn, descriptionEn, ...p }) => ({
      ...p,
      name: localized(p.name, nameEn, locale),
      description: localized(p.description, descriptionEn, locale),
      ingredients: p.ingredients.map(({ nameEn: ingredientEn, ...i }) => ({
        ...i,
        name: localized(i.name, ingredientEn, locale),
      })),
    })),
    offers: menu.offers.map(({ nameEn, descriptionEn, ...o }) => ({
      ...o,
      name: localized(o.name, nameEn, locale),
      description: localized(o.description, descriptionEn, locale),
    })),
  };
}

/** A short, stable fingerprint of a text (FNV-1a, 32 bits), for a version that must change. */
function fingerprint(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}

/**
 * The menu as the customer sees it once staff marked some of its products sold out at the
 * station: those products unavailable, an offer unavailable when one of its items has no choice
 * left, and a new version, so an order built on the menu before is told it changed.
 */
export function withSoldOut(menu: Menu, soldOut: ReadonlyMap<string, string | null>): Menu {
  if (soldOut.size === 0) return menu;
  const products = menu.products.map((p) =>
    soldOut.has(p.id) ? { ...p, available: false, backAt: soldOut.get(p.id) ?? null } : p,
  );
  const available = new Map(products.map((p) => [p.id, p.available]));
  const offers = menu.offers.map((o) => ({
    ...o,
    available:
      o.available &&
      !soldOut.has(o.id) &&
      o.items.every((item) => item.choices.some((c) => available.get(c.productId) === true)),
  }));
  const version = `${menu.version}.${fingerprint([...soldOut.keys()].sort().join(','))}`;
  return { ...menu, products, offers, version };
}

/**
 * `PUT /api/admin/stations/{id}/menu/{itemId}/availability`: a product (or offer) sold out at the
 * station, until a set time or until staff say it is back; or back now.
 */
export const menuAvailabilitySchema = strict({
  available: z.boolean({ error: 'validation.invalid' }),
  until: z.iso.datetime({ offset: true, error: 'validation.invalid' }).optional(),
}).refine((v) => !v.available || v.until === undefined, {
  path: ['until'],
  message: 'validation.invalid',
});
export type MenuAvailability = z.infer<typeof menuAvailabilitySchema>;

export const menuAvailabilityStateSchema = z.object({
  itemId: z.string(),
  available: z.boolean(),
  /** When a sold-out item comes back by itself; null: when staff say so. */
  until: z.string().nullable(),
});
