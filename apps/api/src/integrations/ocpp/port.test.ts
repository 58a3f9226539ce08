import { describe, expect, it } from 'vitest';
import { readMeterValues, stamp } from './port.ts';

const at = (s: number) => new Date(Date.UTC(2026, 10, 25, 12, 0, s)).toISOString();

describe('readMeterValues', () => {
  it('reads 1.6 text values and 2.0.1 numbers with their units alike', () => {
    const v16 = readMeterValues([
      {
        timestamp: at(0),
        sampledValue: [
          { value: '12.5', measurand: 'Energy.Active.Import.Register', unit: 'kWh' },
          { value: '7400', measurand: 'Power.Active.Import', unit: 'W' },
          { value: '55', measurand: 'SoC' },
        ],
      },
    ]);
    const v201 = readMeterValues([
      {
        timestamp: at(0),
        sampledValue: [
          {
            value: 12.5,
            measurand: 'Energy.Active.Import.Register',
            unitOfMeasure: { unit: 'kWh' },
          },
          { value: 7.4, measurand: 'Power.Active.Import', unitOfMeasure: { unit: 'kW' } },
          { value: 55, measurand: 'SoC' },
        ],
      },
    ]);
    expect(v16).toEqual({ energyWh: 12_500, powerW: 7400, soc: 55, at: new Date(at(0)) });
    expect(v201).toEqual(v16);
  });

  it('adds power per phase unless a total is given, and keeps the register without a phase', () => {
    const phases = readMeterValues([
      {
        timestamp: at(0),
        sampledValue: [
          { value: 3600, measurand: 'Power.Active.Import', phase: 'L1' },
          { value: 3700, measurand: 'Power.Active.Import', phase: 'L2' },
          { value: 999, measurand: 'Energy.Active.Import.Register', phase: 'L1' },
          { value: 5000 },
        ],
      },
    ]);
    expect(phases).toMatchObject({ energyWh: 5000, powerW: 7300 });
    const total = readMeterValues([
      {
        timestamp: at(0),
        sampledValue: [
          { value: 11_000, measurand: 'Power.Active.Import' },
          { value: 3600, measurand: 'Power.Active.Import', phase: 'L1' },
        ],
      },
    ]);
    expect(total.powerW).toBe(11_000);
  });

  it('passes over an older reading and values that are not numbers', () => {
    const read = readMeterValues([
      { timestamp: at(10), sampledValue: [{ value: '2000' }] },
      { timestamp: at(5), sampledValue: [{ value: '1000' }] },
      { timestamp: at(11), sampledValue: [{ value: 'n/a' }] },
    ]);
    expect(read).toEqual({ energyWh: 2000, powerW: null, soc: null, at: new Date(at(11)) });
    expect(readMeterValues(undefined)).toEqual({
      energyWh: null,
      powerW: null,
      soc: null,
      at: null,
    });
  });
});

describe('stamp', () => {
  it('answers the fallback for a missing or unreadable timestamp', () => {
    const fallback = new Date(at(0));
    expect(stamp(at(30), fallback)).toEqual(new Date(at(30)));
    expect(stamp(undefined, fallback)).toBe(fallback);
    expect(stamp('yesterday-ish', fallback)).toBe(fallback);
  });
});
