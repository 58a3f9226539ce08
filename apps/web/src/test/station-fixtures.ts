import type { PaymentMethod, Station, StationTransaction, UserVoucher } from '@stod/domain';

/** A demo station with pumps, bays and their products, as GET /api/stations/{product}/{id}. */
export const testStation: Station = {
  id: 1,
  name: 'Støð Tórshavn Miðbýur',
  address: 'Niels Finsens gøta 20, 100 Tórshavn',
  location: { lat: 62.0107, lng: -6.7741 },
  services: ['fuel', 'carwash', 'food'],
  tokheim_station_id: 'TK1001',
  openingHours: Array.from({ length: 7 }, () => ({ from: '00:00', to: '24:00' })),
  products: [
    {
      id: 11,
      service: 'fuel',
      code: 'NormalUnleaded',
      name: 'Blýfrítt 95',
      price: 1189,
      unit: 'litre',
      durationSeconds: null,
    },
    {
      id: 12,
      service: 'fuel',
      code: 'Diesel',
      name: 'Diesel',
      price: 1049,
      unit: 'litre',
      durationSeconds: null,
    },
    {
      id: 21,
      service: 'carwash',
      code: 'WashBasic',
      name: 'Grundvask',
      price: 9900,
      unit: 'wash',
      durationSeconds: 360,
    },
    {
      id: 23,
      service: 'carwash',
      code: 'WashPremium',
      name: 'Premium vask við voksi',
      price: 19900,
      unit: 'wash',
      durationSeconds: 600,
    },
  ],
  pumps: [1, 2, 3, 4],
  carwashBays: [1, 2],
};

export const testColors = {
  items: [
    { code: 'NormalUnleaded', color: '#15803d' },
    { code: 'Diesel', color: '#1f2937' },
    { code: 'carwash', color: '#1d4ed8' },
  ],
};

const card = (id: string, last4: string, extra: Partial<PaymentMethod> = {}): PaymentMethod => ({
  id,
  kind: 'card',
  brand: 'visa',
  last4,
  expMonth: 12,
  expYear: 2030,
  name: null,
  isFavourite: false,
  isActive: true,
  activeFrom: '2026-01-01T00:00:00.000Z',
  products: ['fuel', 'carwash', 'charging', 'food', 'beverages', 'subscriptions'],
  createdAt: '2026-01-01T00:00:00.000Z',
  ...extra,
});

export const cardIds = {
  plain: '0c8b6a9e-1f6d-4a57-9a55-1b2f3c4d5e60',
  favourite: '5d7e8f90-2a3b-4c5d-8e9f-0a1b2c3d4e5f',
  foodOnly: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
};

/** Two cards that may pay for fuel and washes; the favourite is listed second by the server. */
export const testMethods = {
  items: [
    card(cardIds.plain, '4242'),
    card(cardIds.favourite, '1881', { isFavourite: true, brand: 'mastercard' }),
  ],
  agreement: null,
};

export const noFuelMethods = {
  items: [card(cardIds.foodOnly, '0005', { products: ['food'] })],
  agreement: null,
};

export const washVoucherId = '7f6e5d4c-3b2a-4190-8f7e-6d5c4b3a2910';

export const washVoucher: UserVoucher = {
  id: washVoucherId,
  kind: 'product',
  name: 'Ókeypis bilvask',
  balance: null,
  initialAmount: null,
  product: 'carwash',
  expiresAt: '2099-01-01T00:00:00.000Z',
  usedAt: null,
  redeemedAt: '2026-03-01T12:00:00.000Z',
};

export const TX_ID = '3f1e2d3c-4b5a-4697-8a7b-6c5d4e3f2a1b';

/** A refuelling at pump 3 with Blýfrítt 95, as the API's StationTransaction view has it. */
export function fuelTransaction(extra: Partial<StationTransaction> = {}): StationTransaction {
  return {
    id: TX_ID,
    service: 'fuel',
    state: 'ready',
    label: 'ready',
    stationId: 1,
    stationName: testStation.name,
    point: 3,
    product: { id: 11, code: 'NormalUnleaded', name: 'Blýfrítt 95', price: 1189 },
    paidWith: 'card',
    paymentMethodId: cardIds.favourite,
    litres: null,
    amount: 0,
    held: 75000,
    captured: 0,
    fromBalance: 0,
    released: 0,
    connectionLost: false,
    deadline: null,
    countdownEndsAt: null,
    durationSeconds: null,
    remainingSeconds: null,
    errorKey: null,
    receiptId: null,
    createdAt: '2026-03-05T12:00:00.000Z',
    updatedAt: '2026-03-05T12:00:00.000Z',
    finishedAt: null,
    ...extra,
  };
}

/** A wash in bay 2 with the premium programme. */
export function washTransaction(extra: Partial<StationTransaction> = {}): StationTransaction {
  return fuelTransaction({
    service: 'carwash',
    point: 2,
    product: { id: 23, code: 'WashPremium', name: 'Premium vask við voksi', price: 19900 },
    held: 19900,
    amount: 19900,
    durationSeconds: 600,
    ...extra,
  });
}
