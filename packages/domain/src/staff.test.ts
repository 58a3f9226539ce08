import { describe, expect, it } from 'vitest';
import { sectionsFor, staffMemberSchema } from './staff.ts';

describe('console sections by role', () => {
  it('gives the operator every section, vouchers first', () => {
    expect(sectionsFor('operator')).toEqual(['vouchers', 'stations', 'chargers', 'audit']);
  });

  it('keeps vouchers from station and kitchen staff', () => {
    expect(sectionsFor('station')).toEqual(['stations']);
    expect(sectionsFor('kitchen')).toEqual(['stations']);
  });
});

describe('staff member', () => {
  it('takes a station-bound member and an operator', () => {
    const base = { id: 'a', name: 'Anna', email: 'anna@example.fo' };
    expect(
      staffMemberSchema.parse({ ...base, role: 'kitchen', stationIds: [1] }).stationIds,
    ).toEqual([1]);
    expect(staffMemberSchema.parse({ ...base, role: 'operator', stationIds: null }).role).toBe(
      'operator',
    );
  });

  it('refuses a role that is not staff', () => {
    expect(
      staffMemberSchema.safeParse({
        id: 'a',
        name: 'A',
        email: 'a@b.fo',
        role: 'customer',
        stationIds: null,
      }).success,
    ).toBe(false);
  });
});
