import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fieldErrorsFromIssues } from './errors.ts';
import { formatCurrency } from './format.ts';
import type { Locale } from './messages/index.ts';
import {
  listQuerySchema,
  productDisplayName,
  receiptLayout,
  receiptProductName,
  receiptProductTypes,
  receiptSchema,
  type FoodItem,
  type Receipt,
  type ReceiptLine,
} from './receipts.ts';

const PROVIDER = 'Stóð P/F';
const LOCALES: readonly Locale[] = ['fo', 'en'];

/** A receipt of spec §3; each test overrides what it is about. */
function receipt(overrides: Partial<Receipt> = {}): Receipt {
  return {
    id: 'rcpt-0001',
    // Winter: the Faroe Islands are on UTC.
    createdAt: '2026-03-05T14:07:00.000Z',
    stationName: 'Tórshavn Vestara Bryggja',
    productType: 'Fuel',
    productDescription: 'NormalUnleaded',
    amount: 386_43,
    vatAmount: 77_29,
    currency: 'DKK',
    quantity: 32.5,
    unitPrice: 11_89,
    data: {},
    ...overrides,
  };
}

const line = (label: string, value: string, depth: number): ReceiptLine => ({
  label,
  value,
  depth,
});

describe('receiptLayout: header', () => {
  it.each([
    ['fo', '05. mar. 2026 kl. 14.07'],
    ['en', '05 Mar 2026, 14:07'],
  ] as const)(
    'shows the id and the date (DD. MMM. YYYY kl. HH.MM in Faroese) in %s',
    (locale, date) => {
      const layout = receiptLayout(receipt(), locale, PROVIDER);
      expect(layout.id).toBe('rcpt-0001');
      expect(layout.date).toBe(date);
    },
  );

  it.each([
    // Summer time: UTC+1, and the date moves on past midnight.
    ['2026-05-31T23:30:00.000Z', 'fo', '01. jun. 2026 kl. 00.30'],
    ['2026-05-15T08:05:00.000Z', 'fo', '15. mai. 2026 kl. 09.05'],
    ['2026-05-15T08:05:00.000Z', 'en', '15 May 2026, 09:05'],
    // Winter time: UTC, the last minutes of the year stay in the year.
    ['2026-12-31T23:59:00.000Z', 'fo', '31. des. 2026 kl. 23.59'],
    ['2026-10-20T09:00:00.000Z', 'fo', '20. okt. 2026 kl. 10.00'],
    ['2026-10-20T09:00:00.000Z', 'en', '20 Oct 2026, 10:00'],
    ['2027-01-01T00:00:00.000Z', 'fo', '01. jan. 2027 kl. 00.00'],
  ] as const)('dates %s in Atlantic/Faroe time (%s): %s', (createdAt, locale, date) => {
    expect(receiptLayout(receipt({ createdAt }), locale, PROVIDER).date).toBe(date);
  });

  it('uses the Faroese month names jan…des', () => {
    const months = Array.from({ length: 12 }, (_, m) => {
      const createdAt = new Date(Date.UTC(2026, m, 15, 12)).toISOString();
      return receiptLayout(receipt({ createdAt }), 'fo', PROVIDER).date.split(' ')[1];
    });
    expect(months).toEqual([
      'jan.',
      'feb.',
      'mar.',
      'apr.',
      'mai.',
      'jun.',
      'jul.',
      'aug.',
      'sep.',
      'okt.',
      'nov.',
      'des.',
    ]);
  });

  it.each(LOCALES)('shows the station name as the point of sale (%s)', (locale) => {
    expect(receiptLayout(receipt(), locale, PROVIDER).pointOfSale).toBe('Tórshavn Vestara Bryggja');
  });

  it.each(LOCALES)('falls back to the provider name without a station (%s)', (locale) => {
    expect(receiptLayout(receipt({ stationName: null }), locale, PROVIDER).pointOfSale).toBe(
      PROVIDER,
    );
  });

  it('keeps an empty station name rather than replacing it', () => {
    // Only a missing (null) station falls back; '' is a value the store gave.
    expect(receiptLayout(receipt({ stationName: '' }), 'fo', PROVIDER).pointOfSale).toBe('');
  });
});

