import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fieldErrorsFromIssues } from './errors.ts';
import type { Locale } from './messages/index.ts';
import { deviceTokenSchema, devicePlatforms } from './notifications.ts';

const FO = {
  required: 'Teigurin er kravdur.',
  unknown: 'Hesin teigurin er ikki loyvdur.',
  tooLong: 'Teksturin er ov langur.',
  invalid: 'Virðið er ikki gildigt.',
};

function errorsOf(input: unknown, locale: Locale = 'fo'): Record<string, string> {
  const result = deviceTokenSchema.safeParse(input);
  return result.success ? {} : fieldErrorsFromIssues(result.error.issues, locale);
}

const validMeta = {
  name: 'Jógvan sín iPhone',
  platform: 'ios',
  osVersion: '18.1',
  model: 'iPhone16,2',
  isVirtual: false,
};

const valid = { token: 'fcm-token-abc', deviceId: 'device-1', deviceMeta: validMeta };

describe('deviceTokenSchema', () => {
  it('accepts a valid payload and returns it unchanged', () => {
    expect(deviceTokenSchema.parse(valid)).toEqual(valid);
  });

  it('accepts a payload without the optional name', () => {
    const meta: Partial<typeof validMeta> = { ...validMeta };
    delete meta.name;
    expect(deviceTokenSchema.parse({ ...valid, deviceMeta: meta })).toEqual({
      ...valid,
      deviceMeta: meta,
    });
  });

  it('accepts an empty name, and refuses a name that is not a string or too long', () => {
    expect(errorsOf({ ...valid, deviceMeta: { ...validMeta, name: '' } })).toEqual({});
    expect(errorsOf({ ...valid, deviceMeta: { ...validMeta, name: 42 } })).toEqual({
      'deviceMeta.name': FO.invalid,
    });
    expect(errorsOf({ ...valid, deviceMeta: { ...validMeta, name: 'n'.repeat(201) } })).toEqual({
      'deviceMeta.name': FO.tooLong,
    });
  });

  it.each(devicePlatforms)('accepts the platform %s', (platform) => {
    expect(errorsOf({ ...valid, deviceMeta: { ...validMeta, platform } })).toEqual({});
  });

  it.each(['windows', 'IOS', 'Android', '', null, 1])('refuses the platform %j', (platform) => {
    expect(errorsOf({ ...valid, deviceMeta: { ...validMeta, platform } })).toEqual({
      'deviceMeta.platform': FO.invalid,
    });
  });

  it('accepts isVirtual true and false', () => {
    expect(errorsOf({ ...valid, deviceMeta: { ...validMeta, isVirtual: true } })).toEqual({});
    expect(errorsOf({ ...valid, deviceMeta: { ...validMeta, isVirtual: false } })).toEqual({});
  });

  it.each(['true', 'false', 0, 1, null, undefined])(
    'refuses isVirtual %j as it is not a boolean',
    (isVirtual) => {
      expect(errorsOf({ ...valid, deviceMeta: { ...validMeta, isVirtual } })).toEqual({
        'deviceMeta.isVirtual': FO.invalid,
      });
    },
  );

  it('refuses extra keys at the top level, one error per key', () => {
    expect(errorsOf({ ...valid, userId: 'u1', extra: true })).toEqual({
      userId: FO.unknown,
      extra: FO.unknown,
    });
    expect(errorsOf({ ...valid, userId: 'u1' }, 'en')).toEqual({
      userId: 'This field is not allowed.',
    });
  });

  it('refuses extra keys inside deviceMeta, under their dotted path', () => {
    expect(errorsOf({ ...valid, deviceMeta: { ...validMeta, manufacturer: 'Apple' } })).toEqual({
      'deviceMeta.manufacturer': FO.unknown,
    });
  });

  it('refuses extra keys at both levels at once', () => {
    expect(errorsOf({ ...valid, extra: 1, deviceMeta: { ...validMeta, extra: 2 } })).toEqual({
      extra: FO.unknown,
      'deviceMeta.extra': FO.unknown,
    });
  });

  it('requires token, deviceId, osVersion and model, and refuses empty strings', () => {
    expect(
      errorsOf({ deviceMeta: { platform: 'web', isVirtual: false, osVersion: '', model: '' } }),
    ).toEqual({
      token: FO.required,
      deviceId: FO.required,
      'deviceMeta.osVersion': FO.required,
      'deviceMeta.model': FO.required,
    });
    expect(errorsOf({ ...valid, token: '', deviceId: '' })).toEqual({
      token: FO.required,
      deviceId: FO.required,
    });
  });

  it('refuses numbers instead of strings without throwing', () => {
    expect(() => deviceTokenSchema.safeParse({ ...valid, token: 1 })).not.toThrow();
    expect(
      errorsOf({ ...valid, token: 1, deviceId: 2, deviceMeta: { ...validMeta, model: 3 } }),
    ).toEqual({
      token: FO.required,
      deviceId: FO.required,
      'deviceMeta.model': FO.required,
    });
  });

  it('applies the maximum lengths', () => {
    expect(errorsOf({ ...valid, token: 't'.repeat(4096) })).toEqual({});
    expect(errorsOf({ ...valid, token: 't'.repeat(4097) })).toEqual({ token: FO.tooLong });
    expect(errorsOf({ ...valid, deviceId: 'd'.repeat(200) })).toEqual({});
    expect(errorsOf({ ...valid, deviceId: 'd'.repeat(201) })).toEqual({ deviceId: FO.tooLong });
    expect(errorsOf({ ...valid, deviceMeta: { ...validMeta, osVersion: 'v'.repeat(51) } })).toEqual(
      { 'deviceMeta.osVersion': FO.tooLong },
    );
    expect(errorsOf({ ...valid, deviceMeta: { ...validMeta, model: 'm'.repeat(101) } })).toEqual({
      'deviceMeta.model': FO.tooLong,
    });
    expect(errorsOf({ ...valid, token: 'x'.repeat(10_000) })).toEqual({ token: FO.tooLong });
  });

  it('refuses a missing or non-object deviceMeta', () => {
    for (const deviceMeta of [undefined, null, 'ios', []]) {
      expect(errorsOf({ ...valid, deviceMeta })).toEqual({ deviceMeta: FO.invalid });
    }
  });

  it('refuses non-object payloads without throwing', () => {
    for (const payload of [null, undefined, 'token', 1, []]) {
      expect(errorsOf(payload)).toEqual({ _: FO.invalid });
    }
  });

  it('never accepts a payload with any extra top-level key', () => {
    const known = new Set(['token', 'deviceId', 'deviceMeta']);
    fc.assert(
      fc.property(
        fc.string({ minLength: 1 }).filter((k) => !known.has(k) && k !== '__proto__'),
        fc.jsonValue(),
        (key, value) => {
          expect(deviceTokenSchema.safeParse({ ...valid, [key]: value }).success).toBe(false);
        },
      ),
    );
  });
});
