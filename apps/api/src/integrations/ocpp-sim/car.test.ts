import { describe, expect, it } from 'vitest';
import { arrivingCar, carPowerW, chargeFor, powerNoise, type Car } from './car.ts';
import { limiter } from './fleet.ts';

const fixed = (value: number) => () => value;

describe('the simulated cars', () => {
  it('take what their on-board charger allows at an AC charger, steadily', () => {
    expect(arrivingCar(22, fixed(0.1))).toEqual({ kw: 11, batteryWh: null, soc: null });
    expect(arrivingCar(22, fixed(0.9))).toEqual({ kw: 22, batteryWh: null, soc: null });
    expect(arrivingCar(7.4, fixed(0.9)).kw).toBe(7.4);
    const car = arrivingCar(22, fixed(0.9));
    // An hour at 22 kW is 22 kWh, and the power never changes.
    expect(chargeFor(car, 3_600_000, 1)).toBeCloseTo(22_000, 6);
    expect(carPowerW(car)).toBe(22_000);
  });

  it('bring a part-charged battery to a DC charger and taper above 80 %', () => {
    const low = arrivingCar(150, fixed(0));
    expect(low).toEqual({ kw: 150, batteryWh: 60_000, soc: 15 });
    const high = arrivingCar(50, fixed(0.999_999));
    expect(high.batteryWh).toBe(80_000);
    expect(high.soc).toBeCloseTo(50, 3);

    const at = (soc: number): Car => ({ kw: 150, batteryWh: 60_000, soc });
    expect(carPowerW(at(50))).toBe(150_000);
    expect(carPowerW(at(80))).toBe(150_000);
    expect(carPowerW(at(90))).toBeCloseTo(82_500, 6);
    expect(carPowerW(at(99.999))).toBeCloseTo(15_000, -2);
    expect(carPowerW(at(100))).toBe(0);
  });

  it('charge a DC battery to 100 % and no further, the energy matching the state of charge', () => {
    const car: Car = { kw: 150, batteryWh: 60_000, soc: 20 };
    const first = chargeFor(car, 60_000, 1);
    // A minute at full power: 2.5 kWh, which is 4.17 % of 60 kWh.
    expect(first).toBeCloseTo(2_500, 6);
    expect(car.soc).toBeCloseTo(20 + (100 * 2_500) / 60_000, 6);
    let total = first;
    for (let i = 0; i < 240 && (car.soc ?? 0) < 100; i++) total += chargeFor(car, 60_000, 1);
    expect(car.soc).toBe(100);
    expect(total).toBeCloseTo(48_000, -1);
    expect(chargeFor(car, 60_000, 1)).toBe(0);
  });

  it('waver by at most 2 %', () => {
    for (const r of [0, 0.25, 0.5, 0.75, 0.999]) {
      const noise = powerNoise(fixed(r));
      expect(noise).toBeGreaterThanOrEqual(0.98);
      expect(noise).toBeLessThanOrEqual(1.02);
    }
  });
});

describe('the connection limiter', () => {
  it('runs no more than its bound at once, and every task', async () => {
    const limit = limiter(3);
    let running = 0;
    let most = 0;
    const done = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        limit(async () => {
          running += 1;
          most = Math.max(most, running);
          await new Promise((resolve) => setImmediate(resolve));
          running -= 1;
          return i;
        }),
      ),
    );
    expect(done).toEqual(Array.from({ length: 20 }, (_, i) => i));
    expect(most).toBe(3);
  });
});
