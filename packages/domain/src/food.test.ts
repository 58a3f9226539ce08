import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pickupRefusal, pickupSlots } from './food.ts';
import { ALLERGENS, ALLERGEN_NAMES, localizeMenu, type Menu } from './food-menu.ts';
import {
  addedCost,
  keepsLine,
  orderLinesSchema,
  priceLines,
  receiptItemsOf,
  type ParsedOrderLine,
} from './food-prices.ts';
import { receiptLayout, type Receipt } from './receipts.ts';
import type { OpeningHours } from './stations.ts';

const menu: Menu = {
  stationId: 1,
  version: 'v1',
  categories: [{ id: 'c', name: 'Matur' }],
  products: [
    {
      id: 'burgari',
      categoryId: 'c',
      name: 'Burgari',
      description: '',
      imageUrl: null,
      price: 99_00,
      allergens: ['gluten', 'milk'],
      ingredients: [
        { id: 'lokur', name: 'Lókur', included: true, additionalCost: 0 },
        { id: 'ostur', name: 'Ostur', included: false, additionalCost: 5_00 },
        { id: 'bacon', name: 'Bacon', included: false, additionalCost: 12_00 },
      ],
      available: true,
    },
    {
      id: 'cola',
      categoryId: 'c',
      name: 'Cola 0,5 l',
      description: '',
      imageUrl: null,
      price: 25_00,
      allergens: [],
      ingredients: [],
      available: true,
    },
    {
      id: 'gone',
      categoryId: 'c',
      name: 'Smyrjibreyð',
      description: '',
      imageUrl: null,
      price: 45_00,
      allergens: ['gluten'],
      ingredients: [],
      available: false,
    },
  ],
  offers: [
    {
      id: 'burgaratilbod',
      name: 'Burgaratilboð',
      description: '',
      imageUrl: null,
      offerGroup: { navisionId: 'NAV-100' },
      items: [
        {
          type: 'matur',
          choices: [{ productId: 'burgari', normalPrice: 99_00, offerPrice: 89_00 }],
        },
        {
          type: 'sodavatn',
          choices: [{ productId: 'cola', normalPrice: 25_00, offerPrice: 15_00 }],
        },
      ],
      available: true,
    },
  ],
};

const offerLine = (quantity: number, added: string[] = []): ParsedOrderLine => ({
  type: 'offer',
  offerId: 'burgaratilbod',
  quantity,
  items: [
    { productId: 'burgari', addedIngredientIds: added, removedIngredientIds: ['lokur'] },
    { productId: 'cola', addedIngredientIds: [], removedIngredientIds: [] },
  ],
});

