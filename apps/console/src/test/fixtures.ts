import { labelOf, type StationTransaction } from '@stod/domain';
import type { StationLive } from '../lib/station-live.ts';

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
export function live(overrides: Partial<StationLive> = {}): StationLive {
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
