import { z } from 'zod';
import { formatCurrency, formatDecimal, formatReceiptDate } from './format.ts';
import { pageQueryShape } from './fields.ts';
import { localized, translate, type Locale } from './messages/index.ts';

export const receiptProductTypes = ['Food', 'Charge', 'Carwash', 'Fuel'] as const;
export type ReceiptProductType = (typeof receiptProductTypes)[number];

// Food lines keep the menu's English beside the Faroese: a receipt in English names them so.
const ingredientSchema = z.object({
  name: z.string(),
  nameEn: z.string().optional(),
  additionalCost: z.number().int().optional(),
});
const foodProductSchema = z.object({
  name: z.string(),
  nameEn: z.string().optional(),
  price: z.number().int(),
  ingredientDifference: z
    .object({ added: z.array(ingredientSchema), removed: z.array(ingredientSchema) })
    .optional(),
});

/** One line of a food receipt: an offer with nested items, or a single product. */
export interface FoodItem {
  type: 'offer' | 'product';
  uuid: string;
  amount: number;
  totalAmount: number;
  offer?: { name: string; nameEn?: string | undefined } | undefined;
  product?: z.infer<typeof foodProductSchema> | undefined;
  items?: FoodItem[] | undefined;
}
// It refers to itself, so the API's OpenAPI document writes it out once under its id.
export const foodItemSchema: z.ZodType<FoodItem> = z
  .lazy(() =>
    z.object({
      type: z.enum(['offer', 'product']),
      uuid: z.string(),
      amount: z.number().int(),
      totalAmount: z.number().int(),
      offer: z.object({ name: z.string(), nameEn: z.string().optional() }).optional(),
      product: foodProductSchema.optional(),
      items: z.array(foodItemSchema).optional(),
    }),
  )
  .meta({ id: 'ReceiptFoodItem' });

export const chargeProductLineSchema = z.object({
  description: z.string(),
  totalPrice: z.number().int(),
  price: z.number().int(),
  /** `fee`: a one-off (a start fee), its quantity 1. */
  priceType: z.enum(['kwh', 'min', 'fee']),
  quantity: z.number(),
});

export const receiptDataSchema = z.object({
  items: z.array(foodItemSchema).optional(),
  products: z.array(chargeProductLineSchema).optional(),
  kwh: z.number().optional(),
  totalTime: z.number().optional(),
  /** A credit receipt's: the receipt of the purchase it gives money back for, if it had one. */
  creditOf: z.string().optional(),
  /** The product's English name, when it has one: an English receipt names it so. */
  descriptionEn: z.string().optional(),
});

export const receiptSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  stationName: z.string().nullable(),
  productType: z.enum(receiptProductTypes),
  productDescription: z.string(),
  /** Integer øre, VAT included. */
  amount: z.number().int(),
  vatAmount: z.number().int(),
  currency: z.string(),
  quantity: z.number().nullable(),
  unitPrice: z.number().int().nullable(),
  data: receiptDataSchema,
});
export type Receipt = z.infer<typeof receiptSchema>;

/**
 * The company behind the app (GET /api/company): the issuer in the receipts' header and footer,
 * and the addresses of its terms, terms of purchase and privacy pages, which the app opens in
 * the in-app browser (spec §2). The built-in pages take `?lang=en`.
 */
export const companySchema = z.object({
  name: z.string(),
  legalName: z.string(),
  address: z.string(),
  phone: z.string(),
  email: z.string(),
  vatNumber: z.string(),
  termsUrl: z.string(),
  purchaseTermsUrl: z.string(),
  privacyUrl: z.string(),
});
export type Company = z.infer<typeof companySchema>;

export const receiptListSchema = z.object({
  items: z.array(receiptSchema),
  total: z.number().int(),
});

export const listQuerySchema = z.object(pageQueryShape);

/** Product codes shown under their Faroese names on receipts. */
const PRODUCT_NAMES = new Map([['NormalUnleaded', 'Blýfrítt 95']]);
export const productDisplayName = (description: string) =>
  PRODUCT_NAMES.get(description) ?? description;

export interface ReceiptLine {
  label: string;
  value: string;
  /** Nesting depth: offers hold items, items hold ingredient changes. */
  depth: number;
}

