import { describe, expect, it } from 'vitest';
import { AttemptKeys, outcomeUnknown } from './attempt-keys.ts';

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

  const counter = () => {
    let n = 0;
    return () => `key-${String((n += 1))}`;
  };

  it('keeps the key of an attempt whose outcome is unknown, so the retry repeats it', () => {
    const keys = new AttemptKeys(counter());
    const first = keys.keyFor('subscribe:1:monthly:pm');
    keys.settle('subscribe:1:monthly:pm', { statusCode: 0 });
    expect(keys.keyFor('subscribe:1:monthly:pm')).toBe(first);
  });

  it('starts a new attempt after a definite answer', () => {
    const keys = new AttemptKeys(counter());
    const first = keys.keyFor('s');
    keys.settle('s', { statusCode: 422 });
    const second = keys.keyFor('s');
    expect(second).not.toBe(first);
    keys.settle('s', null);
    expect(keys.keyFor('s')).not.toBe(second);
  });

  it('gives another card or plan its own attempt', () => {
    const keys = new AttemptKeys(counter());
    expect(keys.keyFor('subscribe:1:monthly:a')).not.toBe(keys.keyFor('subscribe:1:monthly:b'));
  });

  it('treats no answer and server failures (a silent gateway too) as unknown, refusals not', () => {
    expect(outcomeUnknown(0)).toBe(true);
    expect(outcomeUnknown(500)).toBe(true);
    expect(outcomeUnknown(504)).toBe(true);
    expect(outcomeUnknown(503)).toBe(true);
    expect(outcomeUnknown(409)).toBe(false);
    expect(outcomeUnknown(422)).toBe(false);
  });
});
