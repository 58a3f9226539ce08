import { describe, expect, it } from 'vitest';
import { sectionsFor, staffMemberSchema } from './staff.ts';

describe('console sections by role', () => {
  it('gives the operator every section, vouchers first', () => {
    expect(sectionsFor('operator')).toEqual([
      'vouchers',
      'campaigns',
      'stations',
      'alarms',
      'chargers',
      'customers',
      'subscriptions',
      'staff',
      'finance',
      'switches',
      'audit',
    ]);
  });

  it('gives finance the money and nothing else', () => {
    expect(sectionsFor('finance')).toEqual(['finance']);
  });

  it('keeps vouchers from station and kitchen staff, and the alarms from the kitchen', () => {
    expect(sectionsFor('station')).toEqual(['stations', 'alarms']);
    expect(sectionsFor('kitchen')).toEqual(['stations']);
  });

  it('gives support none of the station or operator sections', () => {
    expect(sectionsFor('support')).toEqual(['customers', 'subscriptions']);
    expect(sectionsFor('support')).not.toContain('staff');
    expect(sectionsFor('support')).not.toContain('finance');
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

describe('a staff account to create or change', () => {
  it('asks a station-bound role for a station, and takes none for the others', async () => {
    const { staffCreateSchema, staffPatchSchema } = await import('./staff.ts');
    const base = { email: 'Anna@Example.fo', name: 'Anna' };
    expect(staffCreateSchema.safeParse({ ...base, role: 'station' }).success).toBe(false);
    const made = staffCreateSchema.parse({ ...base, role: 'kitchen', stationIds: [3] });
    expect(made).toMatchObject({ email: 'anna@example.fo', stationIds: [3], locale: 'fo' });
    expect(staffCreateSchema.parse({ ...base, role: 'support' }).stationIds).toEqual([]);
    expect(staffPatchSchema.safeParse({}).success).toBe(false);
    expect(staffPatchSchema.safeParse({ role: 'station', stationIds: [] }).success).toBe(false);
    expect(staffPatchSchema.safeParse({ disabled: true }).success).toBe(true);
  });
});
