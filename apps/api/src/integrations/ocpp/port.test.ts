import { describe, expect, it } from 'vitest';
import { exactWh, readMeterValues, stamp } from './port.ts';
import { lenient16Validator } from './validators.ts';

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

describe('readMeterValues, as other makes send them', () => {
  it('keeps decimal Wh and kWh exactly, to the milli-Wh', () => {
    const read = (value: string | number, unit?: string) =>
      readMeterValues([{ timestamp: at(0), sampledValue: [{ value, ...(unit ? { unit } : {}) }] }])
        .energyWh;
    expect(read('19.25')).toBe(19.25);
    expect(read('19.2504')).toBe(19.25);
    expect(read('0.0195', 'kWh')).toBe(19.5);
    expect(read(123_456.789, 'Wh')).toBe(123_456.789);
    expect(read('1.5e3')).toBe(1500);
  });

  it("applies 2.0.1's multiplier and passes over units, readings and places it cannot bill", () => {
    const read = readMeterValues([
      {
        timestamp: at(0),
        sampledValue: [
          { value: 12.5, unitOfMeasure: { unit: 'Wh', multiplier: 3 } },
          {
            value: 11,
            measurand: 'Power.Active.Import',
            unitOfMeasure: { unit: 'W', multiplier: 3 },
          },
          { value: 230.1, measurand: 'Voltage', unitOfMeasure: { unit: 'V' } },
          { value: 16, measurand: 'Current.Import', unitOfMeasure: { unit: 'A' } },
          { value: 41.5, measurand: 'Temperature', unitOfMeasure: { unit: 'Celsius' } },
          { value: 77, measurand: 'SoC', location: 'EV', unitOfMeasure: { unit: 'Percent' } },
        ],
      },
    ]);
    expect(read).toMatchObject({ energyWh: 12_500, powerW: 11_000, soc: 77 });
    const odd = readMeterValues([
      {
        timestamp: at(0),
        sampledValue: [
          { value: '500', unit: 'varh' },
          { value: '600', location: 'EV' },
          { value: '700', location: 'Cable' },
          { value: 'AbCd==', format: 'SignedData' },
          { value: '-5' },
          { value: '' },
          { value: '250', measurand: 'SoC' },
        ],
      },
    ]);
    expect(odd).toMatchObject({ energyWh: null, soc: null });
  });

  it('reads the outlet before the inlet, whatever their order', () => {
    const read = readMeterValues([
      {
        timestamp: at(0),
        sampledValue: [
          { value: '1010', location: 'Inlet' },
          { value: '1000', location: 'Outlet' },
        ],
      },
    ]);
    expect(read.energyWh).toBe(1000);
  });
});

describe('exactWh', () => {
  it('answers Wh to the milli-Wh, or null for what is no register', () => {
    expect(exactWh(19.2549)).toBe(19.255);
    expect(exactWh('7')).toBe(7);
    for (const bad of [null, undefined, '', 'x', -1, Number.NaN, Infinity, 1e15])
      expect(exactWh(bad)).toBeNull();
  });
});

describe('the 1.6 schemas as chargers send them', () => {
  it('take decimal meterStart and meterStop and a time without its zone, and nothing looser', () => {
    const ok = (id: string, params: object) => {
      try {
        return lenient16Validator.validate(id, params);
      } catch {
        return false;
      }
    };
    const start = {
      connectorId: 1,
      idTag: 'TAG',
      meterStart: 1000.5,
      timestamp: '2026-11-25T12:00:00',
    };
    expect(ok('urn:StartTransaction.req', start)).toBe(true);
    expect(
      ok('urn:StopTransaction.req', { transactionId: 1, meterStop: 19.25, timestamp: at(0) }),
    ).toBe(true);
    expect(ok('urn:StartTransaction.req', { ...start, meterStart: '1000' })).toBe(false);
    expect(ok('urn:StartTransaction.req', { ...start, connectorId: 1.5 })).toBe(false);
    expect(ok('urn:StartTransaction.req', { ...start, idTag: 'x'.repeat(21) })).toBe(false);
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
