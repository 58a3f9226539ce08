import { describe, expect, it } from 'vitest';
import { landingPath } from './paths.ts';

describe('where each role starts', () => {
  it('takes kitchen staff to their kitchen display', () => {
    expect(landingPath({ role: 'kitchen', stationIds: [7, 9] })).toBe('/kitchen/7');
  });

  it('takes the manager of one station to it, of several to the list', () => {
    expect(landingPath({ role: 'station', stationIds: [4] })).toBe('/stations/4');
    expect(landingPath({ role: 'station', stationIds: [4, 5] })).toBe('/stations');
  });

  it('takes an operator to the first section, and a role without one nowhere', () => {
    expect(landingPath({ role: 'operator', stationIds: null })).toBe('/vouchers');
    expect(landingPath({ role: 'support', stationIds: null })).toBe('/customers');
    expect(landingPath({ role: 'finance', stationIds: null })).toBe('/finance');
    expect(landingPath({ role: 'kitchen', stationIds: [] })).toBe('/stations');
  });
});