export interface ReceiptLayout {
  id: string;
  date: string;
  pointOfSale: string;
  lines: ReceiptLine[];
  totals: ReceiptLine[];
}

function foodLines(items: readonly FoodItem[], depth: number, locale: Locale): ReceiptLine[] {
  const out: ReceiptLine[] = [];
  const say = (named: { name: string; nameEn?: string | undefined } | undefined) =>
    named ? localized(named.name, named.nameEn, locale) : '';
  for (const item of items) {
    const name = say(item.type === 'offer' ? item.offer : item.product);
    out.push({
      label: `${String(item.amount)} × ${name}`,
      value: formatCurrency(item.totalAmount),
      depth,
    });
    for (const added of item.product?.ingredientDifference?.added ?? []) {
      out.push({
        label: `+ ${say(added)}`,
        value: added.additionalCost ? formatCurrency(added.additionalCost) : '',
        depth: depth + 1,
      });
    }
    for (const removed of item.product?.ingredientDifference?.removed ?? []) {
      out.push({ label: `- ${say(removed)}`, value: '', depth: depth + 1 });
    }
    if (item.items?.length) out.push(...foodLines(item.items, depth + 1, locale));
  }
  return out;
}

/**
 * A receipt's product in a language: a wash by its English name in English when it has one, fuel
 * by the spec's name ('Blýfrítt 95' for NormalUnleaded) in both.
 */
export function receiptProductName(receipt: Receipt, locale: Locale): string {
  if (receipt.productType === 'Carwash' && locale === 'en' && receipt.data.descriptionEn)
    return receipt.data.descriptionEn;
  return productDisplayName(receipt.productDescription);
}

/**
 * The receipt layout of spec §2, as lines: the PDF and the app's receipt view
 * both draw from this, so they always say the same.
 */
export function receiptLayout(
  receipt: Receipt,
  locale: Locale,
  providerName: string,
): ReceiptLayout {
  const t = (key: Parameters<typeof translate>[0], params?: Record<string, string>) =>
    translate(key, locale, params);
  const lines: ReceiptLine[] = [];
  switch (receipt.productType) {
    case 'Food':
      lines.push(...foodLines(receipt.data.items ?? [], 0, locale));
      break;
    case 'Charge':
      for (const p of receipt.data.products ?? []) {
        const unit = t(p.priceType === 'min' ? 'receipt.minutes' : 'receipt.kwh');
        lines.push({ label: p.description, value: formatCurrency(p.totalPrice), depth: 0 });
        if (p.priceType === 'fee') continue;
        lines.push({
          label: `${formatDecimal(p.quantity, p.priceType === 'min' ? 0 : 2)} ${unit} × ${formatCurrency(p.price)}`,
          value: '',
          depth: 1,
        });
      }
      if (receipt.data.totalTime !== undefined) {
        lines.push({
          label: t('receipt.totalTime'),
          value: `${String(Math.round(receipt.data.totalTime))} ${t('receipt.minutes')}`,
          depth: 0,
        });
      }
      break;
    case 'Carwash':
      lines.push({
        label:
          (locale === 'en' ? receipt.data.descriptionEn : undefined) ??
          t('receipt.carwash', { product: receipt.productDescription }),
        value: formatCurrency(receipt.amount),
        depth: 0,
      });
      break;
    case 'Fuel':
      lines.push({
        label: productDisplayName(receipt.productDescription),
        value: formatCurrency(receipt.amount),
        depth: 0,
      });
      if (receipt.quantity !== null)
        lines.push({
          label: t('receipt.litres'),
          value: `${formatDecimal(receipt.quantity, 3)} L`,
          depth: 1,
        });
      if (receipt.unitPrice !== null)
        lines.push({
          label: t('receipt.perLitre'),
          value: formatCurrency(receipt.unitPrice),
          depth: 1,
        });
      break;
  }
  return {
    id: receipt.id,
    date: formatReceiptDate(receipt.createdAt, locale),
    pointOfSale: receipt.stationName ?? providerName,
    lines,
    totals: [
      { label: t('receipt.total'), value: formatCurrency(receipt.amount), depth: 0 },
      { label: t('receipt.vat'), value: formatCurrency(receipt.vatAmount), depth: 0 },
    ],
  };
}
