import { z } from 'zod';
import { emailField, plainText, requiredText, strict } from './fields.ts';

/** Luhn check of a card number given as digits. */
export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Digits only: people type spaces and dashes between the groups. */
export const normaliseDigits = (value: string) => value.replace(/[\s-]/g, '');

export const cardNameField = plainText('validation.invalid')
  .max(40, 'validation.tooLong')
  .optional()
  .transform((v) => (v === '' ? undefined : v));

/** The provider's own cards carry its issuer prefix. */
export const OWN_CARD_PREFIX = '7077';

export function isOwnCardNumber(digits: string): boolean {
  return digits.length === 16 && digits.startsWith(OWN_CARD_PREFIX) && luhnValid(digits);
}

const ownCardNumberField = z
  .string({ error: 'validation.required' })
  .transform(normaliseDigits)
  .refine(isOwnCardNumber, 'validation.cardNumber');

/** An optional form field: an empty one counts as not given. */
const optionalDigits = (length: number, message: 'validation.pin' | 'validation.code') =>
  z
    .string({ error: message })
    .trim()
    .optional()
    .transform((v) => (v === '' ? undefined : v))
    .pipe(
      z
        .string()
        .regex(new RegExp(`^\\d{${String(length)}}$`), message)
        .optional(),
    );

/** Where the card's holder can get a one-time code: their registered phone or e-mail. */
export const ownCardChannels = ['sms', 'email'] as const;
export type OwnCardChannel = (typeof ownCardChannels)[number];

/**
 * The provider's own card, added by its number and an optional name. The person proves they hold
 * it with the PIN printed on the card carrier, or with a code sent to the holder.
 */
export const ownCardAddSchema = strict({
  cardNumber: ownCardNumberField,
  name: cardNameField,
  pin: optionalDigits(4, 'validation.pin'),
  challengeId: plainText('validation.invalid').max(100, 'validation.invalid').optional(),
  code: optionalDigits(6, 'validation.code'),
}).superRefine((value, ctx) => {
  if (value.code !== undefined && !value.challengeId)
    ctx.addIssue({ code: 'custom', path: ['code'], message: 'validation.code' });
  if (value.pin === undefined && value.code === undefined)
    ctx.addIssue({ code: 'custom', path: ['pin'], message: 'validation.pin' });
});
export type OwnCardAddInput = z.input<typeof ownCardAddSchema>;

/** Asks the card's issuer to send a one-time code to the holder. */
export const ownCardCodeRequestSchema = strict({
  cardNumber: ownCardNumberField,
  channel: z.enum(ownCardChannels, { error: 'validation.invalid' }),
});

export const ownCardCodeSentSchema = z.object({
  challengeId: z.string(),
  channel: z.enum(ownCardChannels),
  /** Masked, so that only the holder recognises it. */
  destination: z.string(),
  expiresAt: z.string(),
});
export type OwnCardCodeSent = z.infer<typeof ownCardCodeSentSchema>;

/** Danish/Faroese bank account: a 4-digit registration number and an account of up to 10 digits. */
export const registrationNumberField = z
  .string({ error: 'validation.required' })
  .trim()
  .regex(/^\d{4}$/, 'validation.registrationNumber');
export const accountNumberField = z
  .string({ error: 'validation.required' })
  .transform(normaliseDigits)
  .pipe(z.string().min(1, 'validation.required'))
  .pipe(z.string().regex(/^\d{1,10}$/, 'validation.accountNumber'));
export const phoneField = z
  .string({ error: 'validation.required' })
  .trim()
  .regex(/^\+?[\d ]{6,20}$/, 'validation.phone')
  .refine((value) => value.replace(/\D/g, '').length >= 6, 'validation.phone');

export const paymentAgreementSchema = strict({
  fullName: requiredText(2, 100),
  email: emailField,
  phone: phoneField,
  registrationNumber: registrationNumberField,
  accountNumber: accountNumberField,
});
export type PaymentAgreementInput = z.input<typeof paymentAgreementSchema>;

/**
 * An edit of the agreement. Only the last digits of the account number ever leave the server, so
 * an empty or missing account number keeps the saved one.
 */
export const paymentAgreementUpdateSchema = paymentAgreementSchema.extend({
  accountNumber: z
    .string({ error: 'validation.accountNumber' })
    .optional()
    .transform((value) => (value?.trim() ? value : undefined))
    .pipe(accountNumberField.optional()),
});

export const cardSessionStartSchema = strict({
  name: cardNameField,
  /** Where the app continues after the hosted page: an app path, never another site. */
  returnPath: z
    .string()
    .regex(/^\/(?!\/)[A-Za-z0-9/_-]{0,200}$/, 'validation.invalid')
    .default('/profile/payment-methods'),
});

export const paymentProducts = [
  'fuel',
  'carwash',
  'charging',
  'food',
  'beverages',
  'subscriptions',
] as const;
export type PaymentProduct = (typeof paymentProducts)[number];

export const paymentMethodSchema = z.object({
  id: z.string(),
  kind: z.enum(['card', 'own_card']),
  brand: z.string(),
  last4: z.string(),
  expMonth: z.number().int().nullable(),
  expYear: z.number().int().nullable(),
  name: z.string().nullable(),
  isFavourite: z.boolean(),
  isActive: z.boolean(),
  activeFrom: z.string(),
  products: z.array(z.enum(paymentProducts)),
  createdAt: z.string(),
});
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

export const paymentAgreementViewSchema = z.object({
  fullName: z.string(),
  email: z.string(),
  phone: z.string(),
  registrationNumber: z.string(),
  /** Only the last digits leave the server. */
  accountNumberMasked: z.string(),
  createdAt: z.string(),
});

export const paymentMethodsResponseSchema = z.object({
  items: z.array(paymentMethodSchema),
  agreement: paymentAgreementViewSchema.nullable(),
});

/** New provider cards can be used this long after they are created. */
export const OWN_CARD_ACTIVATION_MS = 3 * 60 * 1000;

/** Spec §5: an active payment method is needed to refuel, charge or wash. */
export function canPayFor(methods: readonly PaymentMethod[], product: PaymentProduct): boolean {
  return methods.some((m) => m.isActive && m.products.includes(product));
}
