import { describe, expect, it } from 'vitest';
import { isoOfLocalInput, localInputOf } from './switches.ts';

describe('the maintenance window fields', () => {
  it('turn an instant into the field and back, to the minute', () => {
    const iso = '2026-12-01T10:15:00.000Z';
    expect(isoOfLocalInput(localInputOf(iso))).toBe(iso);
  });

  it('leave an empty or broken field empty', () => {
    expect(localInputOf(null)).toBe('');
    expect(isoOfLocalInput('')).toBeNull();
    expect(isoOfLocalInput('2026-13-45T99:99')).toBeNull();
  });
});