describe('food prices (§9)', () => {
  it('adds the drink to the food before the quantity: 2 × (89 + 5 + 15) = 218 kr.', () => {
    const priced = priceLines(menu, [offerLine(2, ['ostur'])]);
    if ('code' in priced) throw new Error(priced.code);
    expect(priced.total).toBe(218_00);
    const [line] = priced.lines;
    expect(line).toMatchObject({ type: 'offer', unit: 109_00, normalUnit: 129_00 });
  });

  it('prices a product line as quantity × (price + added ingredients)', () => {
    const priced = priceLines(menu, [
      {
        type: 'product',
        productId: 'burgari',
        quantity: 3,
        addedIngredientIds: ['ostur', 'bacon', 'ostur'],
        removedIngredientIds: [],
      },
    ]);
    if ('code' in priced) throw new Error(priced.code);
    expect(priced.total).toBe(3 * (99_00 + 5_00 + 12_00));
  });

  it('refuses an unknown, an unavailable or a wrongly chosen item', () => {
    const product = (productId: string, extra: Partial<ParsedOrderLine> = {}) =>
      ({
        type: 'product',
        productId,
        quantity: 1,
        addedIngredientIds: [],
        removedIngredientIds: [],
        ...extra,
      }) as ParsedOrderLine;
    expect(priceLines(menu, [product('nope')])).toEqual({ code: 'UNKNOWN_ITEM', line: 0 });
    expect(priceLines(menu, [product('cola'), product('gone')])).toMatchObject({
      code: 'ITEM_UNAVAILABLE',
      line: 1,
    });
    // Adding an included ingredient, or removing one that is not, is no choice on the menu.
    expect(priceLines(menu, [product('burgari', { addedIngredientIds: ['lokur'] })])).toMatchObject(
      { code: 'BAD_CHOICE' },
    );
    expect(
      priceLines(menu, [product('burgari', { removedIngredientIds: ['ostur'] })]),
    ).toMatchObject({ code: 'BAD_CHOICE' });
    const swapped = offerLine(1);
    if (swapped.type === 'offer') swapped.items.reverse();
    expect(priceLines(menu, [swapped])).toMatchObject({ code: 'BAD_CHOICE' });
  });

  it('over random carts: never negative, each ingredient counted once a unit, the sum of lines', () => {
    const ingredientIds = fc.subarray(['ostur', 'bacon']);
    const line = fc.oneof(
      fc.record({
        type: fc.constant('product' as const),
        productId: fc.constantFrom('burgari', 'cola'),
        quantity: fc.integer({ min: 1, max: 20 }),
        addedIngredientIds: ingredientIds,
        removedIngredientIds: fc.constant([] as string[]),
      }),
      fc
        .tuple(fc.integer({ min: 1, max: 20 }), ingredientIds)
        .map(([q, added]) => offerLine(q, added)),
    );
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 10 }), (lines) => {
        const fixed = lines.map((l) =>
          l.type === 'product' && l.productId === 'cola' ? { ...l, addedIngredientIds: [] } : l,
        );
        const priced = priceLines(menu, fixed);
        if ('code' in priced) return false;
        const burger = menu.products[0]!;
        for (const [k, l] of priced.lines.entries()) {
          const asked = fixed[k]!;
          const added =
            asked.type === 'product'
              ? asked.productId === 'burgari'
                ? addedCost(burger, asked.addedIngredientIds)
                : 0
              : addedCost(burger, asked.items[0]!.addedIngredientIds);
          const base = l.type === 'product' ? l.price : 89_00 + 15_00;
          expect(l.total).toBe(asked.quantity * (base + added));
        }
        expect(priced.total).toBe(priced.lines.reduce((s, l) => s + l.total, 0));
        return priced.total >= 0;
      }),
    );
  });

  it('removes a line whose quantity falls below 1 (§4)', () => {
    expect(keepsLine(1)).toBe(true);
    expect(keepsLine(0)).toBe(false);
    expect(keepsLine(-1)).toBe(false);
    expect(orderLinesSchema.safeParse([{ ...offerLine(0) }]).success).toBe(false);
    expect(orderLinesSchema.safeParse([]).success).toBe(false);
  });

  it('writes the receipt with nested offer items and +/− ingredients, in the §9 total', () => {
    const priced = priceLines(menu, [offerLine(2, ['ostur'])]);
    if ('code' in priced) throw new Error(priced.code);
    const items = receiptItemsOf(priced.lines, (n) => `u-${String(n)}`);
    const receipt = {
      id: 'r',
      createdAt: '2026-11-25T12:00:00Z',
      stationName: 'Støð Tórshavn',
      productType: 'Food',
      productDescription: 'Mat',
      amount: priced.total,
      vatAmount: 0,
      currency: 'DKK',
      quantity: 1,
      unitPrice: priced.total,
      data: { items },
    } as unknown as Receipt;
    const text = receiptLayout(receipt, 'fo', 'Støð')
      .lines.map((l) => `${l.label} ${l.value}`)
      .join('\n');
    expect(text).toContain('218,00 kr.');
    expect(text).toContain('Ostur');
    expect(text).toContain('Lókur');
  });
});

