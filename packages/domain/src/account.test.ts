import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  emailChangeRequestSchema,
  emailChangeSchema,
  forgotPasswordSchema,
  localeSchema,
  passwordChangeSchema,
  profileUpdateSchema,
  registerSchema,
  resetPasswordSchema,
  signInSchema,
} from './account.ts';
import { fieldErrorsFromIssues } from './errors.ts';
import type { Locale } from './messages/index.ts';

/** The texts of spec §5, written out so that a changed message file is caught here. */
const FO = {
  required: 'Teigurin er kravdur.',
  email: 'Vinaliga skriva ein gildigan teldubústað.',
  passwordMin: 'Loyniorð skal vera minst 8 tekin langt.',
  mismatch: 'Loyniorðini eru ikki eins.',
  terms: 'Vinaliga góðtak keypstreytir.',
  code: 'Vinaliga tøppa kotu inn.',
  unknown: 'Hesin teigurin er ikki loyvdur.',
  tooLong: 'Teksturin er ov langur.',
  invalid: 'Virðið er ikki gildigt.',
} as const;

const EN = {
  required: 'The field is required.',
  email: 'Please enter a valid email address.',
  passwordMin: 'Password must be at least 8 characters long.',
  mismatch: 'Passwords do not match.',
  terms: 'Please accept the terms of purchase.',
  code: 'Please enter the code.',
  unknown: 'This field is not allowed.',
  tooLong: 'The text is too long.',
  invalid: 'The value is not valid.',
} as const;

type Rule = keyof typeof FO;

/** Field errors of a payload in a locale; `{}` when it is valid. */
function errorsOf(
  schema: z.ZodType,
  input: unknown,
  locale: Locale = 'fo',
): Record<string, string> {
  const result = schema.safeParse(input);
  return result.success ? {} : fieldErrorsFromIssues(result.error.issues, locale);
}

/** Asserts the exact field errors in both Faroese and English. */
function expectErrors(schema: z.ZodType, input: unknown, expected: Record<string, Rule>): void {
  const fo = Object.fromEntries(Object.entries(expected).map(([field, rule]) => [field, FO[rule]]));
  const en = Object.fromEntries(Object.entries(expected).map(([field, rule]) => [field, EN[rule]]));
  expect(errorsOf(schema, input, 'fo')).toEqual(fo);
  expect(errorsOf(schema, input, 'en')).toEqual(en);
}

function expectValid(schema: z.ZodType, input: unknown): void {
  const result = schema.safeParse(input);
  expect(result.error?.issues).toBeUndefined();
  expect(result.success).toBe(true);
}

/** A copy of `value` without `key`. */
function without<T extends object>(value: T, key: keyof T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([k]) => k !== key)) as Partial<T>;
}

const LONG = 'x'.repeat(10_000);
const pw7 = 'abcdefg';
const pw8 = 'abcdefgh';

const validProfile = {
  name: 'Jógvan Joensen',
  address: 'Gøtugøta 1',
  postCode: '100',
  city: 'Tórshavn',
  mobile: '123456',
};

const validRegistration = {
  ...validProfile,
  email: 'jogvan@example.fo',
  password: 'loyniord1',
  passwordConfirmation: 'loyniord1',
  terms: true,
};

const invalidEmails = [
  '',
  '   ',
  'plain',
  'jogvan@',
  '@example.fo',
  'jogvan@example',
  'jógvan @example.fo',
  'jogvan@@example.fo',
  'jogvan..joensen@example.fo',
  '.jogvan@example.fo',
  'jogvan@example..fo',
  'jogvan@-example.fo',
  `${'a'.repeat(250)}@example.fo`,
];

/** [field, one character too short, just long enough] for the profile rules of spec §5. */
const profileBoundaries = [
  ['name', 'J', 'Jó'],
  ['address', 'G', 'G1'],
  ['postCode', '10', '100'],
  ['city', 'T', 'Tv'],
  ['mobile', '12345', '123456'],
] as const;

/** The maximum length of each profile text. */
const profileMax = { name: 100, address: 200, postCode: 20, city: 100, mobile: 30 } as const;

