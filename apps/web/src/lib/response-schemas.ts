// Loaded on demand (see current-user.ts), so zod is not part of the first paint.
export { currentUserSchema } from '@stod/domain';
