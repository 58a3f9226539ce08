import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  chargeLabelOf,
  chargeLines,
  chargePrice,
  chargerKind,
  chargeStates,
  isFinalChargeState,
  isFreeStatus,
  isUnavailableStatus,
  ownerCredit,
} from './charging.ts';
import { OWNER_CREDIT_ORE_PER_KWH } from './money.ts';
import { idempotencyKeyHeader, optionalIdempotencyKeyHeader } from './fields.ts';

describe('chargeLines', () => {
  const fees = {
    type: 'kWh',
    price: 350,
    startFee: 500,
    idleFee: 100,
    idleGraceMinutes: 5,
  } as const;

  it('bills the start fee once energy flowed, the energy, and the idle minutes past the grace', () => {
    expect(chargeLines(fees, { energyWh: 3000, seconds: 1200, idleSeconds: 15 * 60 })).toEqual([
      { kind: 'start', quantity: 1, price: 500, total: 500 },
      { kind: 'energy', quantity: 3, price: 350, total: 1050 },
      { kind: 'idle', quantity: 10, price: 100, total: 1000 },
    ]);
    // Within the grace, no idle line; with no energy, no start fee.
    expect(chargeLines(fees, { energyWh: 3000, seconds: 600, idleSeconds: 299 })).toEqual([
      { kind: 'start', quantity: 1, price: 500, total: 500 },
      { kind: 'energy', quantity: 3, price: 350, total: 1050 },
    ]);
    expect(chargeLines(fees, { energyWh: 0, seconds: 600 })).toEqual([
      { kind: 'energy', quantity: 0, price: 350, total: 0 },
    ]);
  });

  it('gives way to the hold: the idle fee first, then the energy', () => {
    expect(chargeLines(fees, { energyWh: 3000, seconds: 0, idleSeconds: 3600 }, 2000)).toEqual([
      { kind: 'start', quantity: 1, price: 500, total: 500 },
      { kind: 'energy', quantity: 3, price: 350, total: 1050 },
      { kind: 'idle', quantity: 55, price: 100, total: 450 },
    ]);
    expect(chargeLines(fees, { energyWh: 3000, seconds: 0, idleSeconds: 3600 }, 800)).toEqual([
      { kind: 'start', quantity: 1, price: 500, total: 500 },
      { kind: 'energy', quantity: 3, price: 350, total: 300 },
    ]);
  });

  it('never passes the cap, and its lines add up to the price', () => {
    fc.assert(
      fc.property(
        fc.record({
          price: fc.integer({ min: 0, max: 100_000 }),
          startFee: fc.integer({ min: 0, max: 100_000 }),
          idleFee: fc.integer({ min: 0, max: 10_000 }),
          idleGraceMinutes: fc.integer({ min: 0, max: 1440 }),
        }),
        fc.double({ min: 0, max: 200_000, noNaN: true }),
        fc.double({ min: 0, max: 100_000, noNaN: true }),
        fc.integer({ min: 1, max: 1_000_000 }),
        (tariff, wh, idle, cap) => {
          const lines = chargeLines(
            { type: 'kWh', ...tariff },
            { energyWh: wh, seconds: 0, idleSeconds: idle },
            cap,
          );
          const sum = lines.reduce((total, line) => total + line.total, 0);
          expect(sum).toBeLessThanOrEqual(cap);
          expect(sum).toBe(chargePrice({ type: 'kWh', ...tariff }, wh, 0, cap, idle));
          for (const line of lines) expect(Number.isInteger(line.total)).toBe(true);
        },
      ),
    );
  });
});

describe('chargePrice', () => {
  it('prices by kWh from exact Wh, rounded once to whole øre', () => {
    const kwh = { type: 'kWh', price: 350 } as const;
    expect(chargePrice(kwh, 3000.25, 0)).toBe(1050);
    expect(chargePrice(kwh, 1999.75, 0)).toBe(700);
    expect(chargePrice(kwh, 0.001, 0)).toBe(0);
    expect(chargePrice(kwh, -5, 0)).toBe(0);
  });

  it('prices by the minute from the seconds, and never above the hold', () => {
    const perMinute = { type: 'min', price: 60 } as const;
    expect(chargePrice(perMinute, 99_999, 90)).toBe(90);
    expect(chargePrice(perMinute, 0, 600, 500)).toBe(500);
  });

  it('never goes down as energy grows, and never passes the cap', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000 }),
        fc.double({ min: 0, max: 200_000, noNaN: true }),
        fc.double({ min: 0, max: 10_000, noNaN: true }),
        fc.integer({ min: 1, max: 1_000_000 }),
        (price, wh, more, cap) => {
          const tariff = { type: 'kWh', price } as const;
          const low = chargePrice(tariff, wh, 0, cap);
          const high = chargePrice(tariff, wh + more, 0, cap);
          expect(high).toBeGreaterThanOrEqual(low);
          expect(high).toBeLessThanOrEqual(cap);
          expect(Number.isInteger(high)).toBe(true);
        },
      ),
    );
  });
});

describe('the owner’s credit', () => {
  it('is 0.2 kr. per kWh, rounded to øre, none for nothing', () => {
    expect(OWNER_CREDIT_ORE_PER_KWH).toBe(20);
    expect(ownerCredit(10_000)).toBe(200);
    expect(ownerCredit(1200.5)).toBe(24);
    expect(ownerCredit(-1)).toBe(0);
  });
});

describe('chargers and connectors', () => {
  it('calls a charger above 22 kW DC, and one at or below AC', () => {
    expect(chargerKind(22)).toBe('AC');
    expect(chargerKind(22.1)).toBe('DC');
    expect(chargerKind(150)).toBe('DC');
  });

  it('opens a charge only at a free connector, and sends a faulted one to its screen', () => {
    expect(isFreeStatus('Available')).toBe(true);
    expect(isFreeStatus('Preparing')).toBe(true);
    expect(isFreeStatus('Charging')).toBe(false);
    expect(isFreeStatus('Offline')).toBe(false);
    expect(isUnavailableStatus('Faulted')).toBe(true);
    expect(isUnavailableStatus('Charging')).toBe(false);
  });
});

describe('charge states and their labels', () => {
  it('gives every state one of the spec’s five labels, and ends in the final ones', () => {
    const labels = Object.fromEntries(chargeStates.map((s) => [s, chargeLabelOf(s)]));
    expect(labels).toEqual({
      ready: 'ready',
      starting: 'ready',
      waiting: 'plug',
      charging: 'charging',
      stopping: 'charging',
      settling: 'complete',
      completed: 'complete',
      cancelled: 'cancelled',
      failed: 'cancelled',
    });
    expect(chargeStates.filter(isFinalChargeState)).toEqual(['completed', 'cancelled', 'failed']);
  });
});

describe('the Idempotency-Key header', () => {
  it('is 8–200 characters where a call must name its attempt, and may be left out where not', () => {
    expect(idempotencyKeyHeader.safeParse({ 'idempotency-key': 'attempt-1' }).success).toBe(true);
    expect(idempotencyKeyHeader.safeParse({ 'idempotency-key': 'short' }).success).toBe(false);
    expect(idempotencyKeyHeader.safeParse({}).success).toBe(false);
    expect(optionalIdempotencyKeyHeader.safeParse({}).success).toBe(true);
    expect(
      optionalIdempotencyKeyHeader.safeParse({ 'idempotency-key': 'x'.repeat(201) }).success,
    ).toBe(false);
  });
});
