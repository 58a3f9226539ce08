import type { FastifyInstance } from 'fastify';
import { encodePng } from '../lib/png.ts';

/** A small real PNG: a two-colour picture of this size. */
export function pngOf(width: number, height: number): Buffer {
  const rgb = new Uint8Array(width * height * 3);
  for (let i = 0; i < width * height; i += 1)
    rgb.set(i % 2 ? [11, 110, 105] : [242, 169, 59], i * 3);
  return encodePng(width, height, rgb);
}

/** The start of a baseline JPEG: its APP0 (JFIF) segment, then the frame header with its size. */
export function jpegOf(width: number, height: number): Buffer {
  const app0 = [0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 1, 1, 0, 0, 1, 0, 1, 0, 0];
  const sof0 = [0xff, 0xc0, 0x00, 0x11, 8, height >> 8, height & 255, width >> 8, width & 255, 3];
  const components = [1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1];
  return Buffer.from([0xff, 0xd8, ...app0, ...sof0, ...components, 0xff, 0xd9]);
}

/** The start of a lossless WebP: RIFF, WEBP, a VP8L chunk with its signature and size bits. */
export function webpOf(width: number, height: number): Buffer {
  const bits = ((width - 1) & 0x3fff) | (((height - 1) & 0x3fff) << 14);
  const chunk = Buffer.alloc(10);
  chunk[0] = 0x2f;
  chunk.writeUInt32LE(bits >>> 0, 1);
  const body = Buffer.concat([Buffer.from('WEBPVP8L', 'latin1'), Buffer.alloc(4), chunk]);
  body.writeUInt32LE(chunk.length, 8);
  const head = Buffer.from('RIFF\0\0\0\0', 'latin1');
  head.writeUInt32LE(body.length, 4);
  return Buffer.concat([head, body]);
}

export const GIF = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');

export function uploadImage(
  app: FastifyInstance,
  headers: Record<string, string>,
  bytes: Buffer | string,
  contentType = 'image/png',
) {
  return app.inject({
    method: 'POST',
    url: '/api/admin/campaigns/images',
    headers: { ...headers, 'content-type': contentType },
    payload: bytes,
  });
}

const hour = 3_600_000;
export const inHours = (n: number) => new Date(Date.now() + n * hour).toISOString();

let count = 0;
/** A campaign order with unique titles, so each test finds its own among the others. */
export function campaignBody(extra: Record<string, unknown> = {}) {
  count += 1;
  return {
    titleFo: `Tilboð ${String(count)}`,
    titleEn: `Offer ${String(count)}`,
    contentFo: `Ein góður handil nummar ${String(count)}.`,
    contentEn: `A good deal number ${String(count)}.`,
    ...extra,
  };
}
