import type { ErrorKey, MessageKey } from '@stod/domain';

/**
 * An expected failure: it becomes the one error shape with a localized message.
 * `fieldErrors` hold message keys, resolved in the caller's language.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    readonly messageKey: ErrorKey | MessageKey,
    readonly fieldErrors?: Record<string, MessageKey>,
    readonly headers?: Record<string, string>,
  ) {
    super(code);
  }
}

export const unauthorized = () => new AppError(401, 'UNAUTHORIZED', 'error.unauthorized');
export const notFound = () => new AppError(404, 'NOT_FOUND', 'error.notFound');

/** A unique index refused the row (PostgreSQL 23505, on pg and PGlite alike). */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e.code === '23505' || e.cause?.code === '23505';
}
