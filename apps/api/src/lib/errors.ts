import type { ErrorKey, MessageKey, ServerMessageKey } from '@stod/domain';

/** A refusal's text: the app's own messages, or one only the server words. */
export type RefusalKey = ErrorKey | MessageKey | ServerMessageKey;

/**
 * An expected failure: it becomes the one error shape with a localized message.
 * `fieldErrors` hold message keys, resolved in the caller's language.
 */
export class AppError extends Error {
  readonly statusCode: number;
  readonly code: string;
  readonly messageKey: RefusalKey;
  readonly fieldErrors: Record<string, RefusalKey> | undefined;
  readonly headers: Record<string, string> | undefined;
  /**
   * `params` fill the message's placeholders; `headerKey` gives the refusal a title, which the
   * app shows as an alert's heading over the message (spec §8).
   */
  readonly detail: { params?: Record<string, string>; headerKey?: RefusalKey } | undefined;

  constructor(
    statusCode: number,
    code: string,
    messageKey: RefusalKey,
    fieldErrors?: Record<string, RefusalKey>,
    headers?: Record<string, string>,
    detail?: { params?: Record<string, string>; headerKey?: RefusalKey },
  ) {
    super(code);
    this.statusCode = statusCode;
    this.code = code;
    this.messageKey = messageKey;
    this.fieldErrors = fieldErrors;
    this.headers = headers;
    this.detail = detail;
  }
}

export const unauthorized = () => new AppError(401, 'UNAUTHORIZED', 'error.unauthorized');
export const notFound = () => new AppError(404, 'NOT_FOUND', 'error.notFound');

/** A unique index refused the row (PostgreSQL 23505, on pg and PGlite alike). */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e.code === '23505' || e.cause?.code === '23505';
}