describe('registerSchema', () => {
  it('accepts a valid registration and returns trimmed text and a lower-case email', () => {
    const result = registerSchema.parse({
      ...validRegistration,
      name: '  Jógvan Joensen  ',
      city: '\tTórshavn\n',
      email: '  Jogvan@Example.FO ',
    });
    expect(result).toEqual({
      ...validRegistration,
      name: 'Jógvan Joensen',
      city: 'Tórshavn',
      email: 'jogvan@example.fo',
    });
  });

  it('reports every missing field, with the terms text for terms', () => {
    expectErrors(
      registerSchema,
      {},
      {
        name: 'required',
        address: 'required',
        postCode: 'required',
        city: 'required',
        mobile: 'required',
        email: 'required',
        password: 'required',
        passwordConfirmation: 'required',
        terms: 'terms',
      },
    );
  });

  describe.each(profileBoundaries)('%s', (field, tooShort, justEnough) => {
    it(`refuses ${String(tooShort.length)} characters`, () => {
      expectErrors(
        registerSchema,
        { ...validRegistration, [field]: tooShort },
        { [field]: 'required' },
      );
    });

    it(`accepts ${String(justEnough.length)} characters`, () => {
      expectValid(registerSchema, { ...validRegistration, [field]: justEnough });
    });

    it('counts a value that is only long enough with its padding as too short', () => {
      expectErrors(
        registerSchema,
        { ...validRegistration, [field]: `  ${tooShort}  ` },
        { [field]: 'required' },
      );
    });

    it('treats whitespace-only and empty values as empty', () => {
      for (const blank of ['', ' ', '      ', '\t\n ']) {
        expectErrors(
          registerSchema,
          { ...validRegistration, [field]: blank },
          { [field]: 'required' },
        );
      }
    });

    it('requires the field when it is missing or null', () => {
      expectErrors(registerSchema, without(validRegistration, field), { [field]: 'required' });
      expectErrors(
        registerSchema,
        { ...validRegistration, [field]: null },
        { [field]: 'required' },
      );
    });

    it('refuses a number instead of a string without throwing', () => {
      expect(() =>
        registerSchema.safeParse({ ...validRegistration, [field]: 123456 }),
      ).not.toThrow();
      expectErrors(
        registerSchema,
        { ...validRegistration, [field]: 123456 },
        { [field]: 'invalid' },
      );
    });

    it('refuses other non-string values', () => {
      for (const value of [true, {}, ['Jógvan'], 12.5]) {
        expectErrors(
          registerSchema,
          { ...validRegistration, [field]: value },
          { [field]: 'invalid' },
        );
      }
    });

    it('accepts the maximum length and refuses one more, and 10,000 characters', () => {
      const max = profileMax[field];
      expectValid(registerSchema, { ...validRegistration, [field]: '1'.repeat(max) });
      expectErrors(
        registerSchema,
        { ...validRegistration, [field]: '1'.repeat(max + 1) },
        { [field]: 'tooLong' },
      );
      expectErrors(registerSchema, { ...validRegistration, [field]: LONG }, { [field]: 'tooLong' });
    });
  });

  describe('email', () => {
    it.each(invalidEmails)('refuses %j', (email) => {
      expectErrors(registerSchema, { ...validRegistration, email }, { email: 'email' });
    });

    it('refuses an email of 10,000 characters with the email text', () => {
      expectErrors(
        registerSchema,
        { ...validRegistration, email: `${LONG}@example.fo` },
        { email: 'email' },
      );
    });

    it('refuses a number and requires a missing email', () => {
      expectErrors(registerSchema, { ...validRegistration, email: 42 }, { email: 'invalid' });
      expectErrors(
        registerSchema,
        { ...validRegistration, email: undefined },
        { email: 'required' },
      );
    });

    it('lower-cases and trims the email', () => {
      expect(
        registerSchema.parse({ ...validRegistration, email: ' \tJOGVAN.Joensen@Example.FO  ' })
          .email,
      ).toBe('jogvan.joensen@example.fo');
    });
  });

  describe('password and passwordConfirmation', () => {
    it('accepts 8 characters in both', () => {
      expectValid(registerSchema, {
        ...validRegistration,
        password: pw8,
        passwordConfirmation: pw8,
      });
    });

    it('refuses 7 characters in both, without the mismatch text', () => {
      expectErrors(
        registerSchema,
        { ...validRegistration, password: pw7, passwordConfirmation: pw7 },
        { password: 'passwordMin', passwordConfirmation: 'passwordMin' },
      );
    });

    it('refuses a password of 7 when the confirmation has 8, and says they differ', () => {
      expectErrors(
        registerSchema,
        { ...validRegistration, password: pw7, passwordConfirmation: pw8 },
        { password: 'passwordMin', passwordConfirmation: 'mismatch' },
      );
    });

    it('shows both the length and the mismatch, the mismatch on the confirmation', () => {
      expectErrors(
        registerSchema,
        { ...validRegistration, password: 'short', passwordConfirmation: 'another-password-1' },
        { password: 'passwordMin', passwordConfirmation: 'mismatch' },
      );
      // Other fields' errors do not hide it.
      expectErrors(
        registerSchema,
        { ...validRegistration, name: '', password: 'short', passwordConfirmation: 'shorter-not' },
        { name: 'required', password: 'passwordMin', passwordConfirmation: 'mismatch' },
      );
    });

    it('refuses a confirmation of 7 with the length text, not the mismatch text', () => {
      expectErrors(
        registerSchema,
        { ...validRegistration, password: pw8, passwordConfirmation: pw7 },
        { passwordConfirmation: 'passwordMin' },
      );
    });

    it('refuses empty passwords with the length text', () => {
      expectErrors(
        registerSchema,
        { ...validRegistration, password: '', passwordConfirmation: '' },
        { password: 'passwordMin', passwordConfirmation: 'passwordMin' },
      );
    });

    it('counts characters, not UTF-16 units', () => {
      const sevenChars = '🔒🔒🔒🔒abc';
      const eightChars = '🔒🔒🔒🔒abcd';
      expectErrors(
        registerSchema,
        { ...validRegistration, password: sevenChars, passwordConfirmation: sevenChars },
        { password: 'passwordMin', passwordConfirmation: 'passwordMin' },
      );
      expectValid(registerSchema, {
        ...validRegistration,
        password: eightChars,
        passwordConfirmation: eightChars,
      });
    });

    it('does not trim passwords', () => {
      const padded = '  abcdef  ';
      const result = registerSchema.parse({
        ...validRegistration,
        password: padded,
        passwordConfirmation: padded,
      });
      expect(result.password).toBe(padded);
      // The same text without its padding is a different password.
      expectErrors(
        registerSchema,
        { ...validRegistration, password: padded, passwordConfirmation: 'abcdef' },
        { passwordConfirmation: 'passwordMin' },
      );
    });

    it('accepts 256 characters and refuses 257 and 10,000', () => {
      const p256 = 'p'.repeat(256);
      const p257 = 'p'.repeat(257);
      expectValid(registerSchema, {
        ...validRegistration,
        password: p256,
        passwordConfirmation: p256,
      });
      expectErrors(
        registerSchema,
        { ...validRegistration, password: p257, passwordConfirmation: p257 },
        { password: 'tooLong', passwordConfirmation: 'tooLong' },
      );
      expectErrors(
        registerSchema,
        { ...validRegistration, password: LONG, passwordConfirmation: LONG },
        { password: 'tooLong', passwordConfirmation: 'tooLong' },
      );
    });

    it('refuses numbers instead of strings', () => {
      expectErrors(
        registerSchema,
        { ...validRegistration, password: 12345678, passwordConfirmation: 12345678 },
        { password: 'invalid', passwordConfirmation: 'invalid' },
      );
    });
  });

  describe('passwords must match', () => {
    it('puts the mismatch text on passwordConfirmation', () => {
      expectErrors(
        registerSchema,
        { ...validRegistration, password: 'loyniord1', passwordConfirmation: 'loyniord2' },
        { passwordConfirmation: 'mismatch' },
      );
    });

    it('compares case-sensitively', () => {
      expectErrors(
        registerSchema,
        { ...validRegistration, password: 'Loyniord1', passwordConfirmation: 'loyniord1' },
        { passwordConfirmation: 'mismatch' },
      );
    });

    it('reports the mismatch while other fields are invalid', () => {
      expectErrors(
        registerSchema,
        {
          ...validRegistration,
          name: '',
          email: 'not-an-email',
          mobile: '1',
          terms: false,
          password: 'loyniord1',
          passwordConfirmation: 'loyniord2',
        },
        {
          name: 'required',
          email: 'email',
          mobile: 'required',
          terms: 'terms',
          passwordConfirmation: 'mismatch',
        },
      );
    });

    it('reports the mismatch beside unknown keys', () => {
      expectErrors(
        registerSchema,
        { ...validRegistration, isAdmin: true, passwordConfirmation: 'loyniord2' },
        { isAdmin: 'unknown', passwordConfirmation: 'mismatch' },
      );
    });

    it('does not compare when the confirmation is missing', () => {
      expectErrors(registerSchema, without(validRegistration, 'passwordConfirmation'), {
        passwordConfirmation: 'required',
      });
    });
  });

  describe('terms', () => {
    it.each([
      ['false', false],
      ['missing', undefined],
      ['null', null],
      ['the string "true"', 'true'],
      ['1', 1],
    ])('refuses %s', (_label, terms) => {
      expectErrors(registerSchema, { ...validRegistration, terms }, { terms: 'terms' });
    });

    it('accepts true', () => {
      expectValid(registerSchema, { ...validRegistration, terms: true });
    });
  });

  describe('unknown keys', () => {
    it('refuses them, one error per unknown field', () => {
      expectErrors(
        registerSchema,
        { ...validRegistration, isAdmin: true, accountType: 'business' },
        { isAdmin: 'unknown', accountType: 'unknown' },
      );
    });

    it('reports unknown keys beside the errors of known fields', () => {
      expectErrors(
        registerSchema,
        { ...validRegistration, city: 'T', role: 'admin' },
        { city: 'required', role: 'unknown' },
      );
    });

    it('refuses an unknown key even when its value is undefined-like', () => {
      expectErrors(registerSchema, { ...validRegistration, extra: null }, { extra: 'unknown' });
    });
  });

  describe('non-object payloads', () => {
    it.each([
      ['a string', 'payload'],
      ['a number', 42],
      ['an array', []],
      ['a boolean', true],
    ])('refuses %s on the form as a whole', (_label, payload) => {
      expect(() => registerSchema.safeParse(payload)).not.toThrow();
      expectErrors(registerSchema, payload, { _: 'invalid' });
    });

    it('refuses null without throwing', () => {
      expect(() => registerSchema.safeParse(null)).not.toThrow();
      expectErrors(registerSchema, null, { _: 'invalid' });
    });

    it('refuses undefined without throwing', () => {
      expect(() => registerSchema.safeParse(undefined)).not.toThrow();
    });

    it('never throws for any object payload', () => {
      fc.assert(
        fc.property(fc.object(), (payload) => {
          expect(() => registerSchema.safeParse(payload)).not.toThrow();
        }),
      );
    });
  });

  describe('properties', () => {
    const others = { ...validProfile, email: 'jogvan@example.fo', terms: true };

    it('never reports a mismatch when both passwords are equal and at least 8 characters', () => {
      fc.assert(
        fc.property(
          fc.string({ minLength: 8, maxLength: 256, unit: 'binary' }),
          fc.record({
            name: fc.string({ maxLength: 5 }),
            terms: fc.boolean(),
          }),
          (password, noise) => {
            const payload = { ...others, ...noise, password, passwordConfirmation: password };
            const errors = errorsOf(registerSchema, payload);
            expect(errors.passwordConfirmation).toBeUndefined();
            expect(errors.password).toBeUndefined();
          },
        ),
      );
    });

    it('always reports the mismatch, and only it, for two different valid passwords', () => {
      fc.assert(
        fc.property(
          fc.string({ minLength: 8, maxLength: 64 }),
          fc.string({ minLength: 8, maxLength: 64 }),
          (password, passwordConfirmation) => {
            fc.pre(password !== passwordConfirmation);
            expect(errorsOf(registerSchema, { ...others, password, passwordConfirmation })).toEqual(
              {
                passwordConfirmation: FO.mismatch,
              },
            );
          },
        ),
      );
    });

    it('treats any whitespace-only name as empty', () => {
      fc.assert(
        fc.property(
          fc.string({ unit: fc.constantFrom(' ', '\t', '\n', '\r', '\u00a0'), maxLength: 50 }),
          (name) => {
            expect(errorsOf(registerSchema, { ...validRegistration, name })).toEqual({
              name: FO.required,
            });
          },
        ),
      );
    });
  });
});

