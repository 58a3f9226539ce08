import type { Db } from '../db/client.ts';
import { createReceipt, type NewReceipt } from '../modules/receipts/index.ts';
import { seedProducts } from './stations.ts';

/** A wash's English name, as the demo's programmes have it. */
const washEnglish = new Map<string, string>(seedProducts.carwash.map((p) => [p.name, p.nameEn]));

const DAY = 24 * 60 * 60 * 1000;

/** A demo history: fuel, car washes, charging and food, spread over the last two months. */
export function demoReceipts(userId: string, now = Date.now()): NewReceipt[] {
  const at = (daysAgo: number, hour: number) =>
    new Date(now - daysAgo * DAY - (12 - hour) * 3_600_000);
  const fuel = (daysAgo: number, litres: number, station: string): NewReceipt => ({
    userId,
    stationName: station,
    productType: 'Fuel',
    productDescription: 'NormalUnleaded',
    quantity: litres,
    unitPrice: 1189,
    amount: Math.round(litres * 1189),
    createdAt: at(daysAgo, 8),
  });
  const wash = (daysAgo: number, name: string, amount: number): NewReceipt => ({
    userId,
    stationName: 'Støð Hoyvík',
    productType: 'Carwash',
    productDescription: name,
    amount,
    ...(washEnglish.get(name) ? { data: { descriptionEn: washEnglish.get(name) } } : {}),
    createdAt: at(daysAgo, 15),
  });
  const charge = (daysAgo: number, kwh: number): NewReceipt => ({
    userId,
    stationName: null,
    productType: 'Charge',
    productDescription: 'Lading',
    amount: Math.round(kwh * 350) + 13500,
    data: {
      kwh,
      totalTime: 95,
      products: [
        {
          description: 'Streymur',
          totalPrice: Math.round(kwh * 350),
          price: 350,
          priceType: 'kwh',
          quantity: kwh,
        },
        { description: 'Parkering', totalPrice: 13500, price: 300, priceType: 'min', quantity: 45 },
      ],
    },
    createdAt: at(daysAgo, 19),
  });
  const food = (daysAgo: number): NewReceipt => ({
    userId,
    stationName: 'Støð Tórshavn Miðbýur',
    productType: 'Food',
    productDescription: 'Matur',
    // §9: the drink's offer price joins the food's (with its added cheese) before × 2.
    amount: 2 * (8900 + 500 + 1500) + 3500,
    data: {
      items: [
        {
          type: 'offer',
          uuid: `offer-${String(daysAgo)}`,
          amount: 2,
          totalAmount: 2 * (8900 + 500 + 1500),
          offer: { name: 'Burgaratilboð' },
          items: [
            {
              type: 'product',
              uuid: `burger-${String(daysAgo)}`,
              amount: 1,
              totalAmount: 8900,
              product: {
                name: 'Burgari',
                price: 8900,
                ingredientDifference: {
                  added: [{ name: 'Ostur', additionalCost: 500 }],
                  removed: [{ name: 'Leykur' }],
                },
              },
            },
            {
              type: 'product',
              uuid: `soda-${String(daysAgo)}`,
              amount: 1,
              totalAmount: 1500,
              product: { name: 'Sodavatn', price: 1500 },
            },
          ],
        },
        {
          type: 'product',
          uuid: `hotdog-${String(daysAgo)}`,
          amount: 1,
          totalAmount: 3500,
          product: { name: 'Pylsa í breyði', price: 3500 },
        },
      ],
    },
    createdAt: at(daysAgo, 12),
  });
  return [
    fuel(1, 42.37, 'Støð Tórshavn Miðbýur'),
    food(2),
    wash(3, 'Premium vask við voksi', 19900),
    charge(4, 31.5),
    fuel(8, 38.02, 'Støð Klaksvík'),
    wash(10, 'Vanlig vask', 14900),
    food(12),
    charge(14, 22.75),
    fuel(15, 45.6, 'Støð Hoyvík'),
    fuel(20, 12.4, 'Støð Runavík'),
    wash(22, 'Grundvask', 9900),
    charge(25, 40.1),
    food(27),
    fuel(30, 39.9, 'Støð Tórshavn Miðbýur'),
    fuel(36, 41.05, 'Støð Sørvágur'),
    wash(40, 'Vanlig vask', 14900),
    charge(44, 18.2),
    food(47),
    fuel(50, 44.44, 'Støð Argir'),
    fuel(55, 30.0, 'Støð Vágur'),
    charge(58, 27.3),
    wash(60, 'Premium vask við voksi', 19900),
  ];
}

export async function seedReceipts(db: Db, userId: string) {
  for (const receipt of demoReceipts(userId)) await createReceipt(db, receipt);
}
