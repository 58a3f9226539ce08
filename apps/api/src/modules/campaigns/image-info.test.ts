import { describe, expect, it } from 'vitest';
import { jpegOf, pngOf, webpOf } from '../../test/campaigns.ts';
import { readImageInfo } from './image-info.ts';

/** A lossy WebP's first bytes: RIFF, WEBP, a VP8 chunk with a key frame's start code and size. */
function lossyWebp(width: number, height: number): Buffer {
  const bytes = Buffer.alloc(30);
  bytes.write('RIFF', 0, 'latin1');
  bytes.writeUInt32LE(22, 4);
  bytes.write('WEBPVP8 ', 8, 'latin1');
  bytes.writeUInt32LE(10, 16);
  bytes.set([0x9d, 0x01, 0x2a], 23);
  // The two top bits of each are the scale, which is not part of the size.
  bytes.writeUInt16LE(width | 0x4000, 26);
  bytes.writeUInt16LE(height | 0x8000, 28);
  return bytes;
}

function extendedWebp(width: number, height: number): Buffer {
  const bytes = Buffer.alloc(30);
  bytes.write('RIFF', 0, 'latin1');
  bytes.writeUInt32LE(22, 4);
  bytes.write('WEBPVP8X', 8, 'latin1');
  bytes.writeUInt32LE(10, 16);
  bytes.writeUIntLE(width - 1, 24, 3);
  bytes.writeUIntLE(height - 1, 27, 3);
  return bytes;
}

describe('readImageInfo', () => {
  it('reads the type and size of a PNG, a JPEG and the three kinds of WebP', () => {
    expect(readImageInfo(pngOf(640, 360))).toEqual({ type: 'image/png', width: 640, height: 360 });
    expect(readImageInfo(jpegOf(4000, 3000))).toEqual({
      type: 'image/jpeg',
      width: 4000,
      height: 3000,
    });
    expect(readImageInfo(webpOf(16_384, 1))).toEqual({
      type: 'image/webp',
      width: 16_384,
      height: 1,
    });
    expect(readImageInfo(lossyWebp(1920, 1080))).toEqual({
      type: 'image/webp',
      width: 1920,
      height: 1080,
    });
    expect(readImageInfo(extendedWebp(100_000, 3))).toEqual({
      type: 'image/webp',
      width: 100_000,
      height: 3,
    });
  });

  it('finds a progressive JPEG’s frame past fill bytes and other segments', () => {
    const baseline = jpegOf(300, 200);
    const progressive = Buffer.from(baseline);
    progressive[baseline.indexOf(Buffer.from([0xff, 0xc0])) + 1] = 0xc2;
    const padded = Buffer.concat([
      progressive.subarray(0, 2),
      Buffer.from([0xff, 0xff, 0xfe, 0x00, 0x05, 0x61, 0x62, 0x63]),
      progressive.subarray(2),
    ]);
    expect(readImageInfo(padded)).toEqual({ type: 'image/jpeg', width: 300, height: 200 });
  });

  it('answers null for anything else, a cut header or a size of nothing', () => {
    expect(readImageInfo(Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'))).toBeNull();
    expect(readImageInfo(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(readImageInfo(Buffer.alloc(0))).toBeNull();
    expect(readImageInfo(pngOf(2, 2).subarray(0, 20))).toBeNull();
    expect(readImageInfo(jpegOf(300, 200).subarray(0, 26))).toBeNull();
    // A JPEG whose scan starts before any frame header.
    expect(readImageInfo(Buffer.from([0xff, 0xd8, 0xff, 0xda, 0x00, 0x02, 0xff, 0xd9]))).toBeNull();
    expect(readImageInfo(lossyWebp(0, 10))).toBeNull();
    expect(readImageInfo(Buffer.from('RIFF\0\0\0\0WAVEfmt ', 'latin1'))).toBeNull();
  });
});