describe('profileUpdateSchema', () => {
  it('accepts a valid profile and trims it', () => {
    expect(
      profileUpdateSchema.parse({ ...validProfile, name: ' Jógvan Joensen ', mobile: ' 123456 ' }),
    ).toEqual(validProfile);
  });

  it('reports every missing field', () => {
    expectErrors(
      profileUpdateSchema,
      {},
      {
        name: 'required',
        address: 'required',
        postCode: 'required',
        city: 'required',
        mobile: 'required',
      },
    );
  });

  describe.each(profileBoundaries)('%s', (field, tooShort, justEnough) => {
    it(`refuses ${String(tooShort.length)} characters and accepts ${String(justEnough.length)}`, () => {
      expectErrors(
        profileUpdateSchema,
        { ...validProfile, [field]: tooShort },
        { [field]: 'required' },
      );
      expectValid(profileUpdateSchema, { ...validProfile, [field]: justEnough });
    });

    it('treats whitespace-only values as empty', () => {
      expectErrors(
        profileUpdateSchema,
        { ...validProfile, [field]: '     ' },
        { [field]: 'required' },
      );
      expectErrors(
        profileUpdateSchema,
        { ...validProfile, [field]: ` ${tooShort} ` },
        { [field]: 'required' },
      );
    });

    it('refuses 10,000 characters and numbers', () => {
      expectErrors(profileUpdateSchema, { ...validProfile, [field]: LONG }, { [field]: 'tooLong' });
      expectErrors(
        profileUpdateSchema,
        { ...validProfile, [field]: 123456 },
        { [field]: 'invalid' },
      );
    });
  });

  it('refuses unknown keys, including fields that only registration has', () => {
    expectErrors(
      profileUpdateSchema,
      { ...validProfile, email: 'jogvan@example.fo', password: 'loyniord1', isAdmin: true },
      { email: 'unknown', password: 'unknown', isAdmin: 'unknown' },
    );
  });

  it('refuses non-object payloads', () => {
    expectErrors(profileUpdateSchema, null, { _: 'invalid' });
    expectErrors(profileUpdateSchema, 'profile', { _: 'invalid' });
  });
});