describe('receiptLayout: totals', () => {
  it('shows the total and MVG (25%) with the VAT amount in Faroese', () => {
    expect(receiptLayout(receipt(), 'fo', PROVIDER).totals).toEqual([
      line('Tilsamans', '386,43 kr.', 0),
      line('MVG (25%)', '77,29 kr.', 0),
    ]);
  });

  it('shows the total and MVG (25%) with the VAT amount in English', () => {
    expect(receiptLayout(receipt(), 'en', PROVIDER).totals).toEqual([
      line('Total', '386,43 kr.', 0),
      line('MVG (25%)', '77,29 kr.', 0),
    ]);
  });

  it('formats thousands with dots', () => {
    const layout = receiptLayout(receipt({ amount: 1_234_50, vatAmount: 246_90 }), 'fo', PROVIDER);
    expect(layout.totals.map((t) => t.value)).toEqual(['1.234,50 kr.', '246,90 kr.']);
  });
});

describe('receiptLayout: Fuel', () => {
  it('shows NormalUnleaded as Blýfrítt 95 with litres and price per litre (fo)', () => {
    expect(receiptLayout(receipt(), 'fo', PROVIDER).lines).toEqual([
      line('Blýfrítt 95', '386,43 kr.', 0),
      line('Litrar', '32,500 L', 1),
      line('Prís pr. litur', '11,89 kr.', 1),
    ]);
  });

  it('shows the same lines with English labels (en)', () => {
    expect(receiptLayout(receipt(), 'en', PROVIDER).lines).toEqual([
      line('Blýfrítt 95', '386,43 kr.', 0),
      line('Litres', '32,500 L', 1),
      line('Price per litre', '11,89 kr.', 1),
    ]);
  });

  it.each(['Diesel', 'HVO100', 'normalunleaded', 'NormalUnleaded95'])(
    'shows the product code %s as it is',
    (code) => {
      const lines = receiptLayout(receipt({ productDescription: code }), 'fo', PROVIDER).lines;
      expect(lines[0]).toEqual(line(code, '386,43 kr.', 0));
    },
  );

  it('shows the litres to the millilitre the pump measured, so litres × price is the amount', () => {
    // 53,107 l at 11,89 kr. is 631,44 kr.; rounded to 53,11 l it would read as 631,48 kr.
    const lines = receiptLayout(
      receipt({ quantity: 53.107, unitPrice: 1189, amount: 63_144 }),
      'fo',
      PROVIDER,
    ).lines;
    expect(lines[1]).toEqual(line('Litrar', '53,107 L', 1));
    const whole = receiptLayout(receipt({ quantity: 7 }), 'fo', PROVIDER).lines;
    expect(whole[1]).toEqual(line('Litrar', '7,000 L', 1));
  });

  it('leaves out litres and price per litre when they are unknown', () => {
    const lines = receiptLayout(receipt({ quantity: null, unitPrice: null }), 'fo', PROVIDER).lines;
    expect(lines).toEqual([line('Blýfrítt 95', '386,43 kr.', 0)]);
  });
});

describe('receiptLayout: Carwash', () => {
  const wash = receipt({
    productType: 'Carwash',
    productDescription: 'Premium',
    amount: 149_00,
    vatAmount: 29_80,
    quantity: null,
    unitPrice: null,
  });

  it('shows "<description> bilvask" with the amount', () => {
    const layout = receiptLayout(wash, 'fo', PROVIDER);
    expect(layout.lines).toEqual([line('Premium bilvask', '149,00 kr.', 0)]);
    expect(layout.totals[0]?.value).toBe('149,00 kr.');
    expect(layout.totals[1]).toEqual(line('MVG (25%)', '29,80 kr.', 0));
  });

  it('names the wash in English by its English name, and says "car wash" without one', () => {
    const named = { ...wash, data: { descriptionEn: 'Premium wash with wax' } };
    expect(receiptLayout(named, 'en', PROVIDER).lines).toEqual([
      line('Premium wash with wax', '149,00 kr.', 0),
    ]);
    expect(receiptLayout(named, 'fo', PROVIDER).lines[0]?.label).toBe('Premium bilvask');
    expect(receiptLayout(wash, 'en', PROVIDER).lines[0]?.label).toBe('Premium car wash');
    expect(receiptProductName(named, 'en')).toBe('Premium wash with wax');
    expect(receiptProductName(named, 'fo')).toBe('Premium');
  });

  it('does not translate NormalUnleaded on a wash', () => {
    const lines = receiptLayout(
      receipt({ productType: 'Carwash', productDescription: 'NormalUnleaded' }),
      'fo',
      PROVIDER,
    ).lines;
    expect(lines[0]?.label).toBe('NormalUnleaded bilvask');
  });
});

