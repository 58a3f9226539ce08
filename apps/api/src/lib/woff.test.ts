import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { woffToSfnt } from './woff.ts';

interface Font {
  type: string;
  numGlyphs: number;
  postscriptName: string;
  glyphForCodePoint: (codePoint: number) => { advanceWidth: number; path: { toSVG(): string } };
}
const require = createRequire(import.meta.url);
const { create } = require('fontkit') as { create: (bytes: Buffer) => Font };
const woffOf = (file: string) => readFileSync(require.resolve(`@fontsource/inter/files/${file}`));

describe('woffToSfnt', () => {
  for (const file of ['inter-latin-400-normal.woff', 'inter-latin-700-normal.woff']) {
    it(`unpacks ${file} into the TrueType font it wraps, glyph for glyph`, () => {
      const woff = woffOf(file);
      const sfnt = woffToSfnt(woff);
      expect(sfnt.readUInt32BE(0)).toBe(woff.readUInt32BE(4));
      const wrapped = create(woff);
      const plain = create(sfnt);
      expect([wrapped.type, plain.type]).toEqual(['WOFF', 'TTF']);
      expect(plain.numGlyphs).toBe(wrapped.numGlyphs);
      expect(plain.postscriptName).toBe(wrapped.postscriptName);
      for (const letter of 'Støð áíóúýæ ÁÐÍÓÚÝÆØ 0123456789,-') {
        const codePoint = letter.codePointAt(0) ?? 0;
        const [a, b] = [wrapped, plain].map((font) => font.glyphForCodePoint(codePoint));
        expect(b?.advanceWidth, letter).toBe(a?.advanceWidth);
        expect(b?.path.toSVG(), letter).toBe(a?.path.toSVG());
      }
    });
  }

  it('refuses a file that is not WOFF', () => {
    expect(() => woffToSfnt(woffToSfnt(woffOf('inter-latin-400-normal.woff')))).toThrow(
      /not a WOFF font/,
    );
  });
});
