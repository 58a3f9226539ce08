import type { Allergen, MenuIngredient } from '@stod/domain';

// The simulated ERP's menu: what a Faroese station kitchen sells, prices in øre. Each station
// serves it with its own gaps (see sim.ts).

interface SimProduct {
  id: string;
  category: string;
  name: string;
  description: string;
  price: number;
  allergens: Allergen[];
  ingredients: MenuIngredient[];
}

const ing = (id: string, name: string, included: boolean, additionalCost = 0): MenuIngredient => ({
  id,
  name,
  included,
  additionalCost,
});

export const SIM_CATEGORIES = [
  { id: 'heitt', name: 'Heitur matur' },
  { id: 'breyd', name: 'Smyrjibreyð og salat' },
  { id: 'drekka', name: 'Drekka' },
  { id: 'kaffi', name: 'Kaffi' },
] as const;

export const SIM_PRODUCTS: SimProduct[] = [
  {
    id: 'pylsa',
    category: 'heitt',
    name: 'Pylsa í breyði',
    description: 'Grillað pylsa í heitum breyði við sinnepi, ketchup og steiktum lóki.',
    price: 35_00,
    allergens: ['gluten', 'mustard', 'eggs'],
    ingredients: [
      ing('pylsa-sinnep', 'Sinnep', true),
      ing('pylsa-ketchup', 'Ketchup', true),
      ing('pylsa-lokur', 'Steiktur lókur', true),
      ing('pylsa-remulade', 'Remulade', false, 3_00),
      ing('pylsa-ostur', 'Ostur', false, 5_00),
    ],
  },
  {
    id: 'burgari',
    category: 'heitt',
    name: 'Burgari',
    description: '150 g nautakjøt, salat, tomatur, lókur og húsdressing.',
    price: 99_00,
    allergens: ['gluten', 'eggs', 'milk', 'mustard', 'sesame'],
    ingredients: [
      ing('burgari-salat', 'Salat', true),
      ing('burgari-tomatur', 'Tomatur', true),
      ing('burgari-lokur', 'Lókur', true),
      ing('burgari-dressing', 'Húsdressing', true),
      ing('burgari-ostur', 'Ostur', false, 5_00),
      ing('burgari-bacon', 'Bacon', false, 12_00),
      ing('burgari-jalapeno', 'Jalapeño', false, 6_00),
    ],
  },
  {
    id: 'kjuklingaburgari',
    category: 'heitt',
    name: 'Kjúklingaburgari',
    description: 'Krispiligur kjúklingur, salat, tomatur og chilimayo.',
    price: 105_00,
    allergens: ['gluten', 'eggs', 'milk', 'sesame'],
    ingredients: [
      ing('kjukl-salat', 'Salat', true),
      ing('kjukl-tomatur', 'Tomatur', true),
      ing('kjukl-mayo', 'Chilimayo', true),
      ing('kjukl-ostur', 'Ostur', false, 5_00),
      ing('kjukl-bacon', 'Bacon', false, 12_00),
    ],
  },
  {
    id: 'franskar',
    category: 'heitt',
    name: 'Franskar',
    description: 'Sprøkar franskar við salti.',
    price: 35_00,
    allergens: [],
    ingredients: [
      ing('franskar-salt', 'Salt', true),
      ing('franskar-remulade', 'Remulade', false, 5_00),
      ing('franskar-ketchup', 'Ketchup', false, 3_00),
    ],
  },
  {
    id: 'smyrjibreyd-laks',
    category: 'breyd',
    name: 'Smyrjibreyð við laksi',
    description: 'Rugbreyð við røktum laksi, eggi og dillu.',
    price: 65_00,
    allergens: ['gluten', 'fish', 'eggs', 'milk'],
    ingredients: [ing('laks-egg', 'Egg', true), ing('laks-dill', 'Dillur', true)],
  },
  {
    id: 'smyrjibreyd-rulupylsa',
    category: 'breyd',
    name: 'Smyrjibreyð við rulupylsu',
    description: 'Rugbreyð við rulupylsu, sky og lóki.',
    price: 55_00,
    allergens: ['gluten', 'mustard', 'celery'],
    ingredients: [ing('rulu-sky', 'Sky', true), ing('rulu-lokur', 'Lókur', true)],
  },
  {
    id: 'salat-kjuklingur',
    category: 'breyd',
    name: 'Salat við kjúklingi',
    description: 'Grønt salat, kjúklingur, tomatur, agurkur og dressing.',
    price: 79_00,
    allergens: ['milk', 'mustard'],
    ingredients: [
      ing('salat-dressing', 'Dressing', true),
      ing('salat-krutong', 'Krutongar', false, 4_00),
    ],
  },
  {
    id: 'cola',
    category: 'drekka',
    name: 'Cola 0,5 l',
    description: '',
    price: 25_00,
    allergens: [],
    ingredients: [],
  },
  {
    id: 'cola-zero',
    category: 'drekka',
    name: 'Cola Zero 0,5 l',
    description: '',
    price: 25_00,
    allergens: [],
    ingredients: [],
  },
  {
    id: 'appelsin',
    category: 'drekka',
    name: 'Appelsin 0,5 l',
    description: '',
    price: 25_00,
    allergens: [],
    ingredients: [],
  },
  {
    id: 'vatn',
    category: 'drekka',
    name: 'Kelduvatn 0,5 l',
    description: '',
    price: 20_00,
    allergens: [],
    ingredients: [],
  },
  {
    id: 'kaffi',
    category: 'kaffi',
    name: 'Kaffi',
    description: 'Nýmalað kaffi.',
    price: 25_00,
    allergens: [],
    ingredients: [ing('kaffi-mjolk', 'Mjólk', false, 0)],
  },
  {
    id: 'cappuccino',
    category: 'kaffi',
    name: 'Cappuccino',
    description: '',
    price: 35_00,
    allergens: ['milk'],
    ingredients: [ing('capp-havre', 'Havramjólk', false, 5_00)],
  },
];

const drinks = ['cola', 'cola-zero', 'appelsin'];

export const SIM_OFFERS = [
  {
    id: 'burgaratilbod',
    name: 'Burgaratilboð',
    description: 'Burgari ella kjúklingaburgari við sodavatni.',
    navisionId: 'NAV-1001',
    items: [
      {
        type: 'matur' as const,
        choices: [
          { productId: 'burgari', offerPrice: 89_00 },
          { productId: 'kjuklingaburgari', offerPrice: 95_00 },
        ],
      },
      {
        type: 'sodavatn' as const,
        choices: drinks.map((productId) => ({ productId, offerPrice: 15_00 })),
      },
    ],
  },
  {
    id: 'pylsutilbod',
    name: 'Pylsutilboð',
    description: 'Pylsa í breyði við sodavatni.',
    navisionId: 'NAV-1002',
    items: [
      { type: 'matur' as const, choices: [{ productId: 'pylsa', offerPrice: 30_00 }] },
      {
        type: 'sodavatn' as const,
        choices: drinks.map((productId) => ({ productId, offerPrice: 15_00 })),
      },
    ],
  },
];