describe('receiptLayout: Charge', () => {
  const charge = receipt({
    productType: 'Charge',
    productDescription: 'Hleðsla',
    stationName: null,
    amount: 110_25,
    vatAmount: 22_05,
    quantity: null,
    unitPrice: null,
    data: {
      kwh: 21.5,
      totalTime: 46.4,
      products: [
        {
          description: 'Streymur',
          totalPrice: 75_25,
          price: 3_50,
          priceType: 'kwh',
          quantity: 21.5,
        },
        {
          description: 'Parkering',
          totalPrice: 35_00,
          price: 1_00,
          priceType: 'min',
          quantity: 35,
        },
      ],
    },
  });

  it('shows a one-off fee as its own line, with no units', () => {
    const withFee = receipt({
      ...charge,
      data: {
        ...charge.data,
        totalTime: undefined,
        products: [
          {
            description: 'Byrjanargjald',
            totalPrice: 5_00,
            price: 5_00,
            priceType: 'fee',
            quantity: 1,
          },
        ],
      },
    });
    expect(receiptLayout(withFee, 'fo', PROVIDER).lines).toEqual([
      line('Byrjanargjald', '5,00 kr.', 0),
    ]);
  });

  it('shows kWh or min. by price type and the total minutes (fo)', () => {
    const layout = receiptLayout(charge, 'fo', PROVIDER);
    expect(layout.pointOfSale).toBe(PROVIDER);
    expect(layout.lines).toEqual([
      line('Streymur', '75,25 kr.', 0),
      line('21,50 kWh × 3,50 kr.', '', 1),
      line('Parkering', '35,00 kr.', 0),
      line('35 min. × 1,00 kr.', '', 1),
      line('Tíð í alt', '46 min.', 0),
    ]);
    expect(layout.totals).toEqual([
      line('Tilsamans', '110,25 kr.', 0),
      line('MVG (25%)', '22,05 kr.', 0),
    ]);
  });

  it('shows the same lines with English labels (en)', () => {
    const layout = receiptLayout(charge, 'en', PROVIDER);
    expect(layout.lines).toEqual([
      line('Streymur', '75,25 kr.', 0),
      line('21,50 kWh × 3,50 kr.', '', 1),
      line('Parkering', '35,00 kr.', 0),
      line('35 min. × 1,00 kr.', '', 1),
      line('Total time', '46 min.', 0),
    ]);
    expect(layout.totals[0]).toEqual(line('Total', '110,25 kr.', 0));
  });

  it('rounds minutes to whole minutes and kWh to two decimals', () => {
    const layout = receiptLayout(
      receipt({
        productType: 'Charge',
        data: {
          totalTime: 59.6,
          products: [
            { description: 'A', totalPrice: 1_00, price: 1, priceType: 'min', quantity: 12.7 },
            { description: 'B', totalPrice: 1_00, price: 1, priceType: 'kwh', quantity: 3.456 },
          ],
        },
      }),
      'fo',
      PROVIDER,
    );
    expect(layout.lines.map((l) => l.label)).toEqual([
      'A',
      '13 min. × 0,01 kr.',
      'B',
      '3,46 kWh × 0,01 kr.',
      'Tíð í alt',
    ]);
    expect(layout.lines.at(-1)?.value).toBe('60 min.');
  });

  it('leaves out the total time when it is unknown, and copes with no products', () => {
    expect(
      receiptLayout(receipt({ productType: 'Charge', data: {} }), 'fo', PROVIDER).lines,
    ).toEqual([]);
  });

  it('shows a total time of zero', () => {
    const lines = receiptLayout(
      receipt({ productType: 'Charge', data: { totalTime: 0 } }),
      'fo',
      PROVIDER,
    ).lines;
    expect(lines).toEqual([line('Tíð í alt', '0 min.', 0)]);
  });
});

