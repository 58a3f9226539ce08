import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { fieldErrorsFromIssues } from './errors.ts';
import type { Locale } from './messages/index.ts';
import {
  canPayFor,
  cardSessionStartSchema,
  isOwnCardNumber,
  luhnValid,
  normaliseDigits,
  OWN_CARD_PREFIX,
  ownCardAddSchema,
  paymentAgreementSchema,
  paymentProducts,
  type PaymentMethod,
  type PaymentProduct,
  paymentAgreementUpdateSchema,
} from './wallet.ts';

/** The texts of the message files, written out so that a changed text is caught here. */
const FO = {
  required: 'Teigurin er kravdur.',
  email: 'Vinaliga skriva ein gildigan teldubústað.',
  unknown: 'Hesin teigurin er ikki loyvdur.',
  tooLong: 'Teksturin er ov langur.',
  invalid: 'Virðið er ikki gildigt.',
  cardNumber: 'Kortnummarið er ikki gildigt.',
  registrationNumber: 'Skrásetingarnummarið skal vera 4 tøl.',
  accountNumber: 'Kontonummarið skal vera í mesta lagi 10 tøl.',
  phone: 'Vinaliga skriva eitt gildigt telefonnummar.',
  pin: 'PIN-kotan skal vera 4 tøl.',
  code: 'Vinaliga tøppa kotu inn.',
} as const;

const EN = {
  required: 'The field is required.',
  email: 'Please enter a valid email address.',
  unknown: 'This field is not allowed.',
  tooLong: 'The text is too long.',
  invalid: 'The value is not valid.',
  cardNumber: 'The card number is not valid.',
  registrationNumber: 'The registration number must be 4 digits.',
  accountNumber: 'The account number must be at most 10 digits.',
  phone: 'Please enter a valid phone number.',
  pin: 'The PIN must be 4 digits.',
  code: 'Please enter the code.',
} as const satisfies Record<keyof typeof FO, string>;

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

