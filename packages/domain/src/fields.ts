import { z } from 'zod';
import type { MessageKey } from './messages/index.ts';

/** Zod issues carry message keys; the API and the app resolve them in the user's locale. */
const key = (k: MessageKey) => k;

const typeError = (iss: { input?: unknown }) =>
  iss.input === undefined || iss.input === null
    ? key('validation.required')
    : key('validation.invalid');

/** A required text of at least `min` characters after trimming, and at most `max`. */
export function requiredText(min: number, max: number) {
  return z
    .string({ error: typeError })
    .trim()
    .min(min, key('validation.required'))
    .max(max, key('validation.tooLong'));
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