describe('receiptLayout: Food', () => {
  const items: FoodItem[] = [
    {
      type: 'offer',
      uuid: 'o1',
      amount: 2,
      totalAmount: 258_00,
      offer: { name: 'Burgaratilboð' },
      items: [
        {
          type: 'product',
          uuid: 'p1',
          amount: 1,
          totalAmount: 99_00,
          product: {
            name: 'Burgari',
            price: 89_00,
            ingredientDifference: {
              added: [{ name: 'Bacon', additionalCost: 10_00 }, { name: 'Ostur' }],
              removed: [{ name: 'Lókur' }, { name: 'Tomatur', additionalCost: 5_00 }],
            },
          },
        },
        {
          type: 'product',
          uuid: 'p2',
          amount: 1,
          totalAmount: 30_00,
          product: { name: 'Coca-Cola', price: 30_00 },
        },
      ],
    },
    {
      type: 'product',
      uuid: 'p3',
      amount: 3,
      totalAmount: 75_00,
      product: { name: 'Franskar', price: 25_00 },
    },
  ];
  const food = receipt({
    productType: 'Food',
    productDescription: 'Matur',
    amount: 333_00,
    vatAmount: 66_60,
    quantity: null,
    unitPrice: null,
    data: { items },
  });

  const expected = [
    line('2 × Burgaratilboð', '258,00 kr.', 0),
    line('1 × Burgari', '99,00 kr.', 1),
    line('+ Bacon', '10,00 kr.', 2),
    line('+ Ostur', '', 2),
    line('- Lókur', '', 2),
    // A removed ingredient never carries a cost, even if the data has one.
    line('- Tomatur', '', 2),
    line('1 × Coca-Cola', '30,00 kr.', 1),
    line('3 × Franskar', '75,00 kr.', 0),
  ];

  it.each(LOCALES)('shows offers with nested items and ingredient changes (%s)', (locale) => {
    expect(receiptLayout(food, locale, PROVIDER).lines).toEqual(expected);
  });

  it('names the food in English in English where the menu had it, the Faroese elsewhere', () => {
    const english: FoodItem[] = [
      {
        type: 'offer',
        uuid: 'o1',
        amount: 1,
        totalAmount: 104_00,
        offer: { name: 'Burgaratilboð', nameEn: 'Burger deal' },
        items: [
          {
            type: 'product',
            uuid: 'p1',
            amount: 1,
            totalAmount: 89_00,
            product: {
              name: 'Burgari',
              nameEn: 'Burger',
              price: 89_00,
              ingredientDifference: {
                added: [{ name: 'Ostur', nameEn: 'Cheese', additionalCost: 5_00 }],
                removed: [{ name: 'Lókur', nameEn: 'Onion' }, { name: 'Ræst' }],
              },
            },
          },
        ],
      },
    ];
    const sale = receipt({
      productType: 'Food',
      productDescription: 'Matur',
      data: { items: english },
    });
    expect(receiptLayout(sale, 'en', PROVIDER).lines).toEqual([
      line('1 × Burger deal', '104,00 kr.', 0),
      line('1 × Burger', '89,00 kr.', 1),
      line('+ Cheese', '5,00 kr.', 2),
      line('- Onion', '', 2),
      line('- Ræst', '', 2),
    ]);
    expect(receiptLayout(sale, 'fo', PROVIDER).lines[0]?.label).toBe('1 × Burgaratilboð');
  });

  it('shows the totals of a food receipt', () => {
    expect(receiptLayout(food, 'fo', PROVIDER).totals).toEqual([
      line('Tilsamans', '333,00 kr.', 0),
      line('MVG (25%)', '66,60 kr.', 0),
    ]);
  });

  it('goes one level deeper for each level of nesting', () => {
    const deep: FoodItem = {
      type: 'offer',
      uuid: 'a',
      amount: 1,
      totalAmount: 1_00,
      offer: { name: 'A' },
      items: [
        {
          type: 'offer',
          uuid: 'b',
          amount: 1,
          totalAmount: 1_00,
          offer: { name: 'B' },
          items: [
            {
              type: 'product',
              uuid: 'c',
              amount: 1,
              totalAmount: 1_00,
              product: {
                name: 'C',
                price: 1_00,
                ingredientDifference: { added: [{ name: 'D', additionalCost: 50 }], removed: [] },
              },
            },
          ],
        },
      ],
    };
    const lines = receiptLayout(
      receipt({ productType: 'Food', data: { items: [deep] } }),
      'fo',
      PROVIDER,
    ).lines;
    expect(lines.map((l) => [l.label, l.depth])).toEqual([
      ['1 × A', 0],
      ['1 × B', 1],
      ['1 × C', 2],
      ['+ D', 3],
    ]);
    expect(lines[3]?.value).toBe('0,50 kr.');
  });

  it('has no lines without items', () => {
    expect(receiptLayout(receipt({ productType: 'Food', data: {} }), 'fo', PROVIDER).lines).toEqual(
      [],
    );
  });

  const foodTree: fc.Memo<FoodItem> = fc.memo((n) =>
    fc.record({
      type: fc.constantFrom('offer' as const, 'product' as const),
      uuid: fc.uuid(),
      amount: fc.integer({ min: 1, max: 9 }),
      totalAmount: fc.integer({ min: 0, max: 10_000_00 }),
      offer: fc.record({ name: fc.string({ minLength: 1, maxLength: 10 }) }),
      product: fc.record({
        name: fc.string({ minLength: 1, maxLength: 10 }),
        price: fc.integer({ min: 0, max: 1_000_00 }),
        ingredientDifference: fc.record({
          added: fc.array(
            fc.record({
              name: fc.string({ maxLength: 8 }),
              additionalCost: fc.option(fc.integer({ min: 1, max: 50_00 }), { nil: undefined }),
            }),
            { maxLength: 3 },
          ),
          removed: fc.array(fc.record({ name: fc.string({ maxLength: 8 }) }), { maxLength: 3 }),
        }),
      }),
      items:
        n <= 1
          ? fc.constant(undefined)
          : fc.option(fc.array(foodTree(n - 1), { maxLength: 3 }), { nil: undefined }),
    }),
  );

  /** The lines a food tree must give, written out independently of the layout. */
  function expectedLines(list: readonly FoodItem[], depth: number): ReceiptLine[] {
    return list.flatMap((item) => [
      line(
        `${item.amount} × ${(item.type === 'offer' ? item.offer?.name : item.product?.name) ?? ''}`,
        formatCurrency(item.totalAmount),
        depth,
      ),
      ...(item.product?.ingredientDifference?.added ?? []).map((a) =>
        line(
          `+ ${a.name}`,
          a.additionalCost === undefined ? '' : formatCurrency(a.additionalCost),
          depth + 1,
        ),
      ),
      ...(item.product?.ingredientDifference?.removed ?? []).map((r) =>
        line(`- ${r.name}`, '', depth + 1),
      ),
      ...expectedLines(item.items ?? [], depth + 1),
    ]);
  }

  it('lays out any food tree: one line per item and ingredient change, in order, by depth', () => {
    fc.assert(
      fc.property(
        fc.array(foodTree(3), { maxLength: 4 }),
        fc.constantFrom(...LOCALES),
        (tree, locale) => {
          const layout = receiptLayout(
            receipt({ productType: 'Food', data: { items: tree } }),
            locale,
            PROVIDER,
          );
          expect(layout.lines).toEqual(expectedLines(tree, 0));
        },
      ),
    );
  });
});

