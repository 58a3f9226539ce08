import { z } from 'zod';
import {
  EMAIL_CODE_LENGTH,
  emailField,
  newPasswordField,
  presentPasswordField,
  requiredText,
  strict,
} from './fields.ts';
import { locales } from './messages/index.ts';

export const signInSchema = z.object({
  email: emailField,
  password: presentPasswordField,
});
export type SignInInput = z.input<typeof signInSchema>;

const profileShape = {
  name: requiredText(2, 100),
  address: requiredText(2, 200),
  postCode: requiredText(3, 20),
  city: requiredText(2, 100),
  mobile: requiredText(6, 30),
};

export const registerSchema = strict({
  ...profileShape,
  email: emailField,
  password: newPasswordField,
  passwordConfirmation: newPasswordField,
  terms: z.literal(true, { error: 'validation.terms' }),
}).refine((value) => value.password === value.passwordConfirmation, {
  path: ['passwordConfirmation'],
  message: 'validation.passwordMismatch',
  // Compare whenever both were typed, even while other fields still have errors: a password that
  // is too short and a confirmation that differs show both errors, the mismatch on the
  // confirmation. A confirmation with an error of its own (too short) keeps that one, as each
  // field shows its first error.
  when: (payload) => {
    const value = payload.value as { password?: unknown; passwordConfirmation?: unknown } | null;
    if (typeof value !== 'object' || value === null) return false;
    return typeof value.password === 'string' && typeof value.passwordConfirmation === 'string';
  },
});
export type RegisterInput = z.input<typeof registerSchema>;

export const profileUpdateSchema = strict(profileShape);
export type ProfileUpdateInput = z.input<typeof profileUpdateSchema>;

export const passwordChangeSchema = strict({
  oldPassword: presentPasswordField,
  password: newPasswordField,
});
export type PasswordChangeInput = z.input<typeof passwordChangeSchema>;

/** DELETE /user: the password again, so a token alone cannot delete the account. */
export const deleteAccountSchema = strict({ password: presentPasswordField });
export type DeleteAccountInput = z.input<typeof deleteAccountSchema>;

export const forgotPasswordSchema = z.object({ email: emailField });
export type ForgotPasswordInput = z.input<typeof forgotPasswordSchema>;

export const resetPasswordSchema = strict({
  token: z
    .string({ error: 'validation.required' })
    .min(1, 'validation.required')
    .max(200, 'validation.invalid'),
  password: newPasswordField,
});
export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;

export const emailChangeRequestSchema = strict({ email: emailField });
export type EmailChangeRequestInput = z.input<typeof emailChangeRequestSchema>;

export const emailCodeField = z
  .string({ error: 'validation.code' })
  .trim()
  .length(EMAIL_CODE_LENGTH, 'validation.code');

export const emailChangeSchema = strict({ email: emailField, token: emailCodeField });
export type EmailChangeInput = z.input<typeof emailChangeSchema>;

export const localeSchema = z.enum(locales, { error: 'validation.invalid' });

export const accountTypes = ['private', 'business'] as const;

export const userSubscriptionSchema = z.object({
  id: z.string(),
  validTo: z.string(),
  nextPaymentAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  interval: z.enum(['monthly', 'yearly']),
  subscription: z.object({
    id: z.number().int(),
    type: z.string(),
    productIds: z.string(),
    index: z.number().int(),
    name: z.string(),
  }),
});

export const currentUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.email(),
  address: z.string(),
  postCode: z.string(),
  city: z.string(),
  mobile: z.string(),
  accountType: z.enum(accountTypes),
  pNumber: z.string().nullable(),
  vNumber: z.string().nullable(),
  locale: localeSchema,
  emailVerified: z.boolean(),
  createdAt: z.string(),
  userSubscriptions: z.array(userSubscriptionSchema),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const signInResponseSchema = z.object({ access_token: z.string() });
