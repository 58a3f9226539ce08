import { describe, expect, it } from 'vitest';
import { legalPages, legalText, legalTexts, type LegalCompany } from './legal.ts';
import { locales } from './messages/index.ts';

const company: LegalCompany = {
  name: 'Støð',
  legalName: 'Støð P/F',
  address: 'Havnarvegur 1, 100 Tórshavn',
  phone: '+298 30 00 00',
  email: 'hjalp@stod.example',
  vatNumber: 'V-tal 123456',
};

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]);

describe('legal texts', () => {
  it('has the three pages of spec §2', () => {
    expect([...legalPages]).toEqual(['terms', 'purchase-terms', 'privacy']);
  });

  it.each(legalPages)('%s says as much in Faroese as in English, with no empty text', (page) => {
    const { fo, en } = legalTexts[page];
    expect(en.sections.map((s) => s.paragraphs.length)).toEqual(
      fo.sections.map((s) => s.paragraphs.length),
    );
    for (const text of [fo, en]) {
      const all = [
        text.title,
        text.intro,
        ...text.sections.flatMap((s) => [s.heading, ...s.paragraphs]),
      ];
      for (const line of all) {
        expect(line.trim(), line).not.toBe('');
        expect(line, line).toBe(line.trim());
      }
    }
    const used = (text: typeof fo) =>
      [text.intro, ...text.sections.flatMap((s) => s.paragraphs)].flatMap(placeholders).sort();
    expect(used(en)).toEqual(used(fo));
  });

  it.each(legalPages)('%s fills in the company and leaves no placeholder', (page) => {
    for (const locale of locales) {
      const text = legalText(page, locale, company);
      const body = [text.intro, ...text.sections.flatMap((s) => s.paragraphs)].join('\n');
      expect(body).not.toMatch(/\{\{/);
      expect(body).toMatch(/Støð/);
    }
  });

  it('names the seller and the VAT number in the terms of purchase', () => {
    const fo = legalText('purchase-terms', 'fo', company);
    expect(fo.title).toBe('Keypstreytir');
    expect(fo.intro).toContain('Støð P/F, Havnarvegur 1, 100 Tórshavn, V-tal 123456');
    expect(legalText('purchase-terms', 'en', company).title).toBe('Terms of purchase');
    expect(legalText('privacy', 'fo', company).title).toBe('Privatlívspolitikkur');
    expect(legalText('privacy', 'en', company).title).toBe('Privacy policy');
  });

  it('inserts company details literally', () => {
    const odd = { ...company, email: '$& {{name}}' };
    const text = legalText('privacy', 'en', odd);
    expect(text.sections.at(-1)?.paragraphs[0]).toContain('Write to $& {{name}}.');
  });
});