describe('signInSchema', () => {
  const valid = { email: 'jogvan@example.fo', password: 'x' };

  it('accepts a password of 1 character and refuses an empty one', () => {
    expectValid(signInSchema, valid);
    expectErrors(signInSchema, { ...valid, password: '' }, { password: 'required' });
  });

  it('does not apply the new-password length rule', () => {
    expectValid(signInSchema, { ...valid, password: pw7 });
  });

  it('requires a missing password and refuses a number', () => {
    expectErrors(signInSchema, { email: valid.email }, { password: 'required' });
    expectErrors(signInSchema, { ...valid, password: 1234 }, { password: 'invalid' });
  });

  it('refuses a password of 10,000 characters', () => {
    expectErrors(signInSchema, { ...valid, password: LONG }, { password: 'tooLong' });
  });

  it('keeps a whitespace-only password as it is (passwords are not trimmed)', () => {
    expect(signInSchema.parse({ ...valid, password: '   ' }).password).toBe('   ');
  });

  it.each(invalidEmails)('refuses the email %j', (email) => {
    expectErrors(signInSchema, { ...valid, email }, { email: 'email' });
  });

  it('lower-cases and trims the email', () => {
    expect(signInSchema.parse({ ...valid, email: '  Jogvan@EXAMPLE.fo ' }).email).toBe(
      'jogvan@example.fo',
    );
  });

  it('ignores unknown keys: they pass and are stripped from the output', () => {
    const result = signInSchema.safeParse({ ...valid, rememberMe: true, extra: 'x' });
    expect(result.success).toBe(true);
    expect(result.data).toEqual(valid);
  });

  it('refuses an empty payload and non-objects without throwing', () => {
    expectErrors(signInSchema, {}, { email: 'required', password: 'required' });
    expectErrors(signInSchema, null, { _: 'invalid' });
    expectErrors(signInSchema, undefined, { _: 'invalid' });
  });
});

