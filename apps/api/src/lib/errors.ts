import type { ErrorKey, MessageKey, ServerMessageKey } from '@stod/domain';

/** A refusal's text: the app's own messages, or one only the server words. */
export type RefusalKey = ErrorKey | MessageKey | ServerMessageKey;

/**
 * An expected failure: it becomes the one error shape with a localized message.
 * `fieldErrors` hold message keys, resolved in the caller's language.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    readonly messageKey: RefusalKey,
    readonly fieldErrors?: Record<string, RefusalKey>,
    readonly headers?: Record<string, string>,
    /**
     * `params` fill the message's placeholders; `headerKey` gives the refusal a title, which the
     * app shows as an alert's heading over the message (spec §8).
     */
    readonly detail?: { params?: Record<string, string>; headerKey?: RefusalKey },
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
