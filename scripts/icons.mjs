// Draws the app's PNG icons from the brand mark (apps/web/public/favicon.svg): a white drop with
// a bolt on the brand colour. No image library: the mark is three simple shapes, filled here with
// 8×8 supersampling and written as PNG with node:zlib.
//
//   node scripts/icons.mjs [primary colour, default #0b6e69] [output folder]
//
// Writes apps/web/public/icons/ by default; the staff console's icons, on its own darker colour:
//   node scripts/icons.mjs '#0b1620' apps/console/public/icons
// Run it again when the brand colour or the mark changes.
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

const out = process.argv[3]
  ? `${resolve(process.argv[3])}/`
  : fileURLToPath(new URL('../apps/web/public/icons/', import.meta.url));
const primary = hex(process.argv[2] ?? '#0b6e69');
const white = [255, 255, 255];

function hex(value) {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(value);
  if (!m) throw new Error(`not a colour: ${value}`);
  return [1, 2, 3].map((i) => parseInt(m[i], 16));
}

// The mark in the favicon's 64-unit box.
function cubic(p0, p1, p2, p3, steps = 32) {
  const points = [];
  for (let i = 1; i <= steps; i++) {
    const t = i / steps;
    const u = 1 - t;
    points.push([
      u * u * u * p0[0] + 3 * u * u * t * p1[0] + 3 * u * t * t * p2[0] + t * t * t * p3[0],
      u * u * u * p0[1] + 3 * u * u * t * p1[1] + 3 * u * t * t * p2[1] + t * t * t * p3[1],
    ]);
  }
  return points;
}

/** M32 12c-7 10-14 18-14 27a14 14 0 0 0 28 0c0-9-7-17-14-27z */
const drop = [
  [32, 12],
  ...cubic([32, 12], [25, 22], [18, 30], [18, 39]),
  // The round bottom: from (18,39) through (32,53) to (46,39).
  ...Array.from({ length: 48 }, (_, i) => {
    const a = Math.PI - (Math.PI * (i + 1)) / 48;
    return [32 + 14 * Math.cos(a), 39 + 14 * Math.sin(a)];
  }),
  ...cubic([46, 39], [46, 30], [39, 22], [32, 12]),
];

/** M34 30l-8 11h6l-2 9 8-11h-6z */
const bolt = [
  [34, 30],
  [26, 41],
  [32, 41],
  [30, 50],
  [38, 39],
  [32, 39],
];

/** A rounded square of side `size` at the origin, with corner radius r. */
function roundedSquare(size, r) {
  if (r === 0) {
    return [
      [0, 0],
      [size, 0],
      [size, size],
      [0, size],
    ];
  }
  const corner = (cx, cy, from) =>
    Array.from({ length: 17 }, (_, i) => {
      const a = from + ((Math.PI / 2) * i) / 16;
      return [cx + r * Math.cos(a), cy + r * Math.sin(a)];
    });
  return [
    ...corner(size - r, r, -Math.PI / 2),
    ...corner(size - r, size - r, 0),
    ...corner(r, size - r, Math.PI / 2),
    ...corner(r, r, Math.PI),
  ];
}

/** Coverage (0..1) of each pixel by a polygon, even-odd, sampled 8×8 per pixel. */
function coverage(size, polygon) {
  const S = 8;
  const cover = new Float32Array(size * size);
  const edges = polygon.map((p, i) => [p, polygon[(i + 1) % polygon.length]]);
  for (let sy = 0; sy < size * S; sy++) {
    const y = (sy + 0.5) / S;
    const xs = [];
    for (const [[x0, y0], [x1, y1]] of edges) {
      if (y0 <= y !== y1 <= y) xs.push(x0 + ((y - y0) / (y1 - y0)) * (x1 - x0));
    }
    xs.sort((a, b) => a - b);
    const row = Math.floor(sy / S) * size;
    for (let i = 0; i + 1 < xs.length; i += 2) {
      for (let sx = Math.ceil(xs[i] * S - 0.5); sx + 0.5 <= xs[i + 1] * S; sx++) {
        if (sx >= 0 && sx < size * S) cover[row + Math.floor(sx / S)] += 1 / (S * S);
      }
    }
  }
  return cover;
}

