import { z } from 'zod';
import type { MessageKey } from './messages/index.ts';

/** Zod issues carry message keys; the API and the app resolve them in the user's locale. */
const key = (k: MessageKey) => k;

const typeError = (iss: { input?: unknown }) =>
  iss.input === undefined || iss.input === null
    ? key('validation.required')
    : key('validation.invalid');

/**
 * C0 and C1 control characters, DEL, and lone UTF-16 surrogates. PostgreSQL refuses U+0000 in
 * text outright; no encoding can hold a lone surrogate, so drivers silently replace it; and the
 * other controls have no place in a name, an address or a code: they only hide or garble it.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point here
const CONTROL = /[\u0000-\u001f\u007f-\u009f\p{Cs}]/u;
/** The same, less the tab and line breaks of a text that may span several lines. */
// eslint-disable-next-line no-control-regex -- as above
const CONTROL_EXCEPT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\p{Cs}]/u;

/** True for text fit to store and show (see CONTROL). */
export const isPlainText = (value: string, multiline = false): boolean =>
  !(multiline ? CONTROL_EXCEPT_LINES : CONTROL).test(value);

/**
 * Any single-line text field, trimmed: the base of every string a person types. Trimming comes
 * first, so a pasted line break or tab at either end is dropped rather than refused.
 */
export const plainText = (error: MessageKey | typeof typeError = typeError) =>
  z
    .string({ error })
    .trim()
    .refine((value) => isPlainText(value), key('validation.characters'));

/** A text of several lines, at most `max` characters (a notice, a message). */
export const multilineText = (max: number) =>
  z
    .string({ error: typeError })
    .refine((value) => isPlainText(value, true), key('validation.characters'))
    .max(max, key('validation.tooLong'));

/** A required text of at least `min` characters after trimming, and at most `max`. */
export function requiredText(min: number, max: number) {
  return plainText().min(min, key('validation.required')).max(max, key('validation.tooLong'));
}

export const PASSWORD_MIN_LENGTH = 8;
/** Long enough for any passphrase, short enough that hashing cannot be abused. */
export const PASSWORD_MAX_LENGTH = 256;
export const EMAIL_CODE_LENGTH = 4;

export const emailField = z
  .string({ error: typeError })
  .trim()
  .max(254, key('validation.email'))
  .pipe(z.email({ error: key('validation.email') }))
  .transform((value) => value.toLowerCase());

/**
 * Passwords take any character, control characters too: they are only ever hashed, never
 * stored, shown or trimmed, and a password manager may generate anything.
 */
export const newPasswordField = z
  .string({ error: typeError })
  .min(PASSWORD_MIN_LENGTH, key('validation.passwordMin'))
  .max(PASSWORD_MAX_LENGTH, key('validation.tooLong'));

/** An existing password: only presence is checked, so old rules never lock anyone out. */
export const presentPasswordField = z
  .string({ error: typeError })
  .min(1, key('validation.required'))
  .max(PASSWORD_MAX_LENGTH, key('validation.tooLong'));

export function strict<T extends z.ZodRawShape>(shape: T) {
  return z.strictObject(shape, {
    error: (iss) =>
      iss.code === 'unrecognized_keys' ? key('validation.unknownField') : key('validation.invalid'),
  });
}

/** The largest value of a PostgreSQL `integer` column, which holds every id and count here. */
export const INT4_MAX = 2_147_483_647;

/** A whole number from `min` to `max` (at most INT4_MAX), in a JSON body. */
export const intField = (min = 0, max = INT4_MAX) =>
  z
    .number({ error: key('validation.invalid') })
    .int(key('validation.invalid'))
    .min(min, key('validation.invalid'))
    .max(Math.min(max, INT4_MAX), key('validation.invalid'));

/** The id of a row with a serial key, in a JSON body. */
export const idField = intField(1);

/**
 * A whole number in a path or query string, where every value arrives as text. Bounded like
 * `intField`, so `1e10` or `2147483648` is a field error and never reaches the database.
 */
export const intParam = (min = 0, max = INT4_MAX) =>
  z.coerce
    .number({ error: key('validation.invalid') })
    .int(key('validation.invalid'))
    .min(min, key('validation.invalid'))
    .max(Math.min(max, INT4_MAX), key('validation.invalid'));

/** The id of a row with a serial key, in a path or query string. */
export const idParam = intParam(1);

/** Paging of every list: `?offset&take`, take at most 100. */
export const pageQueryShape = {
  offset: intParam(0).default(0),
  take: intParam(1, 100).default(20),
};

/**
 * The `Idempotency-Key` header of a call that moves money: the client names each attempt, and a
 * retry sends the same name (8–200 characters).
 */
const idempotencyKey = z
  .string({ error: typeError })
  .min(8, key('validation.invalid'))
  .max(200, key('validation.invalid'));

/** Headers of a call that must name its attempt. */
export const idempotencyKeyHeader = z.object({ 'idempotency-key': idempotencyKey });

/** Headers of a call that may name its attempt (without one, each call is its own attempt). */
export const optionalIdempotencyKeyHeader = z.object({
  'idempotency-key': idempotencyKey.optional(),
});
