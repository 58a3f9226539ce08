import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { create } from 'qrcode';

// Chromium's fake camera plays a Y4M file (`--use-file-for-fake-video-capture`) and reads it again
// each time a page opens the camera. A spec writes the code a machine shows into that file, then
// opens the app's scanner: the picture goes through the real getUserMedia and the real decoder.

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

/** The camera's picture: its size, and how much of its height the code fills. */
export interface CameraPicture {
  width: number;
  height: number;
  /** The code's side as a share of the picture's height: held close, or at arm's length. */
  share: number;
}

/** A laptop's camera with the code held close: the default picture. */
const CLOSE: CameraPicture = { width: 640, height: 480, share: 400 / 480 };

/** A 4:2:0 picture of the QR code of `text` (or a blank one), centred on white. */
function frame(text: string | null, { width, height, share }: CameraPicture): Buffer {
  const luma = Buffer.alloc(width * height, WHITE);
  if (text) {
    const { modules } = create(text, { errorCorrectionLevel: 'M' });
    const scale = Math.max(1, Math.floor((height * share) / modules.size));
    const left = Math.floor((width - modules.size * scale) / 2);
    const top = Math.floor((height - modules.size * scale) / 2);
    for (let row = 0; row < modules.size; row++)
      for (let col = 0; col < modules.size; col++) {
        if (!modules.get(row, col)) continue;
        for (let y = 0; y < scale; y++)
          luma.fill(
            BLACK,
            (top + row * scale + y) * width + left + col * scale,
            (top + row * scale + y) * width + left + (col + 1) * scale,
          );
      }
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  return Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
}

/**
 * Points the fake camera at the code of `text`; null shows an empty white picture. A phone's
 * camera gives a larger picture in which a code held at arm's length is smaller (`picture`).
 */
export function showOnCamera(text: string | null, camera: CameraPicture = CLOSE): void {
  const header = `YUV4MPEG2 W${String(camera.width)} H${String(camera.height)} F10:1 Ip A1:1 C420jpeg\n`;
  const picture = frame(text, camera);
  mkdirSync(dirname(CAMERA_FILE), { recursive: true });
  writeFileSync(
    CAMERA_FILE,
    Buffer.concat([Buffer.from(header), ...Array.from({ length: FRAMES }, () => picture)]),
  );
}
