import { labelOf, type KitchenOrder, type StationTransaction } from '@stod/domain';
import type { StationLiveInput } from '../lib/station-live.ts';

/** A transaction as the API's view carries it; a refuelling unless told otherwise. */
export function transaction(overrides: Partial<StationTransaction> = {}): StationTransaction {
  const state = overrides.state ?? 'fuelling';
  const service = overrides.service ?? 'fuel';
  return {
    id: '0b7c6a4e-2f1d-4c3b-9a8e-1f2d3c4b5a60',
    service,
    state,
    label: labelOf(state),
    stationId: 1,
    stationName: 'Støð Tórshavn Miðbýur',
    point: 1,
    product:
      service === 'fuel'
        ? { id: 11, code: 'NormalUnleaded', name: 'Blýfrítt 95', price: 1189 }
        : { id: 21, code: 'WashStandard', name: 'Vanlig vask', price: 14900 },
    paidWith: 'card',
    paymentMethodId: '5f1e2d3c-4b5a-4697-8a8b-9c0d1e2f3a4b',
    litres: service === 'fuel' ? 12.345 : null,
    amount: service === 'fuel' ? 14678 : 14900,
    held: service === 'fuel' ? 75000 : 14900,
    captured: service === 'fuel' ? 0 : 14900,
    fromBalance: 0,
    released: 0,
    connectionLost: false,
    deadline: null,
    countdownEndsAt: null,
    durationSeconds: service === 'fuel' ? null : 600,
    remainingSeconds: null,
    errorKey: null,
    receiptId: null,
    // 14:07 in the Faroes (UTC+1 in summer).
    createdAt: '2026-06-05T13:07:00.000Z',
    updatedAt: '2026-06-05T13:08:00.000Z',
    finishedAt: null,
    ...overrides,
  };
}

/** Station 1 with two pumps and two bays, every one idle, both controllers answering. */
export function live(overrides: Partial<StationLiveInput> = {}): StationLiveInput {
  return {
    station: { id: 1, name: 'Støð Tórshavn Miðbýur' },
    pumps: [
      { number: 1, state: 'idle', transaction: null },
      { number: 2, state: 'idle', transaction: null },
    ],
    bays: [
      { number: 1, state: 'free', remainingSeconds: null, transaction: null },
      { number: 2, state: 'free', remainingSeconds: null, transaction: null },
    ],
    reachable: { forecourt: true, carwash: true },
    ...overrides,
  };
}

/** An order of station 1 as the kitchen sees it: fries to take out, as soon as possible. */
export function kitchenOrder(overrides: Partial<KitchenOrder> = {}): KitchenOrder {
  return {
    id: '3f2a1b0c-9d8e-4f7a-8b6c-5d4e3f2a1b0c',
    number: 41,
    stationId: 1,
    stationName: 'Støð Tórshavn Miðbýur',
    state: 'placed',
    mode: 'take-out',
    pickupAt: '2026-06-05T13:20:00.000Z',
    asap: true,
    lines: [
      {
        type: 'product',
        productId: 'franskar',
        name: 'Franskar',
        price: 3500,
        added: [{ id: 'franskar-remulade', name: 'Remulade', additionalCost: 500 }],
        removed: [{ id: 'franskar-salt', name: 'Salt', additionalCost: 0 }],
        allergens: [],
        quantity: 2,
        unit: 4000,
        total: 8000,
      },
    ],
    total: 8000,
    held: 8000,
    captured: 0,
    released: 0,
    readyBy: null,
    rejectReason: null,
    errorKey: null,
    receiptId: null,
    createdAt: '2026-06-05T13:10:00.000Z',
    acceptedAt: null,
    readyAt: null,
    collectedAt: null,
    finishedAt: null,
    customer: 'Rógvi',
    // Placed at 13:10: expires unanswered five minutes after.
    expiresAt: '2026-06-05T13:15:00.000Z',
    autoAccept: false,
    ...overrides,
  };
}

/** A meal deal: a burger with cheese added and onion taken off, and a soft drink. */
export const burgerOffer: KitchenOrder['lines'][number] = {
  type: 'offer',
  offerId: 'burgaratilbod',
  name: 'Burgaratilboð',
  navisionId: 'NAV-100',
  quantity: 1,
  unit: 10900,
  total: 10900,
  normalUnit: 12400,
  items: [
    {
      type: 'matur',
      productId: 'burgari',
      name: 'Burgari',
      price: 8900,
      added: [{ id: 'burgari-ostur', name: 'Ostur', additionalCost: 500 }],
      removed: [{ id: 'burgari-laukur', name: 'Laukur', additionalCost: 0 }],
      allergens: ['milk', 'gluten', 'sesame'],
    },
    {
      type: 'sodavatn',
      productId: 'cola',
      name: 'Coca-Cola 0,5 l',
      price: 1500,
      added: [],
      removed: [],
      allergens: [],
    },
  ],
};