describe('when food may be ordered (§5)', () => {
  // Every day 07:00–01:00: open past midnight.
  const late: OpeningHours = Array.from({ length: 7 }, () => ({ from: '07:00', to: '01:00' }));
  const at = (iso: string) => new Date(iso);

  it('takes an order at 00:30 for 00:45, and refuses one for 01:30 as closing before it', () => {
    const now = at('2026-11-25T00:30:00Z');
    expect(pickupRefusal(late, now, at('2026-11-25T00:45:00Z'))).toBeNull();
    expect(pickupRefusal(late, now, 'asap')).toBeNull();
    expect(pickupRefusal(late, now, at('2026-11-25T01:30:00Z'))).toBe('closesBefore');
  });

  it('refuses when closed, a time in the past, and one too far ahead', () => {
    expect(pickupRefusal(late, at('2026-11-25T03:00:00Z'), 'asap')).toBe('closed');
    const now = at('2026-11-25T12:00:00Z');
    expect(pickupRefusal(late, now, at('2026-11-25T11:00:00Z'))).toBe('past');
    expect(pickupRefusal(late, now, at('2026-11-25T12:05:00Z'))).toBe('past');
    expect(pickupRefusal(late, now, at('2026-11-25T12:30:00Z'))).toBeNull();
    // ASAP needs the preparation time before closing.
    expect(pickupRefusal(late, at('2026-11-25T00:55:00Z'), 'asap')).toBe('closesBefore');
    const always: OpeningHours = Array.from({ length: 7 }, () => ({ from: '00:00', to: '24:00' }));
    expect(pickupRefusal(always, now, at('2026-11-26T11:00:00Z'))).toBe('tooFar');
  });

  it('offers pickup times every 15 minutes from the preparation time until closing', () => {
    // 00:20 Faroe time (UTC in winter): from 00:30 (the preparation time) to closing at 01:00.
    const slots = pickupSlots(late, at('2026-11-25T00:20:00Z'));
    expect(slots.map((d) => d.toISOString().slice(11, 16))).toEqual(['00:30', '00:45', '01:00']);
    expect(pickupSlots(late, at('2026-11-25T03:00:00Z'))).toEqual([]);
    const always: OpeningHours = Array.from({ length: 7 }, () => ({ from: '00:00', to: '24:00' }));
    const allDay = pickupSlots(always, at('2026-11-25T12:07:00Z'));
    expect(allDay[0]?.toISOString()).toBe('2026-11-25T12:30:00.000Z');
    expect(allDay).toHaveLength(47);
    for (const slot of allDay)
      expect(pickupRefusal(always, at('2026-11-25T12:07:00Z'), slot)).toBeNull();
  });

  it('follows a station’s own preparation time', () => {
    const always: OpeningHours = Array.from({ length: 7 }, () => ({ from: '00:00', to: '24:00' }));
    const now = at('2026-11-25T12:07:00Z');
    expect(pickupSlots(always, now, 15, 30)[0]?.toISOString()).toBe('2026-11-25T12:45:00.000Z');
    expect(pickupRefusal(always, now, at('2026-11-25T12:30:00Z'), 30)).toBe('past');
    expect(pickupRefusal(always, now, at('2026-11-25T12:30:00Z'))).toBeNull();
    // Half an hour before closing, a kitchen that needs 40 minutes takes no order.
    expect(pickupRefusal(late, at('2026-11-25T00:30:00Z'), 'asap', 40)).toBe('closesBefore');
  });
});

describe('allergen names', () => {
  it('names all 14 in both languages', () => {
    for (const locale of ['fo', 'en'] as const)
      for (const a of ALLERGENS) expect(ALLERGEN_NAMES[locale][a]).toMatch(/\S/);
  });
});

describe('localizeMenu', () => {
  const menu: Menu = {
    stationId: 1,
    version: 'v1',
    categories: [
      { id: 'heitt', name: 'Heitur matur', nameEn: 'Hot food' },
      { id: 'nytt', name: 'Nýtt' },
    ],
    products: [
      {
        id: 'pylsa',
        categoryId: 'heitt',
        name: 'Pylsa í breyði',
        nameEn: 'Hot dog',
        description: 'Grillað pylsa.',
        imageUrl: null,
        price: 3500,
        allergens: [],
        ingredients: [
          { id: 'sinnep', name: 'Sinnep', nameEn: 'Mustard', included: true, additionalCost: 0 },
          { id: 'x', name: 'Ræst', included: false, additionalCost: 0 },
        ],
        available: true,
      },
    ],
    offers: [],
  };

  it('answers in English where the content has it, and the Faroese where it has none', () => {
    const en = localizeMenu(menu, 'en');
    expect(en.categories).toEqual([
      { id: 'heitt', name: 'Hot food' },
      { id: 'nytt', name: 'Nýtt' },
    ]);
    expect(en.products[0]).toMatchObject({ name: 'Hot dog', description: 'Grillað pylsa.' });
    expect(en.products[0]?.ingredients.map((i) => i.name)).toEqual(['Mustard', 'Ræst']);
    expect(JSON.stringify(en)).not.toContain('nameEn');
  });

  it('answers the Faroese in Faroese, with the English left out', () => {
    const fo = localizeMenu(menu, 'fo');
    expect(fo.categories[0]).toEqual({ id: 'heitt', name: 'Heitur matur' });
    expect(fo.products[0]?.name).toBe('Pylsa í breyði');
    expect(JSON.stringify(fo)).not.toContain('Hot dog');
    expect(fo.version).toBe(menu.version);
  });
});
