import { describe, expect, it } from 'vitest';
import { auditChanges } from './audit.ts';

describe('auditChanges', () => {
  it('lists the fields that differ by their paths, lists of plain values whole', () => {
    expect(
      auditChanges(
        { id: 1, name: 'A', services: ['fuel'], hours: [{ from: '07:00' }, null], gone: 1 },
        { id: 1, name: 'B', services: ['fuel', 'food'], hours: [{ from: '08:00' }, null], new: 2 },
      ),
    ).toEqual([
      { field: 'name', before: 'A', after: 'B' },
      { field: 'services', before: ['fuel'], after: ['fuel', 'food'] },
      { field: 'hours.0.from', before: '07:00', after: '08:00' },
      { field: 'gone', before: 1, after: undefined },
      { field: 'new', before: undefined, after: 2 },
    ]);
  });

  it('finds nothing between equal objects, and compares unlike values whole', () => {
    expect(auditChanges({ a: { b: [1, 2] } }, { a: { b: [1, 2] } })).toEqual([]);
    expect(auditChanges(null, { a: 1 })).toEqual([{ field: '', before: null, after: { a: 1 } }]);
    expect(auditChanges({ a: null }, { a: { b: 1 } })).toEqual([
      { field: 'a', before: null, after: { b: 1 } },
    ]);
  });

  it('stops at fifty fields and at a depth of six', () => {
    const many = (v: number) => Object.fromEntries(Array.from({ length: 80 }, (_, i) => [i, v]));
    expect(auditChanges(many(1), many(2))).toHaveLength(50);
    const deep = (v: number) => ({ a: { b: { c: { d: { e: { f: { g: v } } } } } } });
    expect(auditChanges(deep(1), deep(2))).toEqual([
      { field: 'a.b.c.d.e.f', before: { g: 1 }, after: { g: 2 } },
    ]);
  });
});
