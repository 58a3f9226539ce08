import { translate, type ApiError } from '@stod/domain';
import { ApiRequestError } from '@stod/web-client';
import { currentLocale } from '../i18n/index.ts';

/**
 * The API's error behind what a query or mutation threw. Fetchers answer `[data, error]` pairs
 * (spec §7) and the hooks unwrap them, so anything else thrown is a fault of the app itself: it
 * is shown as the generic error.
 */
export function apiErrorOf(error: unknown): ApiError {
  if (error instanceof ApiRequestError) return error.apiError;
  return { statusCode: 0, code: 'CLIENT', message: translate('error.generic', currentLocale()) };
}