/** Appends the one Luhn check digit that makes `body` valid, computed independently of luhnValid. */
function withCheckDigit(body: string): string {
  let sum = 0;
  // Counting from the right of the full number, the check digit is position 0,
  // so the body's last digit is position 1 and is doubled.
  for (let i = 0; i < body.length; i += 1) {
    let d = Number(body[body.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return body + String((10 - (sum % 10)) % 10);
}

/** Changes the last digit to another one. */
const otherLastDigit = (digits: string) =>
  digits.slice(0, -1) + String((Number(digits.slice(-1)) + 1) % 10);

const DIGITS = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'];

const digitString = (minLength: number, maxLength: number) =>
  fc.string({ unit: fc.constantFrom(...DIGITS), minLength, maxLength });

const TEST_CARDS = [
  '4242424242424242',
  '4000000000000002',
  '4000000000009995',
  '4000000000000069',
  '5555555555554444',
];

const OWN_CARD = withCheckDigit('707712345678901');

describe('luhnValid', () => {
  it('is computed by the test helper the same way for the known test cards', () => {
    for (const card of TEST_CARDS) expect(withCheckDigit(card.slice(0, -1))).toBe(card);
  });

  it.each(TEST_CARDS)('accepts the test card %s', (card) => {
    expect(luhnValid(card)).toBe(true);
  });

  it.each(TEST_CARDS)('refuses %s with a changed last digit', (card) => {
    for (let d = 1; d < 10; d += 1) {
      const changed = card.slice(0, -1) + String((Number(card.slice(-1)) + d) % 10);
      expect(luhnValid(changed)).toBe(false);
    }
  });

  it.each([
    '',
    '4242 4242 4242 4242',
    '4242-4242-4242-4242',
    '424242424242424a',
    ' 4242424242424242',
    '4242424242424242 ',
    '+4242424242424242',
    '４２４２４２４２４２４２４２４２', // full-width digits
    '4242424242424242\n',
  ])('refuses the non-digit input %j', (input) => {
    expect(luhnValid(input)).toBe(false);
  });

  it('refuses numbers shorter than 12 or longer than 19 digits, even with a valid checksum', () => {
    expect(luhnValid('0')).toBe(false);
    expect(luhnValid('00000000000')).toBe(false); // 11 zeros: checksum 0
    expect(luhnValid(withCheckDigit('4242424242'))).toBe(false); // 11 digits
    expect(luhnValid('00000000000000000000')).toBe(false); // 20 zeros
    expect(luhnValid(withCheckDigit('4242424242424242424'))).toBe(false); // 20 digits
  });

  it('accepts valid numbers of 12 and 19 digits', () => {
    expect(luhnValid('000000000000')).toBe(true);
    expect(luhnValid(withCheckDigit('42424242424'))).toBe(true);
    expect(luhnValid(withCheckDigit('424242424242424242'))).toBe(true);
  });

  it('has exactly one check digit for any 15-digit body', () => {
    fc.assert(
      fc.property(digitString(15, 15), (body) => {
        const valid = DIGITS.filter((d) => luhnValid(body + d));
        expect(valid).toEqual([withCheckDigit(body).slice(-1)]);
      }),
    );
  });

  it('has exactly one check digit for any body of 11 to 18 digits', () => {
    fc.assert(
      fc.property(digitString(11, 18), (body) => {
        expect(DIGITS.filter((d) => luhnValid(body + d))).toHaveLength(1);
      }),
    );
  });

  it('catches every single-digit change of a valid number', () => {
    fc.assert(
      fc.property(
        digitString(11, 18),
        fc.nat(),
        fc.integer({ min: 1, max: 9 }),
        (body, at, shift) => {
          const valid = withCheckDigit(body);
          const i = at % valid.length;
          const changed =
            valid.slice(0, i) + String((Number(valid[i]) + shift) % 10) + valid.slice(i + 1);
          expect(luhnValid(valid)).toBe(true);
          expect(luhnValid(changed)).toBe(false);
        },
      ),
    );
  });
});

describe('normaliseDigits', () => {
  it.each([
    ['4242 4242 4242 4242', '4242424242424242'],
    ['4242-4242-4242-4242', '4242424242424242'],
    [' 4242\t4242 - 4242\n4242 ', '4242424242424242'],
    ['12\u00a034', '1234'],
    ['', ''],
    ['abc', 'abc'], // only separators go; validation refuses the rest
    ['12.34', '12.34'],
  ])('%j becomes %j', (input, output) => {
    expect(normaliseDigits(input)).toBe(output);
  });

  it('leaves a string of digits unchanged', () => {
    fc.assert(
      fc.property(digitString(0, 30), (digits) => {
        expect(normaliseDigits(digits)).toBe(digits);
      }),
    );
  });
});

describe('isOwnCardNumber', () => {
  it('uses the issuer prefix 7077', () => {
    expect(OWN_CARD_PREFIX).toBe('7077');
  });

  it('accepts a 16-digit, Luhn-valid number with the prefix', () => {
    expect(OWN_CARD).toHaveLength(16);
    expect(isOwnCardNumber(OWN_CARD)).toBe(true);
  });

  it('accepts any 16-digit, Luhn-valid number with the prefix', () => {
    fc.assert(
      fc.property(digitString(11, 11), (middle) => {
        expect(isOwnCardNumber(withCheckDigit(`7077${middle}`))).toBe(true);
      }),
    );
  });

  it('refuses a wrong check digit', () => {
    expect(isOwnCardNumber(otherLastDigit(OWN_CARD))).toBe(false);
  });

  it('refuses valid payment cards of other issuers', () => {
    for (const card of TEST_CARDS) expect(isOwnCardNumber(card)).toBe(false);
    expect(isOwnCardNumber(withCheckDigit('707812345678901'))).toBe(false);
    expect(isOwnCardNumber(withCheckDigit('170712345678901'))).toBe(false);
  });

  it('refuses Luhn-valid numbers with the prefix but not 16 digits', () => {
    expect(isOwnCardNumber(withCheckDigit('70771234567890'))).toBe(false); // 15
    expect(isOwnCardNumber(withCheckDigit('7077123456789012'))).toBe(false); // 17
    expect(isOwnCardNumber(withCheckDigit('70771234567'))).toBe(false); // 12
    expect(isOwnCardNumber(withCheckDigit('707712345678901234'))).toBe(false); // 19
  });

  it('expects digits only', () => {
    expect(isOwnCardNumber(OWN_CARD.replace(/(\d{4})(?=\d)/g, '$1 '))).toBe(false);
  });
});

describe('ownCardAddSchema', () => {
  // The PIN from the card carrier; its own rules are tested below.
  const PIN = '1234';

  it('accepts the number with spaces or dashes and stores digits only', () => {
    const spaced = OWN_CARD.replace(/(\d{4})(?=\d)/g, '$1 ');
    expect(spaced).toBe(
      `${OWN_CARD.slice(0, 4)} ${OWN_CARD.slice(4, 8)} ${OWN_CARD.slice(8, 12)} ${OWN_CARD.slice(12)}`,
    );
    expect(ownCardAddSchema.parse({ cardNumber: spaced, pin: PIN })).toEqual({
      cardNumber: OWN_CARD,
      pin: PIN,
    });
    expect(
      ownCardAddSchema.parse({ cardNumber: OWN_CARD.replace(/(\d{4})(?=\d)/g, '$1-'), pin: PIN }),
    ).toEqual({ cardNumber: OWN_CARD, pin: PIN });
  });

  it('makes the name optional and trims it', () => {
    expect(ownCardAddSchema.parse({ cardNumber: OWN_CARD, pin: PIN })).toEqual({
      cardNumber: OWN_CARD,
      pin: PIN,
    });
    expect(ownCardAddSchema.parse({ cardNumber: OWN_CARD, pin: PIN, name: '  Bilurin  ' })).toEqual(
      { cardNumber: OWN_CARD, pin: PIN, name: 'Bilurin' },
    );
  });

  it.each(['', '   ', '\t\n'])('turns the empty name %j into undefined', (name) => {
    const parsed = ownCardAddSchema.parse({ cardNumber: OWN_CARD, pin: PIN, name });
    expect(parsed.name).toBeUndefined();
  });

  it('accepts a name of 40 characters and refuses 41', () => {
    expect(
      ownCardAddSchema.parse({ cardNumber: OWN_CARD, pin: PIN, name: 'x'.repeat(40) }).name,
    ).toBe('x'.repeat(40));
    expect(
      ownCardAddSchema.parse({ cardNumber: OWN_CARD, pin: PIN, name: `  ${'x'.repeat(40)}  ` })
        .name,
    ).toBe('x'.repeat(40));
    expectErrors(
      ownCardAddSchema,
      { cardNumber: OWN_CARD, pin: PIN, name: 'x'.repeat(41) },
      { name: 'tooLong' },
    );
  });

  it('refuses a name that is not text', () => {
    expectErrors(
      ownCardAddSchema,
      { cardNumber: OWN_CARD, pin: PIN, name: 42 },
      { name: 'invalid' },
    );
  });

  it('refuses unknown keys', () => {
    expectErrors(
      ownCardAddSchema,
      { cardNumber: OWN_CARD, pin: PIN, brand: 'visa', isActive: true },
      { brand: 'unknown', isActive: 'unknown' },
    );
    expect(errorsOf(ownCardAddSchema, { cardNumber: OWN_CARD, pin: PIN, extra: 1 })).toEqual({
      extra: 'Hesin teigurin er ikki loyvdur.',
    });
  });

  it('refuses a Visa number', () => {
    expect(errorsOf(ownCardAddSchema, { cardNumber: '4242 4242 4242 4242', pin: PIN })).toEqual({
      cardNumber: 'Kortnummarið er ikki gildigt.',
    });
    expectErrors(
      ownCardAddSchema,
      { cardNumber: '4242424242424242', pin: PIN },
      { cardNumber: 'cardNumber' },
    );
  });

  it.each([
    otherLastDigit(OWN_CARD),
    OWN_CARD.slice(0, -1),
    `${OWN_CARD}0`,
    `${OWN_CARD.slice(0, 8)}x${OWN_CARD.slice(9)}`,
    '',
    '    ',
  ])('refuses the card number %j', (cardNumber) => {
    expectErrors(ownCardAddSchema, { cardNumber, pin: PIN }, { cardNumber: 'cardNumber' });
  });

  it('requires the card number', () => {
    expectErrors(ownCardAddSchema, {}, { cardNumber: 'required' });
    expectErrors(ownCardAddSchema, { name: 'Bilurin' }, { cardNumber: 'required' });
  });

  it('refuses a payload that is not an object', () => {
    expectErrors(ownCardAddSchema, null, { _: 'invalid' });
    expectErrors(ownCardAddSchema, [OWN_CARD], { _: 'invalid' });
  });

  it('needs the PIN from the carrier or a code with its challenge', () => {
    expectErrors(ownCardAddSchema, { cardNumber: OWN_CARD }, { pin: 'pin' });
    expectErrors(ownCardAddSchema, { cardNumber: OWN_CARD, pin: '' }, { pin: 'pin' });
    expectErrors(ownCardAddSchema, { cardNumber: OWN_CARD, pin: '12345' }, { pin: 'pin' });
    expectErrors(ownCardAddSchema, { cardNumber: OWN_CARD, pin: ' 12a4' }, { pin: 'pin' });
    expectErrors(ownCardAddSchema, { cardNumber: OWN_CARD, code: '123456' }, { code: 'code' });
    expectErrors(
      ownCardAddSchema,
      { cardNumber: OWN_CARD, challengeId: 'ch_1', code: '12345' },
      { code: 'code' },
    );
    expect(
      ownCardAddSchema.parse({
        cardNumber: OWN_CARD,
        pin: '',
        challengeId: 'ch_1',
        code: '123456',
      }),
    ).toEqual({ cardNumber: OWN_CARD, challengeId: 'ch_1', code: '123456' });
  });
});

describe('paymentAgreementSchema', () => {
  const valid = {
    fullName: 'Jóna Jacobsen',
    email: 'Jona@Example.FO',
    phone: '+298 123456',
    registrationNumber: '6460',
    accountNumber: '1234567890',
  };

  it('accepts a valid payload and normalises it', () => {
    expect(
      paymentAgreementSchema.parse({
        ...valid,
        fullName: '  Jóna Jacobsen ',
        email: ' Jona@Example.FO ',
        phone: ' +298 123456 ',
        registrationNumber: ' 6460 ',
        accountNumber: '12 34-56',
      }),
    ).toEqual({
      fullName: 'Jóna Jacobsen',
      email: 'jona@example.fo',
      phone: '+298 123456',
      registrationNumber: '6460',
      accountNumber: '123456',
    });
    expect(errorsOf(paymentAgreementSchema, valid)).toEqual({});
  });

  it('requires every field', () => {
    expectErrors(
      paymentAgreementSchema,
      {},
      {
        fullName: 'required',
        email: 'required',
        phone: 'required',
        registrationNumber: 'required',
        accountNumber: 'required',
      },
    );
  });

  it.each(['0000', '1234', '9999'])('accepts the registration number %j', (registrationNumber) => {
    expect(errorsOf(paymentAgreementSchema, { ...valid, registrationNumber })).toEqual({});
  });

  it.each(['', '123', '12345', '12 34', '12-34', 'abcd', '１２３４', '1234\n5'])(
    'refuses the registration number %j',
    (registrationNumber) => {
      expectErrors(
        paymentAgreementSchema,
        { ...valid, registrationNumber },
        { registrationNumber: 'registrationNumber' },
      );
    },
  );

  it.each([
    ['1', '1'],
    ['1234567890', '1234567890'],
    ['12 345 678 90', '1234567890'],
    ['1234-567890', '1234567890'],
    [' 0012345 ', '0012345'],
  ])('accepts the account number %j as %j', (accountNumber, stored) => {
    expect(paymentAgreementSchema.parse({ ...valid, accountNumber }).accountNumber).toBe(stored);
  });

  it.each(['', '   ', '-'])('asks for a missing account number %j', (accountNumber) => {
    expectErrors(
      paymentAgreementSchema,
      { ...valid, accountNumber },
      { accountNumber: 'required' },
    );
  });

  it.each(['12345678901', '1234 5678 901', '12345a', '12.345', '+1234'])(
    'refuses the account number %j',
    (accountNumber) => {
      expectErrors(
        paymentAgreementSchema,
        { ...valid, accountNumber },
        { accountNumber: 'accountNumber' },
      );
    },
  );

  it('accepts any 1 to 10 digits however they are grouped', () => {
    fc.assert(
      fc.property(
        fc.array(digitString(1, 4), { minLength: 1, maxLength: 4 }),
        fc.constantFrom(' ', '-', ''),
        (groups, separator) => {
          const digits = groups.join('');
          fc.pre(digits.length <= 10);
          const parsed = paymentAgreementSchema.safeParse({
            ...valid,
            accountNumber: groups.join(separator),
          });
          expect(parsed.success && parsed.data.accountNumber).toBe(digits);
        },
      ),
    );
  });

  it.each(['123456', '+298123456', '+298 12 34 56', '+45 12 34 56 78', '  298123456  '])(
    'accepts the phone number %j',
    (phone) => {
      expect(errorsOf(paymentAgreementSchema, { ...valid, phone })).toEqual({});
    },
  );

  it.each([
    '',
    '12345',
    'abcdefg',
    '+298-123456',
    '(298) 123456',
    '++298123456',
    '298+123456',
    '1'.repeat(21),
  ])('refuses the phone number %j', (phone) => {
    expectErrors(paymentAgreementSchema, { ...valid, phone }, { phone: 'phone' });
  });

  it.each([
    '',
    'jona',
    'jona@',
    '@example.fo',
    'jona@example',
    'jona example@x.fo',
    `${'a'.repeat(250)}@x.fo`,
  ])('refuses the email %j with the shared email rule', (email) => {
    expect(errorsOf(paymentAgreementSchema, { ...valid, email })).toEqual({
      email: 'Vinaliga skriva ein gildigan teldubústað.',
    });
    expectErrors(paymentAgreementSchema, { ...valid, email }, { email: 'email' });
  });

  it('requires a full name of at least 2 characters after trimming', () => {
    expect(errorsOf(paymentAgreementSchema, { ...valid, fullName: 'Jó' })).toEqual({});
    expectErrors(paymentAgreementSchema, { ...valid, fullName: 'J' }, { fullName: 'required' });
    expectErrors(paymentAgreementSchema, { ...valid, fullName: ' J ' }, { fullName: 'required' });
    expectErrors(paymentAgreementSchema, { ...valid, fullName: '' }, { fullName: 'required' });
    expectErrors(
      paymentAgreementSchema,
      { ...valid, fullName: 'x'.repeat(101) },
      { fullName: 'tooLong' },
    );
    expect(errorsOf(paymentAgreementSchema, { ...valid, fullName: 'x'.repeat(100) })).toEqual({});
  });

  it('refuses unknown keys', () => {
    expectErrors(
      paymentAgreementSchema,
      { ...valid, accountNumberMasked: '****7890', iban: 'FO00' },
      { accountNumberMasked: 'unknown', iban: 'unknown' },
    );
  });

  it('reports every field in English as well', () => {
    const result = paymentAgreementSchema.safeParse({
      fullName: 'J',
      email: 'nope',
      phone: 'abc',
      registrationNumber: '123',
      accountNumber: '12345678901',
      extra: true,
    });
    expect(result.success).toBe(false);
    expect(fieldErrorsFromIssues(result.error?.issues ?? [], 'en')).toEqual({
      fullName: 'The field is required.',
      email: 'Please enter a valid email address.',
      phone: 'Please enter a valid phone number.',
      registrationNumber: 'The registration number must be 4 digits.',
      accountNumber: 'The account number must be at most 10 digits.',
      extra: 'This field is not allowed.',
    });
    expect(fieldErrorsFromIssues(result.error?.issues ?? [], 'fo')).toEqual({
      fullName: 'Teigurin er kravdur.',
      email: 'Vinaliga skriva ein gildigan teldubústað.',
      phone: 'Vinaliga skriva eitt gildigt telefonnummar.',
      registrationNumber: 'Skrásetingarnummarið skal vera 4 tøl.',
      accountNumber: 'Kontonummarið skal vera í mesta lagi 10 tøl.',
      extra: 'Hesin teigurin er ikki loyvdur.',
    });
  });
});

describe('cardSessionStartSchema', () => {
  it('returns to the payment methods by default', () => {
    expect(cardSessionStartSchema.parse({})).toEqual({ returnPath: '/profile/payment-methods' });
  });

  it.each(['/register-user/payment-method', '/profile/payment-methods', '/', '/a_b-C/9'])(
    'accepts the app path %j',
    (returnPath) => {
      expect(cardSessionStartSchema.parse({ returnPath })).toEqual({ returnPath });
    },
  );

  it('keeps an optional, trimmed card name', () => {
    expect(cardSessionStartSchema.parse({ name: ' Visa ' })).toEqual({
      name: 'Visa',
      returnPath: '/profile/payment-methods',
    });
    expectErrors(cardSessionStartSchema, { name: 'x'.repeat(41) }, { name: 'tooLong' });
  });

  it.each([
    'https://evil.example',
    'http://evil.example/profile',
    '//evil',
    '//evil.example/profile',
    '///evil',
    'javascript:alert(1)',
    '/javascript:alert(1)',
    '/\\evil.example',
    '\\\\evil.example',
    '/profile?next=https://evil.example',
    '/profile#x',
    '/profile/../../etc',
    '/..',
    '/%2F%2Fevil',
    '/profile payment',
    'profile/payment-methods',
    '',
    `/${'a'.repeat(201)}`,
  ])('refuses the return path %j', (returnPath) => {
    expectErrors(cardSessionStartSchema, { returnPath }, { returnPath: 'invalid' });
  });

  it('accepts a path of 200 characters after the slash', () => {
    const returnPath = `/${'a'.repeat(200)}`;
    expect(cardSessionStartSchema.parse({ returnPath }).returnPath).toBe(returnPath);
  });

  it('only ever yields a path on this site', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (returnPath) => {
        const parsed = cardSessionStartSchema.safeParse({ returnPath });
        if (!parsed.success) return;
        const url = new URL(parsed.data.returnPath, 'https://app.example');
        expect(url.origin).toBe('https://app.example');
        expect(parsed.data.returnPath.startsWith('//')).toBe(false);
      }),
    );
  });

  it('refuses unknown keys', () => {
    expectErrors(
      cardSessionStartSchema,
      { returnUrl: 'https://evil.example' },
      { returnUrl: 'unknown' },
    );
  });
});