describe('passwordChangeSchema', () => {
  const valid = { oldPassword: 'x', password: pw8 };

  it('accepts an old password of 1 character and a new one of 8', () => {
    expectValid(passwordChangeSchema, valid);
  });

  it('refuses an empty old password', () => {
    expectErrors(passwordChangeSchema, { ...valid, oldPassword: '' }, { oldPassword: 'required' });
  });

  it('refuses a new password of 7 characters', () => {
    expectErrors(passwordChangeSchema, { ...valid, password: pw7 }, { password: 'passwordMin' });
  });

  it('reports both fields at once', () => {
    expectErrors(
      passwordChangeSchema,
      { oldPassword: '', password: pw7 },
      { oldPassword: 'required', password: 'passwordMin' },
    );
    expectErrors(passwordChangeSchema, {}, { oldPassword: 'required', password: 'required' });
  });

  it('refuses 10,000 characters in either field', () => {
    expectErrors(
      passwordChangeSchema,
      { oldPassword: LONG, password: LONG },
      { oldPassword: 'tooLong', password: 'tooLong' },
    );
  });

  it('refuses numbers without throwing', () => {
    expectErrors(
      passwordChangeSchema,
      { oldPassword: 1, password: 12345678 },
      { oldPassword: 'invalid', password: 'invalid' },
    );
  });

  it('refuses unknown keys, one error per field', () => {
    expectErrors(
      passwordChangeSchema,
      { ...valid, passwordConfirmation: pw8, userId: '1' },
      { passwordConfirmation: 'unknown', userId: 'unknown' },
    );
  });
});

