import { encodePng } from '../lib/png.ts';

/**
 * The demo campaigns' pictures, drawn in code at seed time so the repository holds no binary
 * files: shapes given as signed distance functions, composited with anti-aliased edges, encoded
 * as PNG (lib/png.ts). 640×360, the 16:9 of the campaign modal.
 */
export const ART_WIDTH = 640;
export const ART_HEIGHT = 360;

type Rgb = readonly [number, number, number];
type Sdf = (x: number, y: number) => number;
type Paint = Rgb | ((x: number, y: number) => Rgb);
type Box = readonly [number, number, number, number];

const hex = (value: string): Rgb => {
  const n = Number.parseInt(value.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
};
const mix = (a: Rgb, b: Rgb, t: number): Rgb => [
  a[0] + (b[0] - a[0]) * t,
  a[1] + (b[1] - a[1]) * t,
  a[2] + (b[2] - a[2]) * t,
];
const clamp01 = (t: number) => Math.min(1, Math.max(0, t));
const smooth = (a: number, b: number, t: number) => {
  const u = clamp01((t - a) / (b - a));
  return u * u * (3 - 2 * u);
};

// Shapes: negative inside, positive outside, in pixels.
const circle =
  (cx: number, cy: number, r: number): Sdf =>
  (x, y) =>
    Math.hypot(x - cx, y - cy) - r;
const ring =
  (cx: number, cy: number, r: number, width: number): Sdf =>
  (x, y) =>
    Math.abs(Math.hypot(x - cx, y - cy) - r) - width / 2;
const ellipse =
  (cx: number, cy: number, rx: number, ry: number, angle = 0): Sdf =>
  (x, y) => {
    const c = Math.cos(angle);
    const s = Math.sin(angle);
    const u = (x - cx) * c + (y - cy) * s;
    const v = -(x - cx) * s + (y - cy) * c;
    return (Math.hypot(u / rx, v / ry) - 1) * Math.min(rx, ry);
  };
const roundBox =
  (cx: number, cy: number, hw: number, hh: number, r: number): Sdf =>
  (x, y) => {
    const qx = Math.abs(x - cx) - hw + r;
    const qy = Math.abs(y - cy) - hh + r;
    return Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - r;
  };
const segment =
  (ax: number, ay: number, bx: number, by: number, r: number): Sdf =>
  (x, y) => {
    const px = x - ax;
    const py = y - ay;
    const dx = bx - ax;
    const dy = by - ay;
    const h = clamp01((px * dx + py * dy) / (dx * dx + dy * dy));
    return Math.hypot(px - dx * h, py - dy * h) - r;
  };
/** A vertical wisp: x follows a sine of y between y0 and y1. */
const wave =
  (x0: number, y0: number, y1: number, amplitude: number, period: number, r: number): Sdf =>
  (x, y) => {
    const yc = Math.min(Math.max(y, y0), y1);
    const phase = ((yc - y0) / period) * Math.PI * 2;
    const cx = x0 + amplitude * Math.sin(phase);
    const slope = ((amplitude * Math.PI * 2) / period) * Math.cos(phase);
    const across = Math.abs(x - cx) / Math.sqrt(1 + slope * slope);
    return Math.hypot(across, y - yc) - r * (1 - 0.5 * ((yc - y0) / (y1 - y0)));
  };
const union =
  (...shapes: Sdf[]): Sdf =>
  (x, y) =>
    Math.min(...shapes.map((s) => s(x, y)));
const clip =
  (shape: Sdf, by: Sdf): Sdf =>
  (x, y) =>
    Math.max(shape(x, y), by(x, y));

class Canvas {
  private readonly px: Float32Array;

  readonly width: number;
  readonly height: number;
  constructor(width: number, height: number, background: (x: number, y: number) => Rgb) {
    this.width = width;
    this.height = height;
    this.px = new Float32Array(width * height * 3);
    for (let y = 0; y < height; y += 1)
      for (let x = 0; x < width; x += 1) this.set(x, y, background(x + 0.5, y + 0.5), 1);
  }

  private set(x: number, y: number, color: Rgb, alpha: number) {
    const i = (y * this.width + x) * 3;
    for (let c = 0; c < 3; c += 1) {
      const under = this.px[i + c] ?? 0;
      this.px[i + c] = under + ((color[c] ?? 0) - under) * alpha;
    }
  }

  /** Paints a shape over what is there; `box` bounds the pixels it may touch. */
  draw(shape: Sdf, paint: Paint, alpha: number, box: Box) {
    const [x0, y0, x1, y1] = box;
    for (let y = Math.max(0, Math.floor(y0)); y < Math.min(this.height, Math.ceil(y1)); y += 1) {
      for (let x = Math.max(0, Math.floor(x0)); x < Math.min(this.width, Math.ceil(x1)); x += 1) {
        const coverage = clamp01(0.5 - shape(x + 0.5, y + 0.5));
        if (coverage <= 0) continue;
        const color = typeof paint === 'function' ? paint(x + 0.5, y + 0.5) : paint;
        this.set(x, y, color, coverage * alpha);
      }
    }
  }

  png(): Buffer {
    const rgb = new Uint8Array(this.px.length);
    for (let i = 0; i < this.px.length; i += 1) rgb[i] = Math.round(this.px[i] ?? 0);
    return encodePng(this.width, this.height, rgb);
  }
}

const around = (cx: number, cy: number, rx: number, ry = rx): Box => [
  cx - rx - 2,
  cy - ry - 2,
  cx + rx + 2,
  cy + ry + 2,
];

/** The same scatter on every run: a small linear congruential generator. */
function scatter(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

const TEAL = hex('#0b6e69');
const TEAL_DEEP = hex('#063f3c');
const NIGHT = hex('#0b1620');
const AMBER = hex('#f2a93b');
const CREAM = hex('#fbf8f3');
const WHITE: Rgb = [255, 255, 255];

/** A cup of coffee on its saucer, steaming, with beans: the coffee subscription. */
export function coffeePicture(): Buffer {
  const canvas = new Canvas(ART_WIDTH, ART_HEIGHT, (x, y) => {
    const t = clamp01((x / ART_WIDTH) * 0.6 + (y / ART_HEIGHT) * 0.4);
    return mix(mix(TEAL, TEAL_DEEP, t), NIGHT, smooth(0.55, 1.2, t) * 0.6);
  });
  canvas.draw(circle(440, 205, 170), AMBER, 0.08, around(440, 205, 170));
  canvas.draw(circle(440, 205, 118), AMBER, 0.09, around(440, 205, 118));
  canvas.draw(ring(92, 70, 120, 2), WHITE, 0.12, around(92, 70, 122));
  canvas.draw(ring(92, 70, 150, 2), WHITE, 0.07, around(92, 70, 152));

  const random = scatter(7);
  for (let i = 0; i < 26; i += 1) {
    const x = 20 + random() * 600;
    const y = 16 + random() * 330;
    if (Math.hypot(x - 440, y - 215) < 175) continue;
    const r = 1.5 + random() * 2.5;
    canvas.draw(
      circle(x, y, r),
      i % 3 === 0 ? AMBER : WHITE,
      0.35 + random() * 0.3,
      around(x, y, r),
    );
  }

  const beans: [number, number, number][] = [
    [112, 150, 0.5],
    [196, 248, -0.35],
    [92, 282, 1.1],
    [236, 118, 2.2],
  ];
  for (const [cx, cy, angle] of beans) {
    canvas.draw(ellipse(cx + 3, cy + 5, 27, 19, angle), NIGHT, 0.35, around(cx + 3, cy + 5, 30));
    canvas.draw(
      ellipse(cx, cy, 27, 19, angle),
      (x, y) => mix(hex('#7a4a26'), hex('#3d2210'), clamp01((y - cy + 19) / 38)),
      1,
      around(cx, cy, 30),
    );
    const c = Math.cos(angle);
    const s = Math.sin(angle);
    const crease: Sdf = (x, y) => {
      const u = (x - cx) * c + (y - cy) * s;
      const v = -(x - cx) * s + (y - cy) * c;
      return Math.max(Math.abs(v - 4 * Math.sin(u / 7)) - 1.6, Math.abs(u) - 19);
    };
    canvas.draw(crease, hex('#26140a'), 0.9, around(cx, cy, 30));
  }

  // Saucer, handle, cup, its brand band, the coffee, the steam.
  canvas.draw(ellipse(446, 312, 150, 18), NIGHT, 0.35, around(446, 312, 150, 18));
  canvas.draw(ellipse(440, 300, 150, 20), hex('#e4ddd2'), 1, around(440, 300, 150, 20));
  canvas.draw(ellipse(440, 296, 118, 12), hex('#f6f2eb'), 1, around(440, 296, 118, 12));
  canvas.draw(ring(526, 226, 34, 15), hex('#efe9df'), 1, around(526, 226, 44));
  const cup = union(roundBox(440, 240, 86, 56, 42), roundBox(440, 198, 86, 20, 2));
  const cupShade = (x: number): Rgb => mix(CREAM, hex('#d8cfc2'), smooth(370, 530, x));
  canvas.draw(cup, (x) => cupShade(x), 1, [350, 170, 530, 300]);
  canvas.draw(
    clip(roundBox(440, 236, 90, 11, 0), cup),
    (x) => mix(TEAL, TEAL_DEEP, smooth(370, 530, x)),
    1,
    [350, 220, 530, 250],
  );
  canvas.draw(ellipse(440, 180, 86, 13), hex('#ece5da'), 1, around(440, 180, 86, 13));
  canvas.draw(ellipse(440, 181, 79, 10), hex('#4a2a15'), 1, around(440, 181, 79, 10));
  canvas.draw(ellipse(432, 180, 46, 5), hex('#8c5a33'), 0.8, around(432, 180, 46, 5));
  canvas.draw(segment(372, 206, 372, 262, 4), WHITE, 0.55, [360, 196, 384, 272]);
  for (const [x0, phase] of [
    [404, 0],
    [440, 13],
    [476, 5],
  ] as const) {
    canvas.draw(wave(x0, 66 + phase, 152, 7, 58, 5), WHITE, 0.5, [x0 - 20, 50, x0 + 20, 160]);
  }
  return canvas.png();
}

/** A car in a shower of water and bubbles: the car wash. */
export function carWashPicture(): Buffer {
  const sky = hex('#1387a8');
  const deep = hex('#0a3450');
  const canvas = new Canvas(ART_WIDTH, ART_HEIGHT, (x, y) =>
    mix(sky, deep, clamp01((y / ART_HEIGHT) * 0.75 + (x / ART_WIDTH) * 0.25)),
  );
  canvas.draw(circle(560, 40, 190), WHITE, 0.06, around(560, 40, 190));
  canvas.draw(circle(60, 330, 150), WHITE, 0.05, around(60, 330, 150));

  // Water from the arch above.
  for (let i = 0; i < 9; i += 1) {
    const x = 150 + i * 42;
    canvas.draw(segment(x, -10, x - 18, 150, 2.2), WHITE, 0.22, [x - 24, 0, x + 6, 156]);
    for (let k = 0; k < 3; k += 1) {
      const t = 0.3 + k * 0.25 + (i % 2) * 0.1;
      const dx = x - 18 * t + 6;
      const dy = -10 + 160 * t;
      canvas.draw(
        union(circle(dx, dy, 4), segment(dx, dy - 9, dx, dy, 1.5)),
        WHITE,
        0.6,
        around(dx, dy - 4, 8, 12),
      );
    }
  }

  // Shadow, wheels, body, cabin, windows, lights.
  canvas.draw(ellipse(336, 318, 215, 14), NIGHT, 0.4, around(336, 318, 215, 14));
  const body = roundBox(330, 258, 192, 42, 28);
  const cabin = clip(roundBox(318, 206, 112, 48, 40), (x, y) => y - 226);
  const paint = (x: number, y: number): Rgb =>
    mix(
      mix(hex('#ffc25c'), AMBER, smooth(160, 250, y)),
      hex('#cf7f17'),
      smooth(250, 300, y) * 0.8 + smooth(380, 560, x) * 0.1,
    );
  canvas.draw(union(body, cabin), paint, 1, [130, 150, 530, 305]);
  canvas.draw(roundBox(268, 204, 50, 28, 14), hex('#cdeefa'), 1, around(268, 204, 52, 30));
  canvas.draw(roundBox(374, 204, 48, 28, 14), hex('#b5e3f5'), 1, around(374, 204, 50, 30));
  canvas.draw(
    clip(segment(240, 224, 272, 182, 5), roundBox(268, 204, 50, 28, 14)),
    WHITE,
    0.6,
    around(268, 204, 52, 30),
  );
  canvas.draw(segment(322, 236, 322, 292, 1.2), hex('#8a4f0a'), 0.45, [318, 230, 326, 298]);
  canvas.draw(segment(300, 256, 312, 256, 2.5), hex('#8a4f0a'), 0.6, [294, 250, 318, 262]);
  canvas.draw(roundBox(512, 246, 12, 9, 5), hex('#fff4cf'), 1, around(512, 246, 12, 9));
  canvas.draw(roundBox(146, 244, 8, 9, 4), hex('#e0523a'), 1, around(146, 244, 8, 9));
  for (const cx of [222, 446]) {
    canvas.draw(circle(cx, 296, 40), deep, 0.55, around(cx, 296, 40));
    canvas.draw(circle(cx, 296, 34), hex('#14202b'), 1, around(cx, 296, 34));
    canvas.draw(circle(cx, 296, 16), hex('#c9d3dc'), 1, around(cx, 296, 16));
    canvas.draw(circle(cx, 296, 6), hex('#5b6b78'), 1, around(cx, 296, 6));
  }

  // Foam: bubbles along the car and in the air.
  const random = scatter(11);
  for (let i = 0; i < 34; i += 1) {
    const x = 40 + random() * 560;
    const y = i < 14 ? 215 + random() * 60 : 20 + random() * 320;
    const r = 5 + random() * (i < 14 ? 16 : 12);
    canvas.draw(circle(x, y, r), WHITE, 0.12, around(x, y, r));
    canvas.draw(ring(x, y, r, 2.2), WHITE, 0.55, around(x, y, r + 2));
    canvas.draw(circle(x - r * 0.35, y - r * 0.35, r * 0.2), WHITE, 0.75, around(x, y, r));
  }
  for (const [x, y, size] of [
    [560, 132, 13],
    [98, 120, 10],
    [600, 250, 8],
    [190, 60, 9],
  ] as const) {
    canvas.draw(
      union(segment(x - size, y, x + size, y, 1.6), segment(x, y - size, x, y + size, 1.6)),
      WHITE,
      0.9,
      around(x, y, size + 3),
    );
  }
  return canvas.png();
}
