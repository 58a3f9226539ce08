import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { create } from 'qrcode';

// Chromium's fake camera plays a Y4M file (`--use-file-for-fake-video-capture`) and reads it again
// each time a page opens the camera. A spec writes the code a machine shows into that file, then
// opens the app's scanner: the picture goes through the real getUserMedia and the real decoder.

const WIDTH = 640;
const HEIGHT = 480;
const FRAMES = 5;
const WHITE = 235;
const BLACK = 16;

/** Where the fake camera's video is (outside test-results, which Playwright empties first). */
export const CAMERA_FILE = join(tmpdir(), 'stod-e2e', 'qr-camera.y4m');

/** Chromium's flags for a fake camera that shows CAMERA_FILE, allowed without asking. */
export const FAKE_CAMERA_ARGS = [
  '--use-fake-ui-for-media-stream',
  '--use-fake-device-for-media-stream',
  `--use-file-for-fake-video-capture=${CAMERA_FILE}`,
];

/** A 4:2:0 picture of the QR code of `text` (or a blank one), centred on white. */
function frame(text: string | null): Buffer {
  const luma = Buffer.alloc(WIDTH * HEIGHT, WHITE);
  if (text) {
    const { modules } = create(text, { errorCorrectionLevel: 'M' });
    const scale = Math.floor((HEIGHT - 80) / modules.size);
    const left = Math.floor((WIDTH - modules.size * scale) / 2);
    const top = Math.floor((HEIGHT - modules.size * scale) / 2);
    for (let row = 0; row < modules.size; row++)
      for (let col = 0; col < modules.size; col++) {
        if (!modules.get(row, col)) continue;
        for (let y = 0; y < scale; y++)
          luma.fill(
            BLACK,
            (top + row * scale + y) * WIDTH + left + col * scale,
            (top + row * scale + y) * WIDTH + left + (col + 1) * scale,
          );
      }
  }
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2) * 2, 128);
  return Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
}

/** Points the fake camera at the code of `text`; null shows an empty white picture. */
export function showOnCamera(text: string | null): void {
  const header = `YUV4MPEG2 W${String(WIDTH)} H${String(HEIGHT)} F10:1 Ip A1:1 C420jpeg\n`;
  const picture = frame(text);
  mkdirSync(dirname(CAMERA_FILE), { recursive: true });
  writeFileSync(
    CAMERA_FILE,
    Buffer.concat([Buffer.from(header), ...Array.from({ length: FRAMES }, () => picture)]),
  );
}