describe('canPayFor', () => {
  const method = (overrides: Partial<PaymentMethod> = {}): PaymentMethod => ({
    id: 'pm_1',
    kind: 'card',
    brand: 'visa',
    last4: '4242',
    expMonth: 12,
    expYear: 2030,
    name: null,
    isFavourite: false,
    isActive: true,
    activeFrom: '2024-01-01T00:00:00.000Z',
    products: ['fuel', 'carwash', 'charging'],
    createdAt: '2024-01-01T00:00:00.000Z',
    ...overrides,
  });

  it('is false without any payment method', () => {
    for (const product of paymentProducts) expect(canPayFor([], product)).toBe(false);
  });

  it('is true for an active method that lists the product', () => {
    expect(canPayFor([method()], 'fuel')).toBe(true);
    expect(canPayFor([method()], 'carwash')).toBe(true);
    expect(canPayFor([method()], 'charging')).toBe(true);
  });

  it('is false for an active method that does not list the product', () => {
    expect(canPayFor([method()], 'food')).toBe(false);
    expect(canPayFor([method({ products: [] })], 'fuel')).toBe(false);
  });

  it('is false for an inactive method that lists the product', () => {
    expect(canPayFor([method({ isActive: false })], 'fuel')).toBe(false);
  });

  it('needs one method that is both active and lists the product', () => {
    const activeWithoutFuel = method({ id: 'a', isActive: true, products: ['carwash'] });
    const inactiveWithFuel = method({ id: 'b', isActive: false, products: ['fuel'] });
    expect(canPayFor([activeWithoutFuel, inactiveWithFuel], 'fuel')).toBe(false);
    expect(canPayFor([inactiveWithFuel, activeWithoutFuel], 'fuel')).toBe(false);
    const activeWithFuel = method({ id: 'c', kind: 'own_card', products: ['fuel'] });
    expect(canPayFor([activeWithoutFuel, inactiveWithFuel, activeWithFuel], 'fuel')).toBe(true);
  });

  it('agrees with the rule of spec §5 for any list of methods', () => {
    const product = fc.constantFrom<PaymentProduct>(...paymentProducts);
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            isActive: fc.boolean(),
            products: fc.uniqueArray(product, { maxLength: paymentProducts.length }),
          }),
          { maxLength: 5 },
        ),
        product,
        (shapes, wanted) => {
          const methods = shapes.map((s, i) => method({ ...s, id: `pm_${i}` }));
          const expected = shapes.some((s) => s.isActive && s.products.includes(wanted));
          expect(canPayFor(methods, wanted)).toBe(expected);
        },
      ),
    );
  });
});

describe('paymentAgreementUpdateSchema', () => {
  const base = {
    fullName: 'Jógvan Joensen',
    email: 'jogvan@example.fo',
    phone: '+298 211234',
    registrationNumber: '6460',
  };

  it('keeps the saved account number when it is left out or empty', () => {
    for (const accountNumber of [undefined, '', '   ']) {
      const parsed = paymentAgreementUpdateSchema.safeParse({ ...base, accountNumber });
      expect(parsed.success).toBe(true);
      expect(parsed.data?.accountNumber).toBeUndefined();
    }
  });

  it('checks a given account number like a new agreement does', () => {
    expect(
      paymentAgreementUpdateSchema.parse({ ...base, accountNumber: '555 1234' }).accountNumber,
    ).toBe('5551234');
    const bad = paymentAgreementUpdateSchema.safeParse({ ...base, accountNumber: '12ab' });
    expect(bad.error?.issues[0]).toMatchObject({
      path: ['accountNumber'],
      message: 'validation.accountNumber',
    });
    expect(paymentAgreementSchema.safeParse({ ...base, accountNumber: '' }).success).toBe(false);
  });
});
