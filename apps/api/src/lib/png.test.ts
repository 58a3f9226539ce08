import { deflateSync, inflateSync } from 'node:zlib';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { encodePng } from './png.ts';

/** A gradient with a stripe: rows that each filter type wins somewhere. */
function picture(width: number, height: number): Uint8Array {
  const rgb = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y += 1)
    for (let x = 0; x < width; x += 1) {
      const at = (y * width + x) * 3;
      rgb[at] = (x * 255) / (width - 1);
      rgb[at + 1] = (y * 255) / (height - 1);
      rgb[at + 2] = x % 7 < 2 ? 240 : 30;
    }
  return rgb;
}

describe('encodePng', () => {
  it('writes 8-bit RGB that decodes to the same pixels', () => {
    const rgb = picture(37, 21);
    const png = encodePng(37, 21, rgb);
    // IHDR: width, height, bit depth 8, colour type 2 (RGB, no alpha), not interlaced.
    expect(png.subarray(12, 16).toString('latin1')).toBe('IHDR');
    expect([png.readUInt32BE(16), png.readUInt32BE(20), png[24], png[25], png[28]]).toEqual([
      37, 21, 8, 2, 0,
    ]);
    const decoded = PNG.sync.read(png);
    const back = new Uint8Array(37 * 21 * 3);
    for (let i = 0; i < 37 * 21; i += 1) back.set(decoded.data.subarray(i * 4, i * 4 + 3), i * 3);
    expect(Buffer.from(back).equals(Buffer.from(rgb))).toBe(true);
  });

  it('filters rows, so a smooth picture packs smaller than its unfiltered rows', () => {
    const [width, height] = [200, 120];
    const rgb = picture(width, height);
    const png = encodePng(width, height, rgb);
    // One IDAT chunk follows the 8-byte signature and the 25-byte IHDR chunk.
    expect(png.subarray(37, 41).toString('latin1')).toBe('IDAT');
    const rows = inflateSync(png.subarray(41, 41 + png.readUInt32BE(33)));
    const filters = new Set(
      Array.from({ length: height }, (_, y) => rows[y * (width * 3 + 1)] ?? -1),
    );
    expect([...filters].some((filter) => filter > 0)).toBe(true);
    const unfiltered = Buffer.alloc(height * (width * 3 + 1));
    for (let y = 0; y < height; y += 1)
      unfiltered.set(rgb.subarray(y * width * 3, (y + 1) * width * 3), y * (width * 3 + 1) + 1);
    expect(png.length).toBeLessThan(deflateSync(unfiltered, { level: 9 }).length);
  });

  it('refuses a pixel buffer of the wrong size', () => {
    expect(() => encodePng(4, 4, new Uint8Array(47))).toThrow(/wrong number of bytes/);
  });
});
