import type { Allergen, MenuIngredient } from '@stod/domain';

// The simulated ERP's menu: what a Faroese station kitchen sells, prices in øre. Each station
// serves it with its own gaps (see sim.ts).

interface SimProduct {
  id: string;
  category: string;
  name: string;
  nameEn: string;
  description: string;
  descriptionEn: string;
  price: number;
  allergens: Allergen[];
  ingredients: MenuIngredient[];
}

const ing = (
  id: string,
  [name, nameEn]: readonly [string, string],
  included: boolean,
  additionalCost = 0,
): MenuIngredient => ({ id, name, nameEn, included, additionalCost });

export const SIM_CATEGORIES = [
  { id: 'heitt', name: 'Heitur matur', nameEn: 'Hot food' },
  { id: 'breyd', name: 'Smyrjibreyð og salat', nameEn: 'Open sandwiches and salad' },
  { id: 'drekka', name: 'Drekka', nameEn: 'Drinks' },
  { id: 'kaffi', name: 'Kaffi', nameEn: 'Coffee' },
] as const;

export const SIM_PRODUCTS: SimProduct[] = [
  {
    id: 'pylsa',
    category: 'heitt',
    name: 'Pylsa í breyði',
    nameEn: 'Hot dog',
    description: 'Grillað pylsa í heitum breyði við sinnepi, ketchup og steiktum lóki.',
    descriptionEn: 'A grilled sausage in a warm bun with mustard, ketchup and fried onions.',
    price: 35_00,
    allergens: ['gluten', 'mustard', 'eggs'],
    ingredients: [
      ing('pylsa-sinnep', ['Sinnep', 'Mustard'], true),
      ing('pylsa-ketchup', ['Ketchup', 'Ketchup'], true),
      ing('pylsa-lokur', ['Steiktur lókur', 'Fried onions'], true),
      ing('pylsa-remulade', ['Remulade', 'Remoulade'], false, 3_00),
      ing('pylsa-ostur', ['Ostur', 'Cheese'], false, 5_00),
    ],
  },
  {
    id: 'burgari',
    category: 'heitt',
    name: 'Burgari',
    nameEn: 'Burger',
    description: '150 g nautakjøt, salat, tomatur, lókur og húsdressing.',
    descriptionEn: '150 g beef, lettuce, tomato, onion and house dressing.',
    price: 99_00,
    allergens: ['gluten', 'eggs', 'milk', 'mustard', 'sesame'],
    ingredients: [
      ing('burgari-salat', ['Salat', 'Lettuce'], true),
      ing('burgari-tomatur', ['Tomatur', 'Tomato'], true),
      ing('burgari-lokur', ['Lókur', 'Onion'], true),
      ing('burgari-dressing', ['Húsdressing', 'House dressing'], true),
      ing('burgari-ostur', ['Ostur', 'Cheese'], false, 5_00),
      ing('burgari-bacon', ['Bacon', 'Bacon'], false, 12_00),
      ing('burgari-jalapeno', ['Jalapeño', 'Jalapeño'], false, 6_00),
    ],
  },
  {
    id: 'kjuklingaburgari',
    category: 'heitt',
    name: 'Kjúklingaburgari',
    nameEn: 'Chicken burger',
    description: 'Krispiligur kjúklingur, salat, tomatur og chilimayo.',
    descriptionEn: 'Crispy chicken, lettuce, tomato and chilli mayo.',
    price: 105_00,
    allergens: ['gluten', 'eggs', 'milk', 'sesame'],
    ingredients: [
      ing('kjukl-salat', ['Salat', 'Lettuce'], true),
      ing('kjukl-tomatur', ['Tomatur', 'Tomato'], true),
      ing('kjukl-mayo', ['Chilimayo', 'Chilli mayo'], true),
      ing('kjukl-ostur', ['Ostur', 'Cheese'], false, 5_00),
      ing('kjukl-bacon', ['Bacon', 'Bacon'], false, 12_00),
    ],
  },
  {
    id: 'franskar',
    category: 'heitt',
    name: 'Franskar',
    nameEn: 'Fries',
    description: 'Sprøkar franskar við salti.',
    descriptionEn: 'Crisp fries with salt.',
    price: 35_00,
    allergens: [],
    ingredients: [
      ing('franskar-salt', ['Salt', 'Salt'], true),
      ing('franskar-remulade', ['Remulade', 'Remoulade'], false, 5_00),
      ing('franskar-ketchup', ['Ketchup', 'Ketchup'], false, 3_00),
    ],
  },
  {
    id: 'smyrjibreyd-laks',
    category: 'breyd',
    name: 'Smyrjibreyð við laksi',
    nameEn: 'Open sandwich with salmon',
    description: 'Rugbreyð við røktum laksi, eggi og dillu.',
    descriptionEn: 'Rye bread with smoked salmon, egg and dill.',
    price: 65_00,
    allergens: ['gluten', 'fish', 'eggs', 'milk'],
    ingredients: [
      ing('laks-egg', ['Egg', 'Egg'], true),
      ing('laks-dill', ['Dillur', 'Dill'], true),
    ],
  },
  {
    id: 'smyrjibreyd-rulupylsa',
    category: 'breyd',
    name: 'Smyrjibreyð við rulupylsu',
    nameEn: 'Open sandwich with rolled sausage',
    description: 'Rugbreyð við rulupylsu, sky og lóki.',
    descriptionEn: 'Rye bread with rolled sausage, aspic and onion.',
    price: 55_00,
    allergens: ['gluten', 'mustard', 'celery'],
    ingredients: [
      ing('rulu-sky', ['Sky', 'Aspic'], true),
      ing('rulu-lokur', ['Lókur', 'Onion'], true),
    ],
  },
  {
    id: 'salat-kjuklingur',
    category: 'breyd',
    name: 'Salat við kjúklingi',
    nameEn: 'Chicken salad',
    description: 'Grønt salat, kjúklingur, tomatur, agurkur og dressing.',
    descriptionEn: 'Green salad, chicken, tomato, cucumber and dressing.',
    price: 79_00,
    allergens: ['milk', 'mustard'],
    ingredients: [
      ing('salat-dressing', ['Dressing', 'Dressing'], true),
      ing('salat-krutong', ['Krutongar', 'Croutons'], false, 4_00),
    ],
  },
  {
    id: 'cola',
    category: 'drekka',
    name: 'Cola 0,5 l',
    nameEn: 'Cola 0.5 l',
    description: '',
    descriptionEn: '',
    price: 25_00,
    allergens: [],
    ingredients: [],
  },
  {
    id: 'cola-zero',
    category: 'drekka',
    name: 'Cola Zero 0,5 l',
    nameEn: 'Cola Zero 0.5 l',
    description: '',
    descriptionEn: '',
    price: 25_00,
    allergens: [],
    ingredients: [],
  },
  {
    id: 'appelsin',
    category: 'drekka',
    name: 'Appelsin 0,5 l',
    nameEn: 'Orange soda 0.5 l',
    description: '',
    descriptionEn: '',
    price: 25_00,
    allergens: [],
    ingredients: [],
  },
  {
    id: 'vatn',
    category: 'drekka',
    name: 'Kelduvatn 0,5 l',
    nameEn: 'Spring water 0.5 l',
    description: '',
    descriptionEn: '',
    price: 20_00,
    allergens: [],
    ingredients: [],
  },
  {
    id: 'kaffi',
    category: 'kaffi',
    name: 'Kaffi',
    nameEn: 'Coffee',
    description: 'Nýmalað kaffi.',
    descriptionEn: 'Freshly ground coffee.',
    price: 25_00,
    allergens: [],
    ingredients: [ing('kaffi-mjolk', ['Mjólk', 'Milk'], false, 0)],
  },
  {
    id: 'cappuccino',
    category: 'kaffi',
    name: 'Cappuccino',
    nameEn: 'Cappuccino',
    description: '',
    descriptionEn: '',
    price: 35_00,
    allergens: ['milk'],
    ingredients: [ing('capp-havre', ['Havramjólk', 'Oat milk'], false, 5_00)],
  },
];

const drinks = ['cola', 'cola-zero', 'appelsin'];

export const SIM_OFFERS = [
  {
    id: 'burgaratilbod',
    name: 'Burgaratilboð',
    nameEn: 'Burger deal',
    description: 'Burgari ella kjúklingaburgari við sodavatni.',
    descriptionEn: 'A burger or a chicken burger with a soft drink.',
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
    nameEn: 'Hot dog deal',
    description: 'Pylsa í breyði við sodavatni.',
    descriptionEn: 'A hot dog with a soft drink.',
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
