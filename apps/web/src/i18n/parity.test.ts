import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = fileURLToPath(new URL('..', import.meta.url));

const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;

/** Each pair of text files: the shell's, the app's and every feature's own. */
function pairs(): [string, string, string][] {
  const features = readdirSync(join(src, 'features')).flatMap((feature) => {
    const dir = join(src, 'features', feature, 'i18n');
    try {
      readdirSync(dir);
    } catch {
      return [];
    }
    return [[feature, join(dir, 'fo.json'), join(dir, 'en.json')] as [string, string, string]];
  });
  return [
    ['shell', join(src, 'i18n', 'fo.json'), join(src, 'i18n', 'en.json')],
    ['app', join(src, 'i18n', 'app.fo.json'), join(src, 'i18n', 'app.en.json')],
    ['scanner', join(src, 'i18n', 'scanner.fo.json'), join(src, 'i18n', 'scanner.en.json')],
    ...features,
  ];
}

describe('the texts in Faroese and English', () => {
  it.each(pairs())('%s has the same keys in both, none empty', (_name, foFile, enFile) => {
    const fo = read(foFile);
    const en = read(enFile);
    expect(Object.keys(en).sort()).toEqual(Object.keys(fo).sort());
    const empty = [...Object.entries(fo), ...Object.entries(en)].filter(([, v]) => !v.trim());
    expect(empty).toEqual([]);
  });

  it('covers the fuel and car-wash screens', () => {
    expect(pairs().map(([name]) => name)).toEqual(expect.arrayContaining(['fuel', 'carwash']));
  });

  it('uses the same placeholders in both languages', () => {
    const placeholders = (text: string) =>
      [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    const mismatched = pairs().flatMap(([name, foFile, enFile]) => {
      const fo = read(foFile);
      const en = read(enFile);
      return Object.keys(fo)
        .filter(
          (key) =>
            JSON.stringify(placeholders(fo[key] ?? '')) !==
            JSON.stringify(placeholders(en[key] ?? '')),
        )
        .map((key) => `${name}: ${key}`);
    });
    expect(mismatched).toEqual([]);
  });
});
