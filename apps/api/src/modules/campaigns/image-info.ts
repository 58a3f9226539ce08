import type { CampaignImageType } from '@stod/domain';

export interface ImageInfo {
  type: CampaignImageType;
  width: number;
  height: number;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

const startsWith = (bytes: Buffer, expected: readonly number[], at = 0) =>
  bytes.length >= at + expected.length && expected.every((b, i) => bytes[at + i] === b);
const ascii = (bytes: Buffer, at: number, text: string) =>
  bytes.length >= at + text.length && bytes.toString('latin1', at, at + text.length) === text;

function png(bytes: Buffer): ImageInfo | null {
  // The first chunk is always IHDR: width and height, four bytes each, big-endian.
  if (bytes.length < 24 || !ascii(bytes, 12, 'IHDR')) return null;
  return { type: 'image/png', width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** Start-of-frame markers carry the size; C4 (DHT), C8 (JPG) and CC (DAC) do not. */
const isStartOfFrame = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

function jpeg(bytes: Buffer): ImageInfo | null {
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1] ?? 0;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd9)) {
      at += 2; // markers without a length
      continue;
    }
    if (isStartOfFrame(marker)) {
      if (at + 9 > bytes.length) return null;
      return {
        type: 'image/jpeg',
        height: bytes.readUInt16BE(at + 5),
        width: bytes.readUInt16BE(at + 7),
      };
    }
    // The scan's data follows; a picture without a frame header before it has no size.
    if (marker === 0xda) return null;
    at += 2 + bytes.readUInt16BE(at + 2);
  }
  return null;
}

function webp(bytes: Buffer): ImageInfo | null {
  if (bytes.length < 30) return null;
  const type = 'image/webp' as const;
  if (ascii(bytes, 12, 'VP8 ')) {
    // A lossy key frame: its start code, then 14-bit width and height.
    if (!startsWith(bytes, [0x9d, 0x01, 0x2a], 23)) return null;
    return {
      type,
      width: bytes.readUInt16LE(26) & 0x3fff,
      height: bytes.readUInt16LE(28) & 0x3fff,
    };
  }
  if (ascii(bytes, 12, 'VP8L')) {
    // Lossless: a signature byte, then width − 1 and height − 1 in 14 bits each.
    if (bytes[20] !== 0x2f) return null;
    const bits = bytes.readUInt32LE(21);
    return { type, width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (ascii(bytes, 12, 'VP8X')) {
    // Extended: the canvas's width − 1 and height − 1 in 24 bits each.
    return { type, width: bytes.readUIntLE(24, 3) + 1, height: bytes.readUIntLE(27, 3) + 1 };
  }
  return null;
}

/**
 * What a picture really is, read from its first bytes, and its size in pixels, read from its
 * header; null for anything that is not a PNG, JPEG or WebP, or whose header is cut short. The
 * declared Content-Type is never trusted on its own: the app shows these bytes to every customer.
 */
export function readImageInfo(bytes: Buffer): ImageInfo | null {
  let info: ImageInfo | null = null;
  if (startsWith(bytes, PNG_SIGNATURE)) info = png(bytes);
  else if (startsWith(bytes, [0xff, 0xd8, 0xff])) info = jpeg(bytes);
  else if (ascii(bytes, 0, 'RIFF') && ascii(bytes, 8, 'WEBP')) info = webp(bytes);
  if (!info || info.width <= 0 || info.height <= 0) return null;
  return info;
}
