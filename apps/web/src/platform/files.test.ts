import { describe, expect, it } from 'vitest';
import { isShareCancelled } from './files.ts';

describe('isShareCancelled', () => {
  it('tells a closed share sheet from a failure', () => {
    expect(isShareCancelled(new Error('Share canceled'))).toBe(true);
    expect(isShareCancelled(new Error('Share cancelled'))).toBe(true);
    expect(isShareCancelled(new Error('Unable to write file'))).toBe(false);
    expect(isShareCancelled('canceled')).toBe(false);
  });
});