describe('forgotPasswordSchema', () => {
  it('accepts a valid email and lower-cases it', () => {
    expect(forgotPasswordSchema.parse({ email: ' Jogvan@Example.FO' })).toEqual({
      email: 'jogvan@example.fo',
    });
  });

  it.each(invalidEmails)('refuses %j', (email) => {
    expectErrors(forgotPasswordSchema, { email }, { email: 'email' });
  });

  it('requires the email', () => {
    expectErrors(forgotPasswordSchema, {}, { email: 'required' });
  });
});

describe('resetPasswordSchema', () => {
  const valid = { token: 'abc', password: pw8 };

  it('accepts a token and a new password of 8', () => {
    expectValid(resetPasswordSchema, valid);
  });

  it('refuses an empty token, a too long token and a short password', () => {
    expectErrors(resetPasswordSchema, { ...valid, token: '' }, { token: 'required' });
    expectErrors(resetPasswordSchema, { ...valid, token: 't'.repeat(200) }, {});
    expectErrors(resetPasswordSchema, { ...valid, token: 't'.repeat(201) }, { token: 'invalid' });
    expectErrors(resetPasswordSchema, { ...valid, password: pw7 }, { password: 'passwordMin' });
  });

  it('refuses unknown keys', () => {
    expectErrors(resetPasswordSchema, { ...valid, email: 'a@b.fo' }, { email: 'unknown' });
  });
});

describe('emailChangeRequestSchema', () => {
  it('accepts a valid email and lower-cases it', () => {
    expect(emailChangeRequestSchema.parse({ email: 'NEW@Example.fo ' })).toEqual({
      email: 'new@example.fo',
    });
  });

  it.each(invalidEmails)('refuses %j', (email) => {
    expectErrors(emailChangeRequestSchema, { email }, { email: 'email' });
  });

  it('refuses unknown keys', () => {
    expectErrors(
      emailChangeRequestSchema,
      { email: 'new@example.fo', password: 'x' },
      { password: 'unknown' },
    );
  });
});

describe('emailChangeSchema', () => {
  const valid = { email: 'new@example.fo', token: '1234' };

  it.each([
    ['3', '123'],
    ['5', '12345'],
    ['0', ''],
    ['4 spaces', '    '],
    ['10,000', LONG],
  ])('refuses a token of %s characters', (_label, token) => {
    expectErrors(emailChangeSchema, { ...valid, token }, { token: 'code' });
  });

  it('accepts a token of 4 characters', () => {
    expectValid(emailChangeSchema, valid);
    expectValid(emailChangeSchema, { ...valid, token: 'AB12' });
  });

  it('trims the token', () => {
    expect(emailChangeSchema.parse({ ...valid, token: ' 1234 ' }).token).toBe('1234');
    expectErrors(emailChangeSchema, { ...valid, token: ' 123 ' }, { token: 'code' });
  });

  it('refuses a missing token and a number with the code text', () => {
    expectErrors(emailChangeSchema, { email: valid.email }, { token: 'code' });
    expectErrors(emailChangeSchema, { ...valid, token: 1234 }, { token: 'code' });
  });

  it('validates the email as well', () => {
    expectErrors(emailChangeSchema, { ...valid, email: 'nope' }, { email: 'email' });
    expect(emailChangeSchema.parse({ ...valid, email: 'NEW@EXAMPLE.FO' }).email).toBe(
      'new@example.fo',
    );
  });

  it('refuses unknown keys', () => {
    expectErrors(emailChangeSchema, { ...valid, code: '1234' }, { code: 'unknown' });
  });
});

describe('localeSchema', () => {
  it('accepts fo and en only', () => {
    expect(localeSchema.parse('fo')).toBe('fo');
    expect(localeSchema.parse('en')).toBe('en');
    for (const value of ['de', 'FO', 'en-GB', '', null, 1]) {
      expect(localeSchema.safeParse(value).success).toBe(false);
    }
  });
});