describe('receiptLayout: any receipt', () => {
  it('always has the id, the point of sale and the two totals', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...receiptProductTypes),
        fc.constantFrom(...LOCALES),
        fc.option(fc.string({ minLength: 1, maxLength: 20 }), { nil: null }),
        fc.integer({ min: 0, max: 1_000_000_00 }),
        fc.date({
          min: new Date('2000-01-01T00:00:00Z'),
          max: new Date('2100-01-01T00:00:00Z'),
          noInvalidDate: true,
        }),
        (productType, locale, stationName, amount, createdAt) => {
          const vatAmount = Math.round(amount / 5);
          const layout = receiptLayout(
            receipt({
              productType,
              stationName,
              amount,
              vatAmount,
              createdAt: createdAt.toISOString(),
            }),
            locale,
            PROVIDER,
          );
          expect(layout.id).toBe('rcpt-0001');
          expect(layout.pointOfSale).toBe(stationName ?? PROVIDER);
          expect(layout.date).toMatch(
            locale === 'fo'
              ? /^\d{2}\. [a-z]{3}\. \d{4} kl\. \d{2}\.\d{2}$/
              : /^\d{2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}$/,
          );
          expect(layout.totals).toEqual([
            line(locale === 'fo' ? 'Tilsamans' : 'Total', formatCurrency(amount), 0),
            line('MVG (25%)', formatCurrency(vatAmount), 0),
          ]);
        },
      ),
    );
  });
});

describe('productDisplayName', () => {
  it('shows NormalUnleaded as Blýfrítt 95', () => {
    expect(productDisplayName('NormalUnleaded')).toBe('Blýfrítt 95');
  });

  it.each(['Diesel', 'Blýfrítt 95', '', 'normalUnleaded', 'NORMALUNLEADED'])(
    'returns %j unchanged',
    (code) => {
      expect(productDisplayName(code)).toBe(code);
    },
  );

  it.each(['constructor', 'toString', '__proto__', 'hasOwnProperty'])(
    'returns the code %j unchanged, not an inherited property',
    (code) => {
      expect(productDisplayName(code)).toBe(code);
    },
  );

  it('labels a Fuel receipt whose code is "constructor" with that code', () => {
    const lines = receiptLayout(
      receipt({ productDescription: 'constructor' }),
      'fo',
      PROVIDER,
    ).lines;
    expect(lines[0]?.label).toBe('constructor');
  });
});

