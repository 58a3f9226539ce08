import { describe, expect, it } from 'vitest';
import { AttemptKeys } from './attempt-keys.ts';

describe('AttemptKeys', () => {
  it('keeps one key per attempt while its outcome is unknown, and a new one after an answer', () => {
    let n = 0;
    const keys = new AttemptKeys(() => `key-${String(++n)}`);
    const scope = 'fuel:1:3:11:card';
    expect(keys.keyFor(scope)).toBe('key-1');
    keys.settle(scope, { statusCode: 0 });
    expect(keys.keyFor(scope)).toBe('key-1');
    keys.settle(scope, { statusCode: 503 });
    expect(keys.keyFor(scope)).toBe('key-1');
    keys.settle(scope, { statusCode: 422 });
    expect(keys.keyFor(scope)).toBe('key-2');
    keys.settle(scope, null);
    expect(keys.keyFor(scope)).toBe('key-3');
    expect(keys.keyFor('fuel:1:4:11:card')).toBe('key-4');
  });
});
