import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fieldErrorsFromIssues } from './errors.ts';
import type { Locale } from './messages/index.ts';
import { normaliseVoucherCode, voucherIssueSchema, voucherRedeemSchema } from './vouchers.ts';

const FO = {
  code: 'Vinaliga tøppa kotu inn.',
  tooLong: 'Teksturin er ov langur.',
  required: 'Teigurin er kravdur.',
  unknown: 'Hesin teigurin er ikki loyvdur.',
  invalid: 'Virðið er ikki gildigt.',
} as const;
const EN = {
  code: 'Please enter the code.',
  tooLong: 'The text is too long.',
  required: 'The field is required.',
  unknown: 'This field is not allowed.',
  invalid: 'The value is not valid.',
} as const;

function errorsOf(input: unknown, locale: Locale = 'fo') {
  const result = voucherRedeemSchema.safeParse(input);
  return result.success ? {} : fieldErrorsFromIssues(result.error.issues, locale);
}

/** Asserts one message on `code` in both locales. */
function expectCodeError(code: unknown, rule: keyof typeof FO) {
  expect(errorsOf({ code }, 'fo')).toEqual({ code: FO[rule] });
  expect(errorsOf({ code }, 'en')).toEqual({ code: EN[rule] });
}

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const codeArb = (min: number, max: number) =>
  fc
    .array(fc.constantFrom(...Array.from(ALNUM)), { minLength: min, maxLength: max })
    .map((chars) => chars.join(''));

describe('normaliseVoucherCode', () => {
  it.each([
    ['abcd-1234', 'ABCD1234'],
    ['AbCd 1234', 'ABCD1234'],
    ['  gaman-2026  ', 'GAMAN2026'],
    ['ab-cd ef\tgh\n12', 'ABCDEFGH12'],
    ['--a--b--', 'AB'],
    ['ABCD1234', 'ABCD1234'],
    ['', ''],
    [' - - ', ''],
  ])('normalises %j to %j', (input, expected) => {
    expect(normaliseVoucherCode(input)).toBe(expected);
  });

  it('keeps other punctuation, so that the schema can refuse it', () => {
    expect(normaliseVoucherCode('ab_cd.12')).toBe('AB_CD.12');
  });

  it('ignores case, spaces and dashes, and is idempotent', () => {
    fc.assert(
      fc.property(
        codeArb(0, 32),
        fc.array(fc.constantFrom(' ', '-', '\t', '  ', '--'), { maxLength: 40 }),
        fc.array(fc.boolean(), { maxLength: 32 }),
        (code, separators, lower) => {
          // Lower-case some letters and sprinkle separators between the characters.
          const typed = Array.from(code)
            .map((c, i) => (lower[i] ? c.toLowerCase() : c) + (separators[i] ?? ''))
            .join('');
          const normalised = normaliseVoucherCode(`${separators.at(-1) ?? ''}${typed}`);
          expect(normalised).toBe(code);
          expect(normaliseVoucherCode(normalised)).toBe(normalised);
        },
      ),
    );
  });
});

