export const seedProducts = {
  fuel: [
    {
      code: 'NormalUnleaded',
      name: 'Blýfrítt 95',
      nameEn: 'Unleaded 95',
      price: 1189,
      unit: 'litre',
    },
    { code: 'Diesel', name: 'Diesel', nameEn: 'Diesel', price: 1049, unit: 'litre' },
    { code: 'HVO100', name: 'HVO100', nameEn: 'HVO100', price: 1329, unit: 'litre' },
  ],
  carwash: [
    {
      code: 'WashBasic',
      name: 'Grundvask',
      nameEn: 'Basic wash',
      price: 9900,
      unit: 'wash',
      durationSeconds: 360,
    },
    {
      code: 'WashStandard',
      name: 'Vanlig vask',
      nameEn: 'Standard wash',
      price: 14900,
      unit: 'wash',
      durationSeconds: 480,
    },
    {
      code: 'WashPremium',
      name: 'Premium vask við voksi',
      nameEn: 'Premium wash with wax',
      price: 19900,
      unit: 'wash',
      durationSeconds: 600,
    },
  ],
  food: [
    { code: 'HotDog', name: 'Pylsa í breyði', nameEn: 'Hot dog', price: 3500, unit: 'item' },
    { code: 'Burger', name: 'Burgari', nameEn: 'Burger', price: 8900, unit: 'item' },
    { code: 'Sandwich', name: 'Smyrjibreyð', nameEn: 'Sandwich', price: 5900, unit: 'item' },
  ],
} as const;

export const seedProductColors = [
  { code: 'NormalUnleaded', color: '#15803d' },
  { code: 'Diesel', color: '#1f2937' },
  { code: 'HVO100', color: '#0e7490' },
  { code: 'fuel', color: '#15803d' },
  { code: 'carwash', color: '#1d4ed8' },
  { code: 'food', color: '#b45309' },
];

export const seedBeverages = [
  { beverageFamily: 'COFFEE', name: 'Kaffi', nameEn: 'Coffee', price: 2500 },
  {
    beverageFamily: 'COFFEE_SPECIAL',
    name: 'Cappuccino / Latte',
    nameEn: 'Cappuccino / Latte',
    price: 3500,
  },
  { beverageFamily: 'TEA', name: 'Te', nameEn: 'Tea', price: 2000 },
  { beverageFamily: 'HOT_CHOCOLATE', name: 'Heitt kakao', nameEn: 'Hot chocolate', price: 2500 },
  { beverageFamily: 'SODA', name: 'Sodavatn', nameEn: 'Soft drink', price: 2500 },
];
