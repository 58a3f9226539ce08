import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { coffeePicture } from './campaign-art.ts';
import { cachedDrawing } from './drawing-cache.ts';

let work: string;
beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'stod-drawings-'));
});
afterAll(() => {
  rmSync(work, { recursive: true, force: true });
});

describe('the demo pictures kept once drawn', () => {
  it('draws a picture once and then gives the same bytes from the cache', () => {
    const cacheRoot = join(work, 'cache');
    const draw = vi.fn(coffeePicture);
    const first = cachedDrawing('coffee', draw, cacheRoot);
    const second = cachedDrawing('coffee', draw, cacheRoot);
    expect(draw).toHaveBeenCalledTimes(1);
    expect(second.equals(first)).toBe(true);
    expect(first.equals(coffeePicture())).toBe(true);
    expect(readdirSync(join(cacheRoot, 'drawings'))).toHaveLength(1);
  });

  it('keeps each picture under its own name', () => {
    const cacheRoot = join(work, 'names');
    cachedDrawing('one', () => Buffer.from('one'), cacheRoot);
    expect(cachedDrawing('two', () => Buffer.from('two'), cacheRoot).toString()).toBe('two');
    expect(cachedDrawing('one', () => Buffer.from('again'), cacheRoot).toString()).toBe('one');
  });

  it('draws every time when there is no cache to keep it in', () => {
    const cacheRoot = join(work, 'a-file');
    writeFileSync(cacheRoot, '');
    const draw = vi.fn(() => Buffer.from('picture'));
    expect(cachedDrawing('x', draw, cacheRoot).toString()).toBe('picture');
    expect(cachedDrawing('x', draw, cacheRoot).toString()).toBe('picture');
    expect(draw).toHaveBeenCalledTimes(2);
  });
});
