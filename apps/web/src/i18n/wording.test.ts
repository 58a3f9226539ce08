import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { messages, serverMessages } from '@stod/domain';
import { describe, expect, it } from 'vitest';

const src = fileURLToPath(new URL('..', import.meta.url));
const glossary = readFileSync(
  fileURLToPath(new URL('../../../../docs/glossary.md', import.meta.url)),
  'utf8',
);

/** The words the glossary says to avoid: the last column of its tables. */
function avoidedWords(markdown: string): string[] {
  return markdown
    .split('\n')
    .filter((line) => line.startsWith('|') && !/^\|\s*(Faroese|-)/.test(line))
    .flatMap((line) => (line.split('|').at(-2) ?? '').split(','))
    .map((word) => word.trim())
    .filter(Boolean);
}

/** Every Faroese text of the web app (the shell's, the app's, each feature's) and the domain's. */
function faroeseTexts(): [string, string][] {
  const files = [
    join(src, 'i18n', 'fo.json'),
    join(src, 'i18n', 'app.fo.json'),
    ...readdirSync(join(src, 'features')).flatMap((feature) => {
      const dir = join(src, 'features', feature, 'i18n');
      try {
        return readdirSync(dir)
          .filter((f) => f === 'fo.json')
          .map((f) => join(dir, f));
      } catch {
        return [];
      }
    }),
  ];
  return [
    ...files.flatMap((file) =>
      Object.entries(JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>),
    ),
    // The domain's messages and the e-mails the server writes use the same words.
    ...Object.entries(messages.fo),
    ...Object.entries(serverMessages.fo),
  ];
}

const wholeWord = (word: string) =>
  new RegExp(`(?<!\\p{L})${word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?!\\p{L})`, 'iu');

describe('the wording of the web app', () => {
  const avoided = avoidedWords(glossary);

  it('reads the words to avoid from the glossary', () => {
    expect(avoided).toEqual(expect.arrayContaining(['gjaldkort', 'Eingin gjaldháttur', 'gyldugt']));
  });

  it('uses none of them in its Faroese texts', () => {
    const found = faroeseTexts().flatMap(([key, text]) =>
      avoided.filter((word) => wholeWord(word).test(text)).map((word) => `${key}: ${word}`),
    );
    expect(found).toEqual([]);
  });

  it('finds an avoided word as a word, not inside another one', () => {
    expect(wholeWord('konto').test('Reg. 6460 · konto ••••4567')).toBe(true);
    expect(wholeWord('konto').test('Reg. 6460 · kontonr. ••••4567')).toBe(false);
    expect(wholeWord('eingi').test('Eingi gávukort enn')).toBe(true);
    expect(wholeWord('eingi').test('Eingin gjaldháttur')).toBe(false);
  });
});
