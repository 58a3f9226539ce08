import { chargerKind } from '@stod/domain';
import { between } from '../forecourt/sim-clock.ts';

/** On-board chargers of the cars at an AC charger: each plug-in picks one. */
const ON_BOARD_KW = [11, 22] as const;
/** The batteries of the cars at a DC charger, and how full they arrive. */
const BATTERY_KWH = [60, 80] as const;
const ARRIVAL_SOC = [15, 50] as const;
/** DC: full power up to this state of charge, then a straight taper … */
const TAPER_FROM_SOC = 80;
/** … down to this share of the full power just before the battery is full. */
const TAPER_TO_SHARE = 0.1;
/** The power a car draws wavers by up to this share either way. */
const NOISE = 0.02;
/** Energy is summed in steps no longer than this, so the taper is followed closely. */
const STEP_MS = 1_000;

/** The car plugged into a connector. */
export interface Car {
  /** The most the car and the charger together deliver, in kW. */
  kw: number;
  /** DC only: the battery, in Wh, and how full it is, in percent. */
  batteryWh: number | null;
  soc: number | null;
  /** The most the charger lets it draw under the backend's charging profile, in W; none: all. */
  limitW?: number | null;
}

/** A car arrives: an AC car brings its on-board charger, a DC car a part-charged battery. */
export function arrivingCar(maxPowerKw: number, random: () => number): Car {
  if (chargerKind(maxPowerKw) === 'AC') {
    const onBoard = random() < 0.5 ? ON_BOARD_KW[0] : ON_BOARD_KW[1];
    return { kw: Math.min(maxPowerKw, onBoard), batteryWh: null, soc: null };
  }
  return {
    kw: maxPowerKw,
    batteryWh: Math.round(between(random, ...BATTERY_KWH) * 1000),
    soc: between(random, ...ARRIVAL_SOC),
  };
}

/** The power the car takes now, in W, before the noise: a DC car tapers above 80 % and stops full. */
export function carPowerW(car: Car): number {
  const full = Math.min(car.kw * 1000, car.limitW ?? Infinity);
  if (car.soc === null) return full;
  if (car.soc >= 100) return 0;
  if (car.soc <= TAPER_FROM_SOC) return full;
  const share = 1 - ((1 - TAPER_TO_SHARE) * (car.soc - TAPER_FROM_SOC)) / (100 - TAPER_FROM_SOC);
  return full * share;
}

/** What the car draws with its noise, never above the charger's limit, in W. */
export const drawW = (car: Car, noise: number) =>
  Math.min(carPowerW(car) * noise, car.limitW ?? Infinity);

/** A factor within ±2 % of 1: the car's draw between two readings. */
export const powerNoise = (random: () => number) => 1 + NOISE * (2 * random() - 1);

export const isFull = (car: Car) => car.soc !== null && car.soc >= 100;

/**
 * Runs the charge for `simMs` simulated milliseconds: the energy delivered, in Wh. A DC car's
 * state of charge rises with it and never passes 100 %.
 */
export function chargeFor(car: Car, simMs: number, noise: number): number {
  let energyWh = 0;
  for (let left = simMs; left > 0; left -= STEP_MS) {
    const stepMs = Math.min(STEP_MS, left);
    const wh = (drawW(car, noise) * stepMs) / 3_600_000;
    energyWh += wh;
    if (car.soc !== null && car.batteryWh !== null)
      car.soc = Math.min(100, car.soc + (100 * wh) / car.batteryWh);
    if (isFull(car)) break;
  }
  return energyWh;
}