describe('voucherRedeemSchema', () => {
  it('accepts a code and gives it normalised', () => {
    expect(voucherRedeemSchema.parse({ code: 'gaman-2026' })).toEqual({ code: 'GAMAN2026' });
    expect(voucherRedeemSchema.parse({ code: '  abcd 1234 efgh  ' })).toEqual({
      code: 'ABCD1234EFGH',
    });
  });

  it('accepts 4 to 32 characters after normalising', () => {
    expect(voucherRedeemSchema.parse({ code: 'ab12' })).toEqual({ code: 'AB12' });
    expect(voucherRedeemSchema.parse({ code: 'A'.repeat(32) })).toEqual({ code: 'A'.repeat(32) });
    // 32 characters in groups of four: 39 typed, 32 after normalising.
    const grouped = Array.from({ length: 8 }, () => 'ab12').join('-');
    expect(voucherRedeemSchema.parse({ code: grouped })).toEqual({ code: 'AB12'.repeat(8) });
  });

  it('counts the length after normalising: separators do not make a short code long enough', () => {
    expectCodeError('a-b-c', 'code');
    expectCodeError('a b c', 'code');
    expectCodeError('ab  -  c', 'code');
  });

  it.each(['', '   ', '\t\n'])('asks for the code when it is blank: %j', (code) => {
    expectCodeError(code, 'code');
  });

  it.each([
    'ab',
    'ABC',
    'AB!CD',
    'ÆØÅ12',
    'æblið1',
    'ABCD_1234',
    'ABCD.1234',
    'ABCD/1234',
    '12,34',
  ])('refuses the malformed code %j with "Vinaliga tøppa kotu inn."', (code) => {
    expectCodeError(code, 'code');
  });

  it('refuses 33 characters after normalising', () => {
    expectCodeError('A'.repeat(33), 'code');
    expectCodeError(`${'AB12'.repeat(8)}-9`, 'code');
  });

  it.each([41, 60, 1000])('refuses %i typed characters as too long', (length) => {
    expectCodeError('A'.repeat(length), 'tooLong');
  });

  it('trims before measuring the length', () => {
    expect(voucherRedeemSchema.parse({ code: `   ${'A'.repeat(32)}   ` })).toEqual({
      code: 'A'.repeat(32),
    });
  });

  it.each([undefined, null])('says the code is required when it is %j', (code) => {
    expectCodeError(code, 'required');
    expect(errorsOf({})).toEqual({ code: FO.required });
  });

  it('refuses a code that is not text', () => {
    expect(voucherRedeemSchema.safeParse({ code: 1234 }).success).toBe(false);
    expect(voucherRedeemSchema.safeParse({ code: ['ABCD'] }).success).toBe(false);
  });

  it('refuses unknown keys, on each key', () => {
    expect(errorsOf({ code: 'ABCD1234', userId: 'x', amount: 100 })).toEqual({
      userId: FO.unknown,
      amount: FO.unknown,
    });
    expect(errorsOf({ code: 'ABCD1234', userId: 'x' }, 'en')).toEqual({ userId: EN.unknown });
  });

  it.each([null, 'ABCD1234', []])('refuses a body of %j', (body) => {
    expect(errorsOf(body)).toEqual({ _: FO.invalid });
  });

  it('accepts exactly the codes of 4..32 letters and digits, however they are typed', () => {
    fc.assert(
      fc.property(
        codeArb(0, 40),
        fc.constantFrom('', '-', ' '),
        fc.boolean(),
        (code, separator, lower) => {
          // Groups of four keep any valid code within the typed-length limit.
          const typed = (code.match(/.{1,4}/g) ?? []).join(separator);
          const input = lower ? typed.toLowerCase() : typed;
          const result = voucherRedeemSchema.safeParse({ code: `  ${input} ` });
          if (code.length >= 4 && code.length <= 32) {
            expect(result.success).toBe(true);
            expect(result.data).toEqual({ code });
          } else {
            expect(result.success).toBe(false);
            const errors = fieldErrorsFromIssues(result.error?.issues ?? [], 'fo');
            expect(errors).toEqual({ code: input.length > 40 ? FO.tooLong : FO.code });
          }
        },
      ),
    );
  });

  it('refuses any code with a character other than A-Z, 0-9, space or dash', () => {
    fc.assert(
      fc.property(
        codeArb(2, 10),
        fc.string({ minLength: 1, maxLength: 1 }).filter((c) => !/^[a-zA-Z0-9\s-]$/.test(c)),
        codeArb(2, 10),
        (before, odd, after) => {
          // Some characters upper-case into letters (ß → SS); they are fine.
          fc.pre(!/^[A-Z0-9]+$/.test(odd.toUpperCase()));
          expect(voucherRedeemSchema.safeParse({ code: `${before}${odd}${after}` }).success).toBe(
            false,
          );
        },
      ),
    );
  });
});

describe('voucherIssueSchema: the name in both languages', () => {
  const order = (extra: Record<string, unknown>) => ({
    kind: 'product',
    name: 'Ein kaffi',
    product: 'beverages',
    codeType: 'premium',
    expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
    ...extra,
  });

  it('takes an English name beside the Faroese one', () => {
    const parsed = voucherIssueSchema.parse(order({ nameEn: '  One coffee ' }));
    expect(parsed.name).toBe('Ein kaffi');
    expect(parsed.nameEn).toBe('One coffee');
  });

  it('leaves the English out when it is missing or blank, as older clients send it', () => {
    expect(voucherIssueSchema.parse(order({})).nameEn).toBeUndefined();
    expect(voucherIssueSchema.parse(order({ nameEn: '   ' })).nameEn).toBeUndefined();
  });

  it('refuses an English name too long, of the wrong type or with control characters', () => {
    const errors = (nameEn: unknown, locale: Locale) => {
      const result = voucherIssueSchema.safeParse(order({ nameEn }));
      return result.success ? {} : fieldErrorsFromIssues(result.error.issues, locale);
    };
    expect(errors('x'.repeat(81), 'fo')).toEqual({ nameEn: FO.tooLong });
    expect(errors('x'.repeat(81), 'en')).toEqual({ nameEn: EN.tooLong });
    expect(errors(42, 'en')).toEqual({ nameEn: EN.invalid });
    expect(errors('One\u0000coffee', 'en')).toEqual({
      nameEn: 'The text contains characters that are not allowed.',
    });
  });
});
