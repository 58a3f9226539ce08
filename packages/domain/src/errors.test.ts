import { describe, expect, it } from 'vitest';
import { profileUpdateSchema, registerSchema } from './account.ts';
import { apiErrorSchema, fieldErrorsFromIssues } from './errors.ts';
import { deviceTokenSchema } from './notifications.ts';

const FO_REQUIRED = 'Teigurin er kravdur.';
const EN_REQUIRED = 'The field is required.';
const FO_UNKNOWN = 'Hesin teigurin er ikki loyvdur.';
const EN_UNKNOWN = 'This field is not allowed.';
const FO_INVALID = 'Virðið er ikki gildigt.';
const EN_INVALID = 'The value is not valid.';

describe('fieldErrorsFromIssues', () => {
  it('returns an empty object for no issues', () => {
    expect(fieldErrorsFromIssues([], 'fo')).toEqual({});
  });

  it('resolves message keys in the requested locale', () => {
    const issues = [{ path: ['name'], message: 'validation.required' }];
    expect(fieldErrorsFromIssues(issues, 'fo')).toEqual({ name: FO_REQUIRED });
    expect(fieldErrorsFromIssues(issues, 'en')).toEqual({ name: EN_REQUIRED });
  });

  it('resolves every validation key of spec §5 to its exact text', () => {
    const issues = [
      { path: ['email'], message: 'validation.email' },
      { path: ['password'], message: 'validation.passwordMin' },
      { path: ['passwordConfirmation'], message: 'validation.passwordMismatch' },
      { path: ['terms'], message: 'validation.terms' },
      { path: ['token'], message: 'validation.code' },
    ];
    expect(fieldErrorsFromIssues(issues, 'fo')).toEqual({
      email: 'Vinaliga skriva ein gildigan teldubústað.',
      password: 'Loyniorð skal vera minst 8 tekin langt.',
      passwordConfirmation: 'Loyniorðini eru ikki eins.',
      terms: 'Vinaliga góðtak keypstreytir.',
      token: 'Vinaliga tøppa kotu inn.',
    });
    expect(fieldErrorsFromIssues(issues, 'en')).toEqual({
      email: 'Please enter a valid email address.',
      password: 'Password must be at least 8 characters long.',
      passwordConfirmation: 'Passwords do not match.',
      terms: 'Please accept the terms of purchase.',
      token: 'Please enter the code.',
    });
  });

  it('falls back to the invalid text for messages that are not keys', () => {
    for (const message of [
      'Invalid input: expected string',
      '',
      'validation',
      'toString',
      '__proto__',
      'hasOwnProperty',
    ]) {
      expect(fieldErrorsFromIssues([{ path: ['x'], message }], 'fo')).toEqual({ x: FO_INVALID });
      expect(fieldErrorsFromIssues([{ path: ['x'], message }], 'en')).toEqual({ x: EN_INVALID });
    }
  });

  it('joins nested paths with dots, numbers included', () => {
    expect(
      fieldErrorsFromIssues(
        [
          { path: ['deviceMeta', 'platform'], message: 'validation.invalid' },
          { path: ['items', 0, 'name'], message: 'validation.required' },
        ],
        'fo',
      ),
    ).toEqual({ 'deviceMeta.platform': FO_INVALID, 'items.0.name': FO_REQUIRED });
  });

  it('puts issues about the whole payload under "_"', () => {
    expect(fieldErrorsFromIssues([{ path: [], message: 'validation.invalid' }], 'fo')).toEqual({
      _: FO_INVALID,
    });
  });

  it('keeps the first issue of a field', () => {
    expect(
      fieldErrorsFromIssues(
        [
          { path: ['password'], message: 'validation.passwordMin' },
          { path: ['password'], message: 'validation.tooLong' },
          { path: ['email'], message: 'validation.email' },
        ],
        'fo',
      ),
    ).toEqual({
      password: 'Loyniorð skal vera minst 8 tekin langt.',
      email: 'Vinaliga skriva ein gildigan teldubústað.',
    });
  });

  it('reports unrecognized keys on each unknown field', () => {
    const issues = [
      {
        code: 'unrecognized_keys',
        path: [],
        keys: ['isAdmin', 'role'],
        message: 'validation.unknownField',
      },
    ];
    expect(fieldErrorsFromIssues(issues, 'fo')).toEqual({ isAdmin: FO_UNKNOWN, role: FO_UNKNOWN });
    expect(fieldErrorsFromIssues(issues, 'en')).toEqual({ isAdmin: EN_UNKNOWN, role: EN_UNKNOWN });
  });

  it('prefixes nested unrecognized keys with their object path', () => {
    expect(
      fieldErrorsFromIssues(
        [
          {
            code: 'unrecognized_keys',
            path: ['deviceMeta'],
            keys: ['extra'],
            message: 'validation.unknownField',
          },
        ],
        'fo',
      ),
    ).toEqual({ 'deviceMeta.extra': FO_UNKNOWN });
  });

  it('puts an unrecognized_keys issue without keys on its own path', () => {
    expect(
      fieldErrorsFromIssues(
        [{ code: 'unrecognized_keys', path: [], message: 'validation.unknownField' }],
        'fo',
      ),
    ).toEqual({ _: FO_UNKNOWN });
  });

  it('does not let a later unknown-key issue replace a field error', () => {
    expect(
      fieldErrorsFromIssues(
        [
          { path: ['name'], message: 'validation.required' },
          {
            code: 'unrecognized_keys',
            path: [],
            keys: ['name'],
            message: 'validation.unknownField',
          },
        ],
        'fo',
      ),
    ).toEqual({ name: FO_REQUIRED });
  });

  it('returns an object that serialises to plain JSON', () => {
    const out = fieldErrorsFromIssues([{ path: ['a'], message: 'validation.required' }], 'en');
    expect(JSON.parse(JSON.stringify(out))).toEqual({ a: EN_REQUIRED });
  });

  it('works on real zod issues from the schemas', () => {
    const registration = registerSchema.safeParse({ name: 'J', extra: 1 });
    expect(registration.success).toBe(false);
    const errors = fieldErrorsFromIssues(registration.error!.issues, 'fo');
    expect(errors.name).toBe(FO_REQUIRED);
    expect(errors.extra).toBe(FO_UNKNOWN);
    expect(errors.terms).toBe('Vinaliga góðtak keypstreytir.');

    const device = deviceTokenSchema.safeParse({
      token: 't',
      deviceId: 'd',
      deviceMeta: { platform: 'ios', osVersion: '1', model: 'm', isVirtual: false, x: 1 },
    });
    expect(fieldErrorsFromIssues(device.error!.issues, 'en')).toEqual({
      'deviceMeta.x': EN_UNKNOWN,
    });
  });

  it.each(['constructor', 'toString', 'hasOwnProperty', '__proto__'])(
    'reports an unknown key named %s',
    (key) => {
      const body: unknown = JSON.parse(
        `{"name":"Jógvan","address":"Gøta 1","postCode":"100","city":"Tórshavn","mobile":"123456","${key}":1}`,
      );
      const result = profileUpdateSchema.safeParse(body);
      expect(result.success).toBe(false);
      expect(Object.keys(fieldErrorsFromIssues(result.error!.issues, 'fo'))).toEqual([key]);
    },
  );

  it('reports a field error on a field named constructor', () => {
    expect(
      fieldErrorsFromIssues([{ path: ['constructor'], message: 'validation.required' }], 'fo'),
    ).toEqual({ constructor: FO_REQUIRED });
  });
});

describe('apiErrorSchema', () => {
  it('accepts the error shape with and without field errors', () => {
    const base = { statusCode: 400, code: 'validation', message: 'Villa' };
    expect(apiErrorSchema.parse(base)).toEqual(base);
    const withFields = { ...base, fieldErrors: { name: FO_REQUIRED } };
    expect(apiErrorSchema.parse(withFields)).toEqual(withFields);
  });

  it('refuses a non-integer status code, missing parts and non-string field errors', () => {
    expect(apiErrorSchema.safeParse({ statusCode: 400.5, code: 'x', message: 'y' }).success).toBe(
      false,
    );
    expect(apiErrorSchema.safeParse({ statusCode: 400, code: 'x' }).success).toBe(false);
    expect(
      apiErrorSchema.safeParse({ statusCode: 400, code: 'x', message: 'y', fieldErrors: { a: 1 } })
        .success,
    ).toBe(false);
  });
});
