// The two format helpers of decision 0045, measured where the API uses them.
// Run it with `npx tsx bench/png-woff.ts`.
//  PNG: encoding the two demo pictures (640×360 RGB) through lib/png.ts (pngjs), against zlib
//       deflating their pixels unfiltered at the same level (the filtered rows take longer).
//  WOFF: a receipt-like A5 page in Inter from the fonts lib/woff.ts unpacks (what the API does),
//       against fontkit given the WOFF files straight, which inflates a table on every read.
// Medians of BENCH_RUNS (10) after one warm-up run.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { deflateSync } from 'node:zlib';
import PDFDocument from 'pdfkit';
import { PNG } from 'pngjs';
import { encodePng } from '../apps/api/src/lib/png.ts';
import { woffToSfnt } from '../apps/api/src/lib/woff.ts';
import {
  ART_HEIGHT,
  ART_WIDTH,
  carWashPicture,
  coffeePicture,
} from '../apps/api/src/seed/campaign-art.ts';
import { medianMs } from './figures.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 10);

/** The median of RUNS, after one run not counted. */
async function timed(run: () => unknown): Promise<number> {
  await run();
  return medianMs(RUNS, run);
}

// The pictures' pixels, read back from the PNGs the seed draws.
const pixelsOf = (png: Buffer) => {
  const { data } = PNG.sync.read(png);
  return Uint8Array.from(
    { length: ART_WIDTH * ART_HEIGHT * 3 },
    (_, i) => data[i + Math.floor(i / 3)] ?? 0,
  );
};
const pictures = [coffeePicture(), carWashPicture()].map(pixelsOf);
const floor = await timed(() => {
  for (const rgb of pictures) deflateSync(rgb, { level: 9 });
});
const encode = await timed(() => {
  for (const rgb of pictures) encodePng(ART_WIDTH, ART_HEIGHT, rgb);
});
const bytes = pictures.map((rgb) => encodePng(ART_WIDTH, ART_HEIGHT, rgb).length);
console.log(
  `PNG: two demo pictures ${encode.toFixed(1)} ms = ×${(encode / floor).toFixed(2)} of plain deflate (${floor.toFixed(1)} ms); ${bytes.join(' + ')} bytes`,
);

const require = createRequire(import.meta.url);
const woff = (file: string) => readFileSync(require.resolve(`@fontsource/inter/files/${file}`));
const wrapped = {
  body: woff('inter-latin-400-normal.woff'),
  bold: woff('inter-latin-700-normal.woff'),
};
const unpacked = { body: woffToSfnt(wrapped.body), bold: woffToSfnt(wrapped.bold) };
const lines = ['Blýfrítt 95 · 32,50 l', 'Kaffi við mjólk', 'Vaskur Gull', 'MVG 25 %', 'Ðáíóúýæø'];

function page(fonts: { body: Buffer; bold: Buffer }): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A5', margin: 36, compress: true });
  doc.registerFont('body', fonts.body);
  doc.registerFont('bold', fonts.bold);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) =>
    doc.on('end', () => resolve(Buffer.concat(chunks))),
  );
  doc.font('bold').fontSize(16).text('Støð');
  doc.font('body').fontSize(10);
  for (let i = 0; i < 3; i += 1)
    for (const line of lines) {
      doc.text(line, { width: 300 });
      doc.text('123,45 kr.', { align: 'right' });
    }
  doc.font('bold').text('Tilsamans 412,00 kr.');
  doc.end();
  return done;
}

const plain = await timed(() => page(unpacked));
const straight = await timed(() => page(wrapped));
console.log(
  `WOFF: receipt page from fontkit reading WOFF straight ${straight.toFixed(1)} ms = ×${(straight / plain).toFixed(2)} of the fonts lib/woff.ts unpacks (${plain.toFixed(1)} ms)`,
);