const place = (polygon, scale, dx, dy) => polygon.map(([x, y]) => [x * scale + dx, y * scale + dy]);

/** Paints layers ({polygon, colour}) over a transparent canvas; returns RGBA bytes. */
function paint(size, layers) {
  const rgba = new Float32Array(size * size * 4);
  for (const { polygon, colour, erase = false } of layers) {
    const cover = coverage(size, polygon);
    for (let i = 0; i < size * size; i++) {
      const a = Math.min(1, cover[i]);
      if (a === 0) continue;
      const o = i * 4;
      if (erase) {
        rgba[o + 3] *= 1 - a;
        continue;
      }
      // Straight alpha, "source over".
      const outA = a + rgba[o + 3] * (1 - a);
      for (let c = 0; c < 3; c++) {
        rgba[o + c] = (colour[c] * a + rgba[o + c] * rgba[o + 3] * (1 - a)) / outA;
      }
      rgba[o + 3] = outA;
    }
  }
  return Uint8Array.from(rgba, (v, i) => Math.round(i % 4 === 3 ? v * 255 : v));
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes) {
  let c = 0xffffffff;
  for (const b of bytes) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** RGBA bytes → PNG (colour type 6, 8 bits, no filter). */
function png(size, rgba) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8;
  header[9] = 6;
  const raw = Buffer.alloc((size * 4 + 1) * size);
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0;
    Buffer.from(rgba.buffer, y * size * 4, size * 4).copy(raw, y * (size * 4 + 1) + 1);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The favicon as it is: the rounded square (transparent corners), the drop and the bolt. */
function standard(size) {
  const s = size / 64;
  return paint(size, [
    { polygon: roundedSquare(size, 16 * s), colour: primary },
    { polygon: place(drop, s, 0, 0), colour: white },
    { polygon: place(bolt, s, 0, 0), colour: primary },
  ]);
}

/**
 * Full bleed, for platforms that cut their own shape: the drop (41 units tall) fills `share` of
 * the height, centred. A maskable icon keeps it inside the central 80% circle.
 */
function fullBleed(size, share) {
  const s = (size * share) / 41;
  const dx = size / 2 - 32 * s;
  const dy = size / 2 - 32.5 * s;
  return paint(size, [
    { polygon: roundedSquare(size, 0), colour: primary },
    { polygon: place(drop, s, dx, dy), colour: white },
    { polygon: place(bolt, s, dx, dy), colour: primary },
  ]);
}

/** A notification badge: Android draws only its alpha, so a white drop with the bolt cut out. */
function badge(size) {
  const s = (size * 0.86) / 41;
  const dx = size / 2 - 32 * s;
  const dy = size / 2 - 32.5 * s;
  return paint(size, [
    { polygon: place(drop, s, dx, dy), colour: white },
    { polygon: place(bolt, s, dx, dy), colour: white, erase: true },
  ]);
}

mkdirSync(out, { recursive: true });
const icons = {
  'icon-192.png': [192, standard],
  'icon-512.png': [512, standard],
  'icon-maskable-512.png': [512, (size) => fullBleed(size, 0.5)],
  // iOS rounds the corners itself and shows transparency as black.
  'apple-touch-icon.png': [180, (size) => fullBleed(size, 0.62)],
  'badge-96.png': [96, badge],
};
for (const [name, [size, draw]] of Object.entries(icons)) {
  const bytes = png(size, draw(size));
  writeFileSync(out + name, bytes);
  console.log(`${name}: ${size}×${size}, ${bytes.length} bytes`);
}
