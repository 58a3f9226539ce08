// Loaded on demand by the login screen and the sign-in call: zod is not part of /login's
// first paint.
export { signInResponseSchema, signInSchema } from '@stod/domain';
