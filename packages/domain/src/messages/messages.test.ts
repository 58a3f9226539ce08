import { describe, expect, it } from 'vitest';
import { en } from './en.ts';
import { fo } from './fo.ts';
import {
  defaultLocale,
  isLocale,
  isMessageKey,
  localeFromHeader,
  localized,
  locales,
  messages,
  serverMessages,
  translate,
  translateServer,
  type MessageKey,
  type ServerMessageKey,
} from './index.ts';
import { serverEn } from './server.en.ts';
import { serverFo } from './server.fo.ts';

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('message catalogues', () => {
  const foKeys = Object.keys(fo).sort();
  const enKeys = Object.keys(en).sort();

  it('has every Faroese key in English and no extra English keys', () => {
    for (const key of foKeys) expect(enKeys, key).toContain(key);
    expect(enKeys).toEqual(foKeys);
  });

  it('has no empty or whitespace-only texts', () => {
    for (const [locale, catalogue] of Object.entries(messages)) {
      for (const [key, text] of Object.entries(catalogue)) {
        expect(typeof text, `${locale} ${key}`).toBe('string');
        expect(text.trim(), `${locale} ${key}`).not.toBe('');
        expect(text, `${locale} ${key}`).toBe(text.trim());
      }
    }
  });

  it('uses the same placeholders in both languages', () => {
    for (const key of foKeys as MessageKey[]) {
      expect(placeholders(en[key]), key).toEqual(placeholders(fo[key]));
    }
  });

  it('puts no full stop after an amount, which ends in "kr." already', () => {
    const all = [fo, en, serverMessages.fo, serverMessages.en].flatMap((c) => Object.entries(c));
    expect(all.filter(([, text]) => text.includes('{{amount}}.')).map(([key]) => key)).toEqual([]);
  });

  it('exposes both catalogues under their locale', () => {
    expect(messages.fo).toBe(fo);
    expect(messages.en).toBe(en);
    expect(locales).toEqual(['fo', 'en']);
    expect(defaultLocale).toBe('fo');
  });

  it('holds the Faroese validation texts of spec §5', () => {
    expect(fo['validation.required']).toBe('Teigurin er kravdur.');
    expect(fo['validation.email']).toBe('Vinaliga skriva ein gildigan teldubústað.');
    expect(fo['validation.passwordMin']).toBe('Loyniorð skal vera minst 8 tekin langt.');
    expect(fo['validation.passwordMismatch']).toBe('Loyniorðini eru ikki eins.');
    expect(fo['validation.terms']).toBe('Vinaliga góðtak keypstreytir.');
    expect(fo['validation.code']).toBe('Vinaliga tøppa kotu inn.');
  });

  it('holds the English validation texts of spec §5', () => {
    expect(en['validation.required']).toBe('The field is required.');
    expect(en['validation.passwordMin']).toBe('Password must be at least 8 characters long.');
    expect(en['validation.passwordMismatch']).toBe('Passwords do not match.');
    expect(en['validation.email']).toBe('Please enter a valid email address.');
    expect(en['validation.terms']).toBe('Please accept the terms of purchase.');
    expect(en['validation.code']).toBe('Please enter the code.');
    expect(en['validation.form']).toBe(
      'One or more fields are incorrect or not properly filled in. Correct these before proceeding.',
    );
  });

  it('holds the Faroese and English error texts of spec §8', () => {
    expect(fo['error.generic']).toBe('Okkurt gekk galið. Vinaliga royn aftur');
    expect(fo['error.fetchStations']).toBe('Tað eydnaðist ikki at heinta støðir');
    expect(en['error.noNetwork']).toBe(
      'It seems the phone has unfortunately lost internet connection.',
    );
    expect(en['error.verifyEmail']).toBe('Failed to verify email.');
  });
});

describe('isLocale and isMessageKey', () => {
  it('recognises fo and en only', () => {
    expect(isLocale('fo')).toBe(true);
    expect(isLocale('en')).toBe(true);
    for (const value of ['FO', 'de', 'en-GB', '', null, undefined, 1]) {
      expect(isLocale(value)).toBe(false);
    }
  });

  it('recognises own keys, not inherited properties', () => {
    expect(isMessageKey('validation.required')).toBe(true);
    expect(isMessageKey('error.code')).toBe(true);
    for (const value of ['validation', 'toString', 'constructor', '__proto__', '']) {
      expect(isMessageKey(value)).toBe(false);
    }
  });
});

