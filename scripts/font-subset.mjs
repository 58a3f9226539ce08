// Draws the app's one font file, apps/web/src/assets/inter.woff2, from Inter's variable font
// (@fontsource-variable/inter, SIL Open Font License 1.1): only the characters the app writes
// (Basic Latin, Latin-1 with every Faroese letter, general punctuation, the euro sign, arrows
// and the minus sign) and only the weights it uses, 400 to 700. About 28 KB instead of 48 KB.
// Run it again after a change of the font package: `node scripts/font-subset.mjs`.
// apps/web/src/fonts.test.ts checks that every text of the app can be drawn with it.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import subsetFont from 'subset-font';

const require = createRequire(import.meta.url);
const source = require.resolve('@fontsource-variable/inter/files/inter-latin-wght-normal.woff2', {
  paths: [new URL('../apps/web/', import.meta.url).pathname],
});

/** Every code point in the given inclusive ranges. */
const ranges = (...pairs) =>
  pairs
    .map(([from, to]) => {
      let text = '';
      for (let c = from; c <= to; c += 1) text += String.fromCodePoint(c);
      return text;
    })
    .join('');

export const FONT_TEXT = ranges(
  [0x20, 0x7e], // Basic Latin
  [0xa0, 0xff], // Latin-1: á ð í ó ú ý æ ø and their capitals, § · ×
  [0x131, 0x131],
  [0x152, 0x153],
  [0x2000, 0x206f], // general punctuation: – — ‘ ’ “ ” „ • …
  [0x20ac, 0x20ac], // €
  [0x2122, 0x2122],
  [0x2190, 0x2193], // arrows
  [0x2212, 0x2212], // minus
);

const out = await subsetFont(readFileSync(source), FONT_TEXT, {
  targetFormat: 'woff2',
  variationAxes: { wght: { min: 400, max: 700 } },
});
const target = new URL('../apps/web/src/assets/inter.woff2', import.meta.url);
writeFileSync(target, out);
console.log(`apps/web/src/assets/inter.woff2: ${String(out.length)} bytes`);