describe('receiptSchema', () => {
  const valid = receipt({
    productType: 'Food',
    data: {
      items: [
        {
          type: 'offer',
          uuid: 'o',
          amount: 1,
          totalAmount: 100,
          offer: { name: 'Tilboð' },
          items: [
            {
              type: 'product',
              uuid: 'p',
              amount: 1,
              totalAmount: 100,
              product: { name: 'x', price: 100 },
            },
          ],
        },
      ],
      products: [{ description: 'd', totalPrice: 1, price: 1, priceType: 'kwh', quantity: 1 }],
      kwh: 1,
      totalTime: 2,
    },
  });

  it.each(receiptProductTypes)('accepts a valid %s receipt', (productType) => {
    const parsed = receiptSchema.parse({ ...valid, productType });
    expect(parsed).toEqual({ ...valid, productType });
  });

  it('accepts a receipt without a station, quantity or unit price', () => {
    expect(
      receiptSchema.safeParse({ ...valid, stationName: null, quantity: null, unitPrice: null })
        .success,
    ).toBe(true);
  });

  it.each(['fuel', 'Coffee', '', 'FOOD', null, 1])('refuses the product type %j', (productType) => {
    const result = receiptSchema.safeParse({ ...valid, productType });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join('.'))).toEqual(['productType']);
  });

  it('refuses amounts that are not whole øre', () => {
    const result = receiptSchema.safeParse({ ...valid, amount: 10.5, vatAmount: 2.1 });
    expect(result.error?.issues.map((i) => i.path.join('.')).sort()).toEqual([
      'amount',
      'vatAmount',
    ]);
  });

  it('refuses a bad nested food item and a bad charge price type', () => {
    const result = receiptSchema.safeParse({
      ...valid,
      data: {
        items: [
          {
            ...valid.data.items?.[0],
            items: [{ type: 'bundle', uuid: 'x', amount: 1, totalAmount: 1 }],
          },
        ],
        products: [{ description: 'd', totalPrice: 1, price: 1, priceType: 'hour', quantity: 1 }],
      },
    });
    expect(result.error?.issues.map((i) => i.path.join('.')).sort()).toEqual([
      'data.items.0.items.0.type',
      'data.products.0.priceType',
    ]);
  });
});

describe('listQuerySchema', () => {
  const errors = (input: unknown, locale: Locale = 'fo') => {
    const result = listQuerySchema.safeParse(input);
    return result.success ? {} : fieldErrorsFromIssues(result.error.issues, locale);
  };

  it('defaults to offset 0 and take 20', () => {
    expect(listQuerySchema.parse({})).toEqual({ offset: 0, take: 20 });
  });

  it('reads query strings as numbers', () => {
    expect(listQuerySchema.parse({ offset: '40', take: '100' })).toEqual({ offset: 40, take: 100 });
    expect(listQuerySchema.parse({ offset: 0, take: 1 })).toEqual({ offset: 0, take: 1 });
  });

  it.each([1, 20, 100, '1', '100'])('accepts take %j', (take) => {
    expect(listQuerySchema.parse({ take }).take).toBe(Number(take));
  });

  it.each([0, 101, -1, 1.5, 'abc', '0', '101', '-1', '1.5'])('refuses take %j', (take) => {
    expect(errors({ take })).toEqual({ take: 'Virðið er ikki gildigt.' });
    expect(errors({ take }, 'en')).toEqual({ take: 'The value is not valid.' });
  });

  it.each([-1, 1.5, 'abc', '-5'])('refuses offset %j', (offset) => {
    expect(errors({ offset })).toEqual({ offset: 'Virðið er ikki gildigt.' });
  });

  it('reports both fields at once', () => {
    expect(errors({ offset: 'x', take: 0 }, 'en')).toEqual({
      offset: 'The value is not valid.',
      take: 'The value is not valid.',
    });
  });

  it('accepts exactly the whole takes 1..100', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1000, max: 1000 }), fc.boolean(), (take, asText) => {
        const result = listQuerySchema.safeParse({ take: asText ? String(take) : take });
        expect(result.success).toBe(take >= 1 && take <= 100);
        if (result.success) expect(result.data).toEqual({ offset: 0, take });
      }),
    );
  });
});