describe('translate', () => {
  it('defaults to Faroese', () => {
    expect(translate('validation.required')).toBe('Teigurin er kravdur.');
  });

  it('resolves in the given locale', () => {
    expect(translate('validation.required', 'en')).toBe('The field is required.');
    expect(translate('validation.passwordMismatch', 'fo')).toBe('Loyniorðini eru ikki eins.');
  });

  it('fills {{code}}', () => {
    expect(translate('error.code', 'fo', { code: 'E42' })).toBe('Ein feilur hendi (E42).');
    expect(translate('error.code', 'en', { code: 500 })).toBe('An error occurred (500).');
    expect(translate('error.code', 'en', { code: 0 })).toBe('An error occurred (0).');
  });

  it('leaves no placeholder behind when a value is missing', () => {
    expect(translate('error.code', 'en')).toBe('An error occurred ().');
    expect(translate('error.code', 'fo', { other: 'x' })).toBe('Ein feilur hendi ().');
  });

  it('inserts values literally, without treating them as replacement patterns', () => {
    expect(translate('error.code', 'en', { code: '$&{{code}}' })).toBe(
      'An error occurred ($&{{code}}).',
    );
  });

  it('returns texts without placeholders unchanged', () => {
    for (const key of Object.keys(fo) as MessageKey[]) {
      if (placeholders(fo[key]).length === 0) {
        expect(translate(key, 'fo', { code: 'x' })).toBe(fo[key]);
        expect(translate(key, 'en', { code: 'x' })).toBe(en[key]);
      }
    }
  });
});

describe('localeFromHeader', () => {
  it.each([
    [undefined, 'fo'],
    ['', 'fo'],
    ['en', 'en'],
    ['EN', 'en'],
    ['en-GB,en;q=0.9', 'en'],
    ['en-US', 'en'],
    ['de', 'fo'],
    ['*', 'fo'],
    ['fo', 'fo'],
    ['fo-FO', 'fo'],
    ['da-DK, fo;q=0.8, en;q=0.5', 'fo'],
    ['de, en;q=0.5', 'en'],
    ['en;q=0', 'fo'],
    ['en;q=0, fo;q=0', 'fo'],
    ['fo;q=0.5, en;q=0.8', 'en'],
    ['en;q=0.5, fo;q=0.8', 'fo'],
    ['en; q=0.9, de', 'en'],
    ['fo, en', 'fo'],
    ['en, fo', 'en'],
    [' en-GB ;q=0.7 , da', 'en'],
    ['en;q=abc', 'fo'],
    [',,,', 'fo'],
    ['fon, en;q=0.5', 'en'],
  ] as const)('%j → %s', (header, expected) => {
    expect(localeFromHeader(header)).toBe(expected);
  });
});

describe('the server catalogue (e-mail, the server pages)', () => {
  const foKeys = Object.keys(serverFo).sort();

  it('has the same keys in Faroese and English', () => {
    expect(Object.keys(serverEn).sort()).toEqual(foKeys);
    expect(serverMessages.fo).toBe(serverFo);
    expect(serverMessages.en).toBe(serverEn);
  });

  it('has no empty texts and the same placeholders in both languages', () => {
    for (const key of foKeys as ServerMessageKey[]) {
      for (const text of [serverFo[key], serverEn[key]]) {
        expect(text.trim(), key).not.toBe('');
        expect(text, key).toBe(text.trim());
      }
      expect(placeholders(serverEn[key]), key).toEqual(placeholders(serverFo[key]));
    }
  });

  it('shares no key with the app catalogue, so the app never needs it', () => {
    for (const key of foKeys) expect(isMessageKey(key), key).toBe(false);
  });

  it('fills the e-mail texts in the language asked for', () => {
    expect(translateServer('mail.emailChange.subject', 'fo', { code: '1234' })).toBe(
      'Tín kota: 1234',
    );
    expect(translateServer('mail.emailChange.subject', 'en', { code: '1234' })).toBe(
      'Your code: 1234',
    );
    expect(translateServer('mail.passwordReset.text', 'en', { link: 'https://x/$&' })).toContain(
      '\n\nhttps://x/$&\n\n',
    );
    expect(translateServer('mail.passwordReset.subject')).toBe('Nýtt loyniorð');
  });
});

describe('receipt texts', () => {
  it("name the receipt in both languages and keep the spec's Faroese VAT line", () => {
    expect(translate('receipt.number', 'fo', { id: 'R1' })).toBe('Kvittan R1');
    expect(translate('receipt.number', 'en', { id: 'R1' })).toBe('Receipt R1');
    expect(fo['receipt.vat']).toBe('MVG (25%)');
    expect(en['receipt.vat']).toBe('MVG (25%)');
  });
});

describe('localized: operator-written content', () => {
  it('answers the English when asked for and given, else the Faroese', () => {
    expect(localized('Ein kaffi', 'One coffee', 'en')).toBe('One coffee');
    expect(localized('Ein kaffi', 'One coffee', 'fo')).toBe('Ein kaffi');
    expect(localized('Ein kaffi', null, 'en')).toBe('Ein kaffi');
    expect(localized('Ein kaffi', undefined, 'en')).toBe('Ein kaffi');
    expect(localized('Ein kaffi', '', 'en')).toBe('Ein kaffi');
  });
});
